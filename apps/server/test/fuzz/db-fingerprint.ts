import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';

/**
 * Tables a refused request may still touch by design: a signed-in request renews its session, a
 * refused sign-in is counted against its account (the per-account lock), and the server's own keys
 * (the device-cookie and request-fingerprint HMAC keys) are made on first use, which may be a request
 * that is then refused (a declined card still has its Idempotency-Key fingerprinted). They hold no
 * user data. The audit trail records some refusals on purpose (a sign-in refused by the account's
 * lock, issue 28). Every other table is compared.
 */
const MAY_CHANGE_ON_REFUSAL = new Set(['sessions', 'login_throttle', 'server_keys', 'audit_events']);

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the drivers (node-postgres, PGlite) type execute() apart; both answers carry `rows`.
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Write statements on the compared tables are counted (issue 23): a trigger after every insert,
 * update, delete or truncate adds a row to `fuzz_watch.writes` in the writer's own transaction, so a
 * committed write always raises the count and a rolled-back one never does. While the count stands
 * still nothing compared can have changed, and the fingerprint reuses the table part it computed last;
 * hashing every row of every table after each of the suite's thousands of refusals was most of the
 * file's time. The schema is not `public`, so the log is not itself fingerprinted.
 */
async function watchWrites(database: Database, tables: string[]): Promise<ReturnType<typeof sql>> {
  await database.db.execute(sql.raw('create schema if not exists fuzz_watch'));
  await database.db.execute(sql.raw('create table if not exists fuzz_watch.writes (at timestamptz not null default now())'));
  await database.db.execute(
    sql.raw(
      'create or replace function fuzz_watch.count_write() returns trigger language plpgsql as ' +
        '$$ begin insert into fuzz_watch.writes default values; return null; end $$',
    ),
  );
  for (const name of tables) {
    await database.db.execute(
      sql.raw(
        `create or replace trigger fuzz_watch_writes after insert or update or delete or truncate on "${name}" ` +
          'for each statement execute function fuzz_watch.count_write()',
      ),
    );
  }
  return sql.raw('select count(*)::text as n from fuzz_watch.writes');
}

/**
 * A cheap fingerprint of everything stored: per table, its row count and the sum of a hash of every
 * row (so an update shows too), plus the files under the upload directory. The rows are hashed again
 * only when a write was counted since the last time (see watchWrites).
 */
export async function createFingerprint(database: Database, uploadDir: string): Promise<() => Promise<string>> {
  const tables = (
    await rows<{ name: string }>(database, sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`)
  )
    .map((r) => r.name)
    .filter((name) => !MAY_CHANGE_ON_REFUSAL.has(name));
  const parts = tables.map(
    (name) => `select '${name}' as name, count(*)::text as n, coalesce(sum(hashtextextended(t::text, 0)), 0)::text as h from "${name}" t`,
  );
  const query = sql.raw(parts.join(' union all '));
  const writesQuery = await watchWrites(database, tables);
  let last: { writes: string; tables: string[] } | undefined;
  return async () => {
    // The count is read before the rows: a write landing in between makes the next count differ.
    const [counted] = await rows<{ n: string }>(database, writesQuery);
    const writes = counted?.n ?? '';
    if (last?.writes !== writes) {
      const result = await rows<{ name: string; n: string; h: string }>(database, query);
      last = { writes, tables: result.map((r) => `${r.name}:${r.n}:${r.h}`) };
    }
    const files = listFiles(uploadDir);
    return [...last.tables, `files:${files.join(',')}`].join('\n');
  };
}

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

/** The lines of two fingerprints that differ, for the failure message. */
export function fingerprintDiff(before: string, after: string): string {
  const a = new Set(before.split('\n'));
  const b = new Set(after.split('\n'));
  const gone = [...a].filter((line) => !b.has(line)).map((line) => `- ${line.slice(0, 200)}`);
  const came = [...b].filter((line) => !a.has(line)).map((line) => `+ ${line.slice(0, 200)}`);
  return [...gone, ...came].join('\n');
}
