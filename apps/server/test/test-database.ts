import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { PGLITE_EXTENSIONS, wrapPglite, wrapPgPool, type Database } from '../src/db/client';
import { withDatabase } from './global-setup';

/** Which database the suites run on: PGlite by default, PostgreSQL in the '-pg' projects. */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * A fresh, migrated, empty database for one test file: a copy of the run's migrated PGlite, or a
 * new PostgreSQL database made from the migrated template. close() releases (and drops) it.
 */
export async function createTestDatabase(kind = testDatabaseKind()): Promise<Database> {
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const name = `${inject('pgDatabasePrefix')}${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplateDatabase')}`);
    await admin.end();
    const pool = new pg.Pool({ connectionString: withDatabase(url, name), max: 20 });
    const database = wrapPgPool(pool);
    return {
      ...database,
      close: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteDumpPath'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
  return wrapPglite(client);
}
