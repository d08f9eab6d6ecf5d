import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;

/** End-to-end tests: the built app on a fresh seeded embedded database, in Debian's Chromium. */
export default defineConfig({
  testDir: './e2e',
  outputDir: '.tmp/test-results',
  fullyParallel: false,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    // Recording a trace costs every test screenshots and DOM snapshots at each step. CI retries a
    // failed test once and records that attempt; a developer's run (no retries) keeps failures' traces.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: `.tmp/e2e-data-${port}`,
      LOG_LEVEL: 'warn',
      E2E_TEST_HOOKS: 'true',
      // Every spec registers and signs in from 127.0.0.1: the default 20 a minute would answer 429.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Specs list and edit vehicles as fast as a script can: the hourly upload limit is lifted too.
      UPLOAD_RATE_LIMIT_PER_HOUR: '1000',
      NODE_ENV: 'production',
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'apps/web/dist',
    },
  },
});
