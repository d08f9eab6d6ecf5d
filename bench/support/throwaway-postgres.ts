import pg from 'pg';

/** The PostgreSQL server the benchmarks create their throwaway databases on. */
export const BENCH_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The same server URL pointing at another database. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface ThrowawayPostgresOptions {
  adminUrl?: string;
  /** Wait this long before dropping, so an app's pool can finish closing its sockets first. */
  settleMs?: number;
}

/**
 * Creates database `name` (dropping a leftover of the same name first), runs `run` with its URL and
 * the admin connection, and drops it afterwards whatever happened.
 */
export async function withThrowawayPostgres<T>(
  name: string,
  run: (url: string, admin: pg.Client) => Promise<T>,
  { adminUrl = BENCH_ADMIN_URL, settleMs = 0 }: ThrowawayPostgresOptions = {},
): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  try {
    return await run(withDatabase(adminUrl, name), admin);
  } finally {
    if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
