import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/global-setup';
import { MIGRATIONS_DIR, wrapPgPool, type Database } from './client';

/**
 * Two instances starting at once on one fresh PostgreSQL database: each migrates under the start-up
 * lock, so the migrations run once, one instance after the other, and both start.
 */
const url = process.env.TEST_DATABASE_URL;

describe.runIf(Boolean(url))('start-up on a fresh PostgreSQL database (needs TEST_DATABASE_URL)', () => {
  const name = `${inject('pgDatabasePrefix')}${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const opened: Database[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url! });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
    const admin = new pg.Client({ connectionString: url! });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('applies every migration once when two instances migrate together, one after the other', async () => {
    const open = () => {
      const database = wrapPgPool(new pg.Pool({ connectionString: withDatabase(url!, name), max: 4 }));
      opened.push(database);
      return database;
    };
    const events: string[] = [];
    const start = (database: Database, who: string) =>
      database.withStartupLock(async () => {
        events.push(`${who} in`);
        await database.migrate();
        events.push(`${who} out`);
      });
    await Promise.all([start(open(), 'a'), start(open(), 'b')]);

    // One at a time: whoever went first was out before the other came in.
    expect([events.slice(0, 2), events.slice(2)].map((pair) => pair.map((e) => e.split(' ')[1]))).toEqual([
      ['in', 'out'],
      ['in', 'out'],
    ]);
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: withDatabase(url!, name) });
    await client.connect();
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    await client.end();
    expect(rows[0]!.n).toBe(journal.entries.length);
  });
});
