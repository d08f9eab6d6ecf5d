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
 * A cheap fingerprint of everything stored: per table, its row count and the sum of a hash of every
 * row (so an update shows too), plus the files under the upload directory.
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
  return async () => {
    const result = await rows<{ name: string; n: string; h: string }>(database, query);
    const files = listFiles(uploadDir);
    return [...result.map((r) => `${r.name}:${r.n}:${r.h}`), `files:${files.join(',')}`].join('\n');
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
