import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The typed client every repository takes; the same type for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the client or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** Whether the database answers a trivial query. */
  ping(): Promise<boolean>;
  /**
   * Runs a statement that is sent very often as a named prepared statement on PostgreSQL (parsed
   * and planned once per pooled connection instead of on every call); a plain query on PGlite.
   * `text` must be the same for a given name.
   */
  queryPrepared(name: string, text: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Extensions PGlite must load at start; PostgreSQL gets them from the migrations. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    queryPrepared: async (_name, text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}

export function wrapPgPool(pool: pg.Pool): Database {
  // An idle pooled connection can be ended by the server (restart, failover, an administrator
  // command). pg.Pool reports that as an 'error' event, which would crash the process without a
  // listener; the pool has already discarded that client and the next query opens a new one.
  // Queries in flight fail on their own and reach their callers.
  pool.on('error', () => {});
  const typed = drizzlePg(pool, { schema });
  return {
    db: typed as unknown as Db,
    kind: 'postgres',
    queryPrepared: async (name, text, params) => (await pool.query<Record<string, unknown>>({ name, text, values: params })).rows,
    migrate: () => migratePg(typed, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; undefined means in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    return wrapPgPool(pool);
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
  return wrapPglite(client);
}
