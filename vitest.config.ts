import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { i18nPlugins } from './apps/web/vite-i18n';

/**
 * Projects: 'unit' (pure code), 'server' (route and service suites on PGlite), 'server-pg' (the same
 * suites plus PostgreSQL-only ones, when TEST_DATABASE_URL is set) and 'web' (components in jsdom).
 */
const serverSuites = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
/**
 * Every project shares one module cache per worker (`isolate: false`): a worker imports the app
 * (Fastify, Drizzle, the AWS SDK, React, Testing Library, the catalogues...) once, not once per test
 * file in a new process. Measured on 12 server files: 106 s of CPU isolated, 67 s shared; 16 web files
 * 38 s and 16 s (docs/performance.md, "Test suite"). It holds because every server file builds its own
 * app on its own database copy and closes it in afterAll, the server keeps no module state a test reads
 * (metrics live in each app's registry), and the web setup file resets timers, stubs and storage after
 * each file. A new test file must leave nothing behind either: close what it opens, restore what it
 * stubs.
 */
const shared = { isolate: false } as const;

export default defineConfig({
  test: {
    // Two cores: more workers only thrash (each server worker holds a PGlite instance).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          ...shared,
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          ...shared,
          include: serverSuites,
          exclude: ['**/*.pg-only.test.ts', '**/node_modules/**'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/setup-file.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TEST_DB_KIND: 'pglite' },
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-pg',
                ...shared,
                // Pure protocol/lib tests need no second run: only suites that touch a database.
                include: ['apps/server/src/modules/**/*.test.ts', 'apps/server/src/realtime/**/*.int.test.ts'],
                environment: 'node',
                globalSetup: ['apps/server/test/global-setup.ts'],
                setupFiles: ['apps/server/test/setup-file.ts'],
                testTimeout: 60_000,
                hookTimeout: 60_000,
                env: { TEST_DB_KIND: 'postgres' },
              },
            },
          ]
        : []),
      {
        plugins: [...i18nPlugins(), react()],
        test: {
          name: 'web',
          ...shared,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Form tests type into many fields; on a busy 2-core machine 5 s is too tight.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
