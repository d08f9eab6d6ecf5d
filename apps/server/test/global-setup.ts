import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS, wrapPglite, wrapPgPool } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    pgTemplateDatabase: string;
    pgDatabasePrefix: string;
  }
}

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

  // Names carry this run's id, so two runs against one server (two developers, or CI beside a
  // developer) never drop each other's databases.
  const url = process.env.TEST_DATABASE_URL;
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const template = `rentdrive_tpl_${runId}`;
  const prefix = `rentdrive_t_${runId}_`;
  project.provide('pgTemplateDatabase', template);
  project.provide('pgDatabasePrefix', prefix);
  const removeDump = () => rmSync(dumpPath, { force: true });
  if (!url || !project.name.endsWith('-pg')) return removeDump;

  await adminQuery(url, [`create database ${template}`]);
  const pool = new pg.Pool({ connectionString: withDatabase(url, template), max: 1 });
  await wrapPgPool(pool).migrate();
  await pool.end();

  return async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const ours = await admin.query(`select datname from pg_database where datname like $1`, [`${prefix}%`]);
    for (const row of ours.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
    removeDump();
  };
}

async function adminQuery(url: string, statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
