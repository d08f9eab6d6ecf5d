import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
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
  /**
   * LISTENs on a channel: onNotify for each NOTIFY (delivered at its transaction's commit),
   * onState(true) once listening and onState(false) when the connection is lost (PostgreSQL: a
   * dedicated connection, outside the pool, that reconnects by itself every second until it
   * listens again). Resolves once the first attempt is done; the function it gives stops.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * Runs start-up work (migrations, demo data) while holding a database-wide lock, so instances
   * started together on one fresh PostgreSQL apply it once, one after another (a PostgreSQL
   * advisory lock held by a connection of its own; PGlite belongs to one process: no lock).
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` only if no other holder of `lockKey` (a bigint, as text) is running, in this process
   * or any instance on the same database; otherwise answers `{ acquired: false }` at once, without
   * waiting. PostgreSQL: a session advisory lock on a connection of its own, released when the work
   * ends or that connection is lost; PGlite belongs to one process: a lock in memory.
   */
  runAlone<T>(lockKey: string, work: () => Promise<T>): Promise<{ acquired: true; result: T } | { acquired: false }>;
  /** Statements sent so far, counted in the driver (PostgreSQL only: measurements and tests). */
  statementCount?(): number;
  /** The pool's connections (PostgreSQL only; the metrics endpoint reads it). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Told how long each statement took, in seconds (PostgreSQL only; set by the metrics, ADR 024). */
  onStatementDuration?: (seconds: number) => void;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  onState(isListening: boolean, error?: unknown): void;
}

/** The advisory lock instances take around migrations and demo data ('RentDrive' in ASCII). */
const STARTUP_LOCK_KEY = '5287030268417090';

/** A channel name as a quoted identifier (LISTEN takes no parameter). */
function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Extensions PGlite must load at start; PostgreSQL gets them from the migrations. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Listeners of one database: closing it ends them and tells each it is no longer listening, so a
 * search then asks the (closed) database and answers 503 rather than trusting a silent channel.
 */
function listenerRegistry() {
  const active = new Map<ListenHandlers, () => Promise<void>>();
  return {
    add(handlers: ListenHandlers, stop: () => Promise<void>): () => Promise<void> {
      active.set(handlers, stop);
      return async () => {
        active.delete(handlers);
        await stop();
      };
    },
    async closeAll(): Promise<void> {
      const entries = [...active];
      active.clear();
      for (const [handlers, stop] of entries) {
        await stop();
        handlers.onState(false, new Error('the database was closed'));
      }
    },
  };
}

/** Locks of one process, for the database only this process opens (PGlite). */
function inProcessLocks() {
  const held = new Set<string>();
  return async <T>(lockKey: string, work: () => Promise<T>): Promise<{ acquired: true; result: T } | { acquired: false }> => {
    if (held.has(lockKey)) return { acquired: false };
    held.add(lockKey);
    try {
      return { acquired: true, result: await work() };
    } finally {
      held.delete(lockKey);
    }
  };
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const listeners = listenerRegistry();
  const runAlone = inProcessLocks();
  return {
    db,
    kind: 'pglite',
    queryPrepared: async (_name, text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    withStartupLock: (work) => work(),
    runAlone,
    listen: async (channel, handlers) => {
      // In process: the channel cannot drop while the database is open.
      const stop = await client.listen(channel, (payload) => handlers.onNotify(payload));
      handlers.onState(true);
      return listeners.add(handlers, async () => {
        if (!client.closed) await stop().catch(() => undefined);
      });
    },
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      await listeners.closeAll();
      await client.close();
    },
  };
}

export function wrapPgPool(pool: pg.Pool): Database {
  // An idle pooled connection can be ended by the server (restart, failover, an administrator
  // command). pg.Pool reports that as an 'error' event, which would crash the process without a
  // listener; the pool has already discarded that client and the next query opens a new one.
  // Queries in flight fail on their own and reach their callers.
  pool.on('error', () => {});
  // Every statement of a pooled connection goes through its query method, transactions included.
  let statements = 0;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      statements++;
      const observe = database.onStatementDuration;
      const result = query(...args);
      if (observe && result instanceof Promise) {
        const startedAt = process.hrtime.bigint();
        const done = () => observe(Number(process.hrtime.bigint() - startedAt) / 1e9);
        result.then(done, done);
      }
      return result;
    }) as typeof client.query;
  });
  const typed = drizzlePg(pool, { schema });
  const listeners = listenerRegistry();
  const database: Database = {
    db: typed,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    queryPrepared: async (name, text, params) => (await pool.query<Record<string, unknown>>({ name, text, values: params })).rows,
    listen: async (channel, handlers) => listeners.add(handlers, await listenOnPostgres(pool, channel, handlers)),
    withStartupLock: async (work) => {
      const holder = new pg.Client(pool.options);
      holder.on('error', () => {}); // a lost lock connection fails the work's own queries or the unlock
      await holder.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await work();
      } finally {
        // Ending the session releases the lock too; the explicit unlock just does it first.
        await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
        await holder.end().catch(() => undefined);
      }
    },
    runAlone: async (lockKey, work) => {
      const holder = new pg.Client(pool.options);
      holder.on('error', () => {}); // a lost connection releases the lock; the work's own queries go through the pool
      await holder.connect();
      try {
        const { rows } = await holder.query<{ acquired: boolean }>('select pg_try_advisory_lock($1) as acquired', [lockKey]);
        if (!rows[0]?.acquired) return { acquired: false };
        try {
          return { acquired: true, result: await work() };
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [lockKey]).catch(() => undefined);
        }
      } finally {
        await holder.end().catch(() => undefined);
      }
    },
    statementCount: () => statements,
    migrate: () => migratePg(typed, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      await listeners.closeAll();
      await pool.end();
    },
  };
  return database;
}

/** LISTEN on a connection of its own (a pooled one would be handed to other queries), reconnecting. */
async function listenOnPostgres(pool: pg.Pool, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  let isStopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    if (isStopped) return;
    const client = new pg.Client({ ...pool.options, keepAlive: true });
    current = client;
    let hasFailed = false;
    const fail = (error: unknown) => {
      if (hasFailed) return;
      hasFailed = true;
      if (current === client) current = null;
      client.end().catch(() => undefined);
      if (isStopped) return;
      handlers.onState(false, error);
      retry = setTimeout(() => void connect(), 1_000);
      retry.unref();
    };
    client.on('error', fail);
    client.on('end', () => fail(new Error('the LISTEN connection ended')));
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdentifier(channel)}`);
      if (!hasFailed && !isStopped) handlers.onState(true);
    } catch (error) {
      fail(error);
    }
  }

  await connect();
  return async () => {
    isStopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
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
