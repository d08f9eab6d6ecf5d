import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS, wrapPglite, wrapPgPool } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    pgTemplateDatabase: string;
  }
}

export const PG_TEMPLATE_DB = 'rentdrive_test_template';

/**
 * Once per run: one migrated PGlite, dumped to a file each test file loads (a fresh initdb costs
 * seconds), and, when TEST_DATABASE_URL is set, a migrated template database on the PostgreSQL server
 * each test file copies.
 */
export default async function setup(project: TestProject) {
  const dir = path.resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const dumpPath = path.join(dir, `pglite-migrated-${process.pid}.tar.gz`);
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database = wrapPglite(client);
  await database.migrate();
  const dump = await client.dumpDataDir('gzip');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteDumpPath', dumpPath);

  const url = process.env.TEST_DATABASE_URL;
  project.provide('pgTemplateDatabase', PG_TEMPLATE_DB);
  if (url && project.name.endsWith('-pg')) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
    // Leftover per-file databases of an interrupted earlier run.
    const stale = await admin.query(`select datname from pg_database where datname like 'rentdrive_t_%'`);
    for (const row of stale.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
    await admin.query(`create database ${PG_TEMPLATE_DB}`);
    await admin.end();
    const templateUrl = withDatabase(url, PG_TEMPLATE_DB);
    const pool = new pg.Pool({ connectionString: templateUrl, max: 1 });
    await wrapPgPool(pool).migrate();
    await pool.end();
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
