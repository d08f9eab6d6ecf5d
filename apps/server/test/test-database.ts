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
  const client = idle.pop() ?? (await loadMigratedPglite());
  return wrapPglite(reusedOnClose(client));
}

/**
 * PGlite copies are reused within a worker (issue 23): loading the run's migrated dump costs about
 * 0.75 s of CPU per database (PostgreSQL's start-up inside PGlite), emptying one about 0.08 s, and the
 * server project opens about a hundred. When a file closes its database, the instance is emptied
 * (every table of the migrations truncated with triggers off, the rows the migrations insert put
 * back, sequences restarted, the runtime's own schemas such as pg-boss's dropped, the session's
 * settings, listeners and locks discarded) and kept for the next file of the worker, but only when
 * its catalogue then matches the freshly loaded one exactly (schemas, tables, columns, indexes,
 * constraints, functions, triggers, sequence positions): a file that changed the schema leaves a
 * database nobody reuses.
 */
const idle: PGlite[] = [];
const KEEP_IDLE = 2;
interface Pristine {
  catalogue: string;
  /** The rows the migrations inserted, as JSON per table. */
  rows: Map<string, string>;
  /** Where each sequence of the public schema stood (null: never used). */
  sequences: Map<string, string | null>;
}
let pristine: Promise<Pristine> | undefined;

async function loadMigratedPglite(): Promise<PGlite> {
  const dump = readFileSync(inject('pgliteDumpPath'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
  pristine ??= describePristine(client);
  await pristine;
  return client;
}

/** What a freshly loaded copy holds. */
async function describePristine(client: PGlite): Promise<Pristine> {
  const rows = new Map<string, string>();
  for (const table of await publicTables(client)) {
    const result = await client.query<{ rows: string | null }>(`select json_agg(t)::text as rows from public."${table}" t`);
    const json = result.rows[0]?.rows;
    if (json) rows.set(table, json);
  }
  const sequences = await client.query<{ name: string; at: string | null }>(
    `select sequencename as name, last_value::text as at from pg_sequences where schemaname = 'public'`,
  );
  return { catalogue: await catalogueOf(client), rows, sequences: new Map(sequences.rows.map((s) => [s.name, s.at])) };
}

async function publicTables(client: PGlite): Promise<string[]> {
  const result = await client.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`);
  return result.rows.map((row) => row.name);
}

/** Everything a test could have added or changed in the schema, and where each sequence stands. */
async function catalogueOf(client: PGlite): Promise<string> {
  const user = `not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`;
  const queries = [
    `select n.nspname from pg_namespace n where n.nspname ${user}`,
    `select n.nspname, c.relname, c.relkind, a.attname, a.atttypid, a.attnotnull, pg_get_expr(d.adbin, d.adrelid)
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum where n.nspname ${user}`,
    `select conrelid::regclass::text, conname, pg_get_constraintdef(oid) from pg_constraint where connamespace in (select oid from pg_namespace n where n.nspname ${user})`,
    `select n.nspname, p.proname, md5(p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname ${user}`,
    `select tgrelid::regclass::text, tgname, tgenabled from pg_trigger where not tgisinternal`,
    `select schemaname, sequencename, last_value from pg_sequences`,
    `select count(*) from drizzle.__drizzle_migrations`,
  ];
  const parts: string[] = [];
  for (const query of queries) {
    const result = await client.query<{ x: string }>(
      `select md5(coalesce(string_agg(q::text, '|' order by q::text), '')) as x from (${query}) q`,
    );
    parts.push(result.rows[0]?.x ?? '');
  }
  return parts.join(' ');
}

/** Empties a copy back to what the dump held; false when it cannot be made the same again. */
async function emptyForReuse(client: PGlite): Promise<boolean> {
  const { catalogue, rows, sequences } = await pristine!;
  const schemas = await client.query<{ name: string }>(
    `select nspname as name from pg_namespace where nspname not in ('public', 'drizzle', 'pg_catalog', 'information_schema') and nspname not like 'pg_%'`,
  );
  const tables = await publicTables(client);
  await client.exec('discard all');
  await client.transaction(async (tx) => {
    await tx.exec('set local session_replication_role = replica');
    for (const { name } of schemas.rows) await tx.exec(`drop schema "${name}" cascade`);
    if (tables.length) await tx.exec(`truncate ${tables.map((t) => `public."${t}"`).join(', ')} restart identity cascade`);
    for (const [table, json] of rows)
      await tx.query(`insert into public."${table}" select * from json_populate_recordset(null::public."${table}", $1::json)`, [json]);
    for (const [name, at] of sequences) {
      if (at === null) await tx.exec(`alter sequence public."${name}" restart`);
      else await tx.query(`select setval('public."${name}"', $1::bigint, true)`, [at]);
    }
  });
  return (await catalogueOf(client)) === catalogue;
}

/**
 * The copy as the app sees it, except that closing it empties it for the next file instead. Once
 * closed it refuses every query, as a closed PGlite does (a test closes the database under a running
 * app to see it answer 503), and a job of the closed app can no longer reach the next file's data.
 */
function reusedOnClose(client: PGlite): PGlite {
  let closed = false;
  const refuse = () => Promise.reject(new Error('PGlite is closed'));
  const close = async () => {
    if (closed) return;
    closed = true;
    const reusable = idle.length < KEEP_IDLE && (await emptyForReuse(client).catch(() => false));
    if (reusable) idle.push(client);
    else await client.close();
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === 'close') return close;
      if (property === 'closed') return closed || target.closed;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return closed ? refuse : (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
}
