import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOverrides, type BuildAppOptions } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config/env';
import type { Database } from '../src/db/client';
import { ManualClock } from '../src/lib/clock';
import { createNotificationsService, type NotificationsService } from '../src/modules/notifications/notifications.service';
import { createTestDatabase } from './test-database';
import { testHookRoutes } from './test-hooks';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment overrides, as strings, e.g. { AUTH_RATE_LIMIT_PER_MINUTE: '3' }. */
  env?: Record<string, string>;
  clockStart?: string;
  /** Test doubles and tuning passed to buildApp (a payment gateway, chat limits, realtime timeouts). */
  overrides?: AppOverrides;
  database?: Database;
  /** Routes or hooks of the test's own, registered with the app's routes (a hook that holds an API answer back). */
  extraRoutes?: BuildAppOptions['extraRoutes'];
}

/**
 * The apps of the test file that is running. The server files share a worker and its modules
 * (vitest.config.ts, `isolate: false`), so an app a file leaves open (a failed afterAll, or a beforeAll
 * that timed out while the app was still being built) would run its jobs and hold its database on into
 * the next files: the setup file (test/setup-file.ts) closes what is left when a file ends.
 */
const openApps = new Set<TestApp>();
let filesEnded = 0;

/** Closes the apps the ending test file left open; an app still being built closes once it is ready. */
export async function closeLeftoverTestApps(): Promise<void> {
  filesEnded++;
  const leftovers = [...openApps];
  openApps.clear();
  await Promise.allSettled(leftovers.map((t) => t.close()));
}

/** The real app on a fresh database with a manual clock; call close() in afterAll. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const file = filesEnded;
  const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'rentdrive-uploads-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: uploadDir,
    UPLOAD_DIR: uploadDir,
    WEB_DIST_DIR: path.join(uploadDir, 'no-web-build'),
    SEED_DEMO_DATA: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    // The manual clock stands still, so an hourly window never empties within a test file.
    UPLOAD_RATE_LIMIT_PER_HOUR: '1000',
    ...options.env,
  });
  const database = options.database ?? (await createTestDatabase());
  const clock = new ManualClock(options.clockStart);
  const hooks = testHookRoutes(config);
  const extraRoutes: BuildAppOptions['extraRoutes'] = (app, services) => {
    hooks?.(app, services);
    options.extraRoutes?.(app, services);
  };
  const app = await buildApp({ config, database, clock, overrides: options.overrides, extraRoutes });
  await app.ready();
  let closing: Promise<void> | undefined;
  const testApp: TestApp = {
    app,
    database,
    clock,
    config,
    close() {
      openApps.delete(testApp);
      closing ??= (async () => {
        await app.close();
        await database.close();
        rmSync(uploadDir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
  if (file !== filesEnded) {
    await testApp.close();
    throw new Error('The test file ended before its app was ready (a hook timed out); the app was closed.');
  }
  openApps.add(testApp);
  return testApp;
}

/** Notifications stored but pushed nowhere, for a service a test builds by hand (no hub). */
export function quietNotifications(t: TestApp): NotificationsService {
  return createNotificationsService({
    db: t.database.db,
    clock: t.clock,
    push: () => {},
    onError: (error) => {
      throw error;
    },
  });
}
