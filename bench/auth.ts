/**
 * npm run bench:auth — sign-in cost next to a trivial endpoint, on both databases.
 *
 * For each database (the embedded PGlite in a temp folder, then a throwaway PostgreSQL database on
 * BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432), builds the real app in this
 * process, listens on 127.0.0.1 (random port), adds 1,000 users, and measures with autocannon (load
 * generated in a worker thread) requests/s and p50/p99 latency of:
 *   POST /api/account/login   (argon2id verify + session insert)
 *   GET  /api/account/me      (session lookup + user + wallet balances)
 *   GET  /api/health          (no database: the framework's own ceiling)
 * BENCH_SECONDS (default 10) each, BENCH_CONNECTIONS (default 10). The login rate limit is lifted for
 * the run. Drops the PostgreSQL database and removes the temp folder at the end. Prints a Markdown table.
 */
import os from 'node:os';
import type { Database } from '../apps/server/src/db/client';
import { ledgerAccounts, users } from '../apps/server/src/db/schema/index';
import { hashPassword } from '../apps/server/src/modules/account/password';
import { withBenchApp } from './support/bench-app';
import { loadAverage, printEndpointTable } from './support/markdown-table';
import { runAutocannon, type EndpointRow } from './support/run-autocannon';
import { withThrowawayPostgres } from './support/throwaway-postgres';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EXTRA_USERS = 1_000;
const PASSWORD = 'BenchPassw0rd';
const PG_DB_NAME = `rentdrive_bench_auth_${process.pid}`;

async function addUsers(database: Database): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  const batch = Array.from({ length: EXTRA_USERS }, (_, i) => ({ username: `bench${i}`, email: `bench${i}@example.com`, passwordHash }));
  for (let i = 0; i < batch.length; i += 250) {
    const rows = await database.db
      .insert(users)
      .values(batch.slice(i, i + 250))
      .returning({ id: users.id });
    await database.db.insert(ledgerAccounts).values(rows.map((r) => ({ kind: 'wallet' as const, userId: r.id })));
  }
}

function measure(
  label: string,
  endpoint: string,
  options: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<EndpointRow> {
  return runAutocannon({
    database: label,
    endpoint,
    connections: CONNECTIONS,
    seconds: SECONDS,
    ...options,
    method: options.method ?? 'GET',
  });
}

function benchDatabase(label: string, databaseUrl: string | undefined): Promise<EndpointRow[]> {
  return withBenchApp({ name: 'auth', databaseUrl, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000000000' } }, async ({ database, listen }) => {
    await addUsers(database);
    const base = await listen();

    const register = await fetch(`${base}/api/account/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchuser', email: 'benchuser@example.com', password: PASSWORD, comfirmedPassword: PASSWORD }),
    });
    if (!register.ok) throw new Error(`register failed: ${register.status} ${await register.text()}`);
    const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0]!;
    const me = await fetch(`${base}/api/account/me`, { headers: { cookie } });
    if (!me.ok) throw new Error(`/me failed: ${me.status}`);

    const rows: EndpointRow[] = [];
    rows.push(
      await measure(label, 'POST /api/account/login', {
        url: `${base}/api/account/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ emailOrUsername: 'BenchUser', password: PASSWORD }),
      }),
    );
    rows.push(await measure(label, 'GET /api/account/me', { url: `${base}/api/account/me`, headers: { cookie } }));
    rows.push(await measure(label, 'GET /api/health', { url: `${base}/api/health` }));
    return rows;
  });
}

const rows: EndpointRow[] = [];
console.log(`bench:auth — ${SECONDS} s per endpoint, ${CONNECTIONS} connections, ${os.cpus().length} CPUs, Node ${process.version}`);
// Other work on the machine changes the figures a lot: the load average is printed with them.
console.log(`load average (1/5/15 min) before: ${loadAverage()}`);
rows.push(...(await benchDatabase('PGlite (embedded)', undefined)));
// Let the app's pool finish closing its sockets before the database goes away under them (without
// this pause the drop's termination message sometimes reached a pool socket still closing: a crash).
rows.push(...(await withThrowawayPostgres(PG_DB_NAME, (url) => benchDatabase('PostgreSQL', url), { settleMs: 500 })));

console.log(`load average (1/5/15 min) after: ${loadAverage()}`);
printEndpointTable(rows);
