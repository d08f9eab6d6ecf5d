/**
 * npm run bench:rent — renting under load, on a throwaway PostgreSQL database.
 *
 * Creates a database on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * migrates it, builds the real app in this process and listens on 127.0.0.1 (random port). Then:
 *  1. Throughput: BENCH_CLIENTS (16) concurrent clients, each a funded user renting one day after the
 *     other on vehicles of its own (distinct vehicles: no date conflicts), for BENCH_SECONDS (10).
 *     Every rent is the full path: session, validation, wallet row lock, rental + days, ledger
 *     postings, escrow update, commit. Reports rents/s and p50/p99 latency.
 *  2. Contention: BENCH_FIGHTERS (50) clients rent the same 3 days of one vehicle at once,
 *     BENCH_ROUNDS (5) times on fresh days; reports the time until all have their answer and checks
 *     exactly one won each round.
 * Afterwards it verifies the ledger invariants and drops the database. Prints Markdown tables.
 */
import os from 'node:os';
import pg from 'pg';
import { wrapPgPool, type Database } from '../apps/server/src/db/client';
import { checkLedger } from '../apps/server/src/modules/wallet/ledger-invariants';
import { createUser, createVehicle, signIn } from '../apps/server/test/factories';
import { addDays, dayInTimeZone } from '../packages/domain/src/dates';
import { withBenchApp } from './support/bench-app';
import { fmt, loadAverage } from './support/markdown-table';
import { withThrowawayPostgres } from './support/throwaway-postgres';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const FIGHTERS = Number(process.env.BENCH_FIGHTERS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const VEHICLES_PER_CLIENT = 8;
const PG_DB_NAME = `rentdrive_bench_rent_${process.pid}`;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function fundedClient(database: Database, base: string) {
  const user = await createUser(database);
  const cookie = await signIn(database, user);
  const res = await fetch(`${base}/api/wallet/add-funds`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      amount: 10_000,
      cardHolderName: 'Bench',
      cardNumber: '4242424242424242',
      cvv: '123',
      expiryMonth: 12,
      expiryYear: 2035,
    }),
  });
  if (!res.ok) throw new Error(`top-up failed: ${res.status} ${await res.text()}`);
  return { user, cookie };
}

async function rentOnce(base: string, cookie: string, vehicleId: string, days: string[]): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${base}/api/rental/rent/${vehicleId}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ bookedDates: days }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

function openPool(databaseUrl: string): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  // Dropping the database at the end terminates connections still closing; that is expected.
  pool.on('error', () => {});
  return wrapPgPool(pool);
}

function run(databaseUrl: string) {
  return withBenchApp({ name: 'rent', databaseUrl, open: () => openPool(databaseUrl) }, async ({ config, database, listen }) => {
    const base = await listen();
    const today = dayInTimeZone(new Date(), config.timeZone);
    const owner = await createUser(database);

    // 1. Throughput on distinct vehicles.
    const clients = [];
    for (let i = 0; i < CLIENTS; i++) {
      const client = await fundedClient(database, base);
      const vehicles = [];
      for (let v = 0; v < VEHICLES_PER_CLIENT; v++)
        vehicles.push(await createVehicle(database, { ownerId: owner.id, pricePerDayCents: 100 }));
      clients.push({ ...client, vehicles });
    }
    const latencies: number[] = [];
    let failures = 0;
    const deadline = performance.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      clients.map(async (client) => {
        for (let n = 0; performance.now() < deadline; n++) {
          const vehicle = client.vehicles[n % VEHICLES_PER_CLIENT]!;
          const day = addDays(today, 1 + Math.floor(n / VEHICLES_PER_CLIENT));
          const result = await rentOnce(base, client.cookie, vehicle.id, [day]);
          if (result.status === 200) latencies.push(result.ms);
          else failures++;
        }
      }),
    );
    const elapsedS = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);

    // 2. Fifty clients fighting over the same days.
    const fighters = [];
    for (let i = 0; i < FIGHTERS; i++) fighters.push(await fundedClient(database, base));
    const contested = await createVehicle(database, { ownerId: owner.id, pricePerDayCents: 5_000 });
    const rounds: { ms: number; winners: number; conflicts: number }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const days = [0, 1, 2].map((d) => addDays(today, 1 + r * 3 + d));
      const t0 = performance.now();
      const results = await Promise.all(fighters.map((f) => rentOnce(base, f.cookie, contested.id, days)));
      rounds.push({
        ms: performance.now() - t0,
        winners: results.filter((x) => x.status === 200).length,
        conflicts: results.filter((x) => x.status === 409).length,
      });
    }

    const ledger = await checkLedger(database.db);
    return { latencies, failures, elapsedS, rounds, ledger };
  });
}

await withThrowawayPostgres(PG_DB_NAME, async (databaseUrl, admin) => {
  const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
  console.log(`bench:rent — PostgreSQL ${version}, ${os.cpus().length} CPUs, Node ${process.version}`);
  console.log(`load average (1/5/15 min) before: ${loadAverage()}`);
  const result = await run(databaseUrl);
  console.log(`load average (1/5/15 min) after: ${loadAverage()}`);
  const { latencies, failures, elapsedS, rounds, ledger } = result;
  console.log(`\n| Scenario | Rents/s | p50 (ms) | p99 (ms) | Rents | Failed |`);
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(
    `| ${CLIENTS} clients, distinct vehicles, ${SECONDS} s | ${fmt(latencies.length / elapsedS)} | ${fmt(percentile(latencies, 50), 1)} | ${fmt(percentile(latencies, 99), 1)} | ${fmt(latencies.length)} | ${fmt(failures)} |`,
  );
  const times = rounds.map((r) => r.ms).sort((a, b) => a - b);
  console.log(`\n| Scenario | Rounds | Median (ms) | Slowest (ms) | Winners per round | 409s per round |`);
  console.log('|---|---:|---:|---:|---|---|');
  console.log(
    `| ${FIGHTERS} clients, same 3 days of one vehicle | ${rounds.length} | ${fmt(percentile(times, 50), 0)} | ${fmt(times[times.length - 1] ?? 0, 0)} | ${rounds.map((r) => r.winners).join(', ')} | ${rounds.map((r) => r.conflicts).join(', ')} |`,
  );
  const consistent =
    ledger.unbalancedTransactions.length === 0 &&
    ledger.mismatchedAccounts.length === 0 &&
    ledger.negativeWallets.length === 0 &&
    ledger.totalCents === 0 &&
    ledger.unattributedPostings.length === 0 &&
    ledger.mismatchedWithdrawable.length === 0 &&
    ledger.mismatchedCardFunds.length === 0 &&
    ledger.mismatchedBuckets.length === 0;
  console.log(
    `\nLedger after the run: ${consistent ? 'consistent (every transaction sums to zero, balances equal postings, none negative, every wallet posting attributed to earned or card money)' : JSON.stringify(ledger)}`,
  );
  if (!consistent || rounds.some((r) => r.winners !== 1)) process.exitCode = 1;
});
