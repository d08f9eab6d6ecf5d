import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOverrides } from '../src/app';
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
}

/** The real app on a fresh database with a manual clock; call close() in afterAll. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
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
  const app = await buildApp({ config, database, clock, overrides: options.overrides, extraRoutes: testHookRoutes(config) });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
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
