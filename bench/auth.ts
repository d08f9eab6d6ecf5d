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
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { ledgerAccounts, users } from '../apps/server/src/db/schema/index';
import { hashPassword } from '../apps/server/src/modules/account/password';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EXTRA_USERS = 1_000;
const PASSWORD = 'BenchPassw0rd';
const PG_DB_NAME = `rentdrive_bench_auth_${process.pid}`;

interface Row {
  database: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function addUsers(database: Database): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  const batch = Array.from({ length: EXTRA_USERS }, (_, i) => ({ username: `bench${i}`, email: `bench${i}@example.com`, passwordHash }));
  for (let i = 0; i < batch.length; i += 250) {
    const rows = await database.db
      .insert(users)
      .values(batch.slice(i, i + 250))
      .returning({ id: users.id });
    await database.db.insert(ledgerAccounts).values(rows.map((r) => ({ kind: 'wallet', userId: r.id })));
  }
}

async function measure(
  label: string,
  endpoint: string,
  options: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<Row> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: CONNECTIONS,
    duration: SECONDS,
    workers: 1,
  });
  return {
    database: label,
    endpoint,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

async function benchDatabase(label: string, databaseUrl: string | undefined): Promise<Row[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rentdrive-bench-auth-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    UPLOAD_DIR: path.join(dir, 'uploads'),
    WEB_DIST_DIR: path.join(dir, 'no-web-build'),
    SEED_DEMO_DATA: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const app = await buildApp({ config, database });
  try {
    await addUsers(database);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no listening address');
    const base = `http://127.0.0.1:${address.port}`;

    const register = await fetch(`${base}/api/account/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchuser', email: 'benchuser@example.com', password: PASSWORD, comfirmedPassword: PASSWORD }),
    });
    if (!register.ok) throw new Error(`register failed: ${register.status} ${await register.text()}`);
    const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0]!;
    const me = await fetch(`${base}/api/account/me`, { headers: { cookie } });
    if (!me.ok) throw new Error(`/me failed: ${me.status}`);

    const rows: Row[] = [];
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
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function withThrowawayPostgres<T>(run: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${PG_DB_NAME} with (force)`);
  await admin.query(`create database ${PG_DB_NAME}`);
  try {
    return await run(withDatabase(ADMIN_URL, PG_DB_NAME));
  } finally {
    await admin.query(`drop database if exists ${PG_DB_NAME} with (force)`);
    await admin.end();
  }
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const rows: Row[] = [];
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
console.log(`bench:auth — ${SECONDS} s per endpoint, ${CONNECTIONS} connections, ${os.cpus().length} CPUs, Node ${process.version}`);
// Other work on the machine changes the figures a lot: the load average is printed with them.
console.log(`load average (1/5/15 min) before: ${load()}`);
rows.push(...(await benchDatabase('PGlite (embedded)', undefined)));
rows.push(...(await withThrowawayPostgres((url) => benchDatabase('PostgreSQL', url))));

console.log(`load average (1/5/15 min) after: ${load()}`);
console.log('\n| Database | Endpoint | Requests/s | p50 (ms) | p99 (ms) | Requests | Failed |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.database} | ${r.endpoint} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt(r.requests)} | ${fmt(r.failures)} |`,
  );
}
