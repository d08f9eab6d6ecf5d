import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig, type AppConfig } from '../../apps/server/src/config/env';
import { openDatabase, type Database } from '../../apps/server/src/db/client';

export interface BenchApp {
  config: AppConfig;
  database: Database;
  app: FastifyInstance;
  /** Listens on 127.0.0.1 (random port) and returns the base URL. */
  listen: () => Promise<string>;
}

export interface BenchAppOptions {
  /** Names the temp folder: rentdrive-bench-<name>-XXXXXX. */
  name: string;
  /** PostgreSQL URL; without it the embedded PGlite in the temp folder. */
  databaseUrl?: string;
  /** Extra environment for loadConfig (e.g. a lifted rate limit). */
  env?: Record<string, string>;
  /** Opens the database instead of openDatabase (e.g. a pg pool of a chosen size). */
  open?: (config: AppConfig) => Promise<Database> | Database;
}

/**
 * Builds the real app in this process on a migrated database (production mode, silent, no demo
 * data, no web build), runs `run`, then closes the app and the database and removes the temp folder.
 */
export async function withBenchApp<T>(options: BenchAppOptions, run: (bench: BenchApp) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `rentdrive-bench-${options.name}-`));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    UPLOAD_DIR: path.join(dir, 'uploads'),
    WEB_DIST_DIR: path.join(dir, 'no-web-build'),
    SEED_DEMO_DATA: 'false',
    ...options.env,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  });
  const database = options.open
    ? await options.open(config)
    : await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const app = await buildApp({ config, database });
  const listen = async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no listening address');
    return `http://127.0.0.1:${address.port}`;
  };
  try {
    return await run({ config, database, app, listen });
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
