/**
 * npm run bench:uploads — sign-in latency while vehicle images are being decoded and re-encoded.
 *
 * Builds the real app in this process on a throwaway PostgreSQL database (BENCH_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432), listens on 127.0.0.1 (random port), and drives it
 * from a child process (its own event loop and thread pool, so the clients do not compete with the
 * server for them):
 *   idle:    one client signs in over and over for BENCH_SECONDS (default 20); p50/p95/p99.
 *   loaded:  the same, while BENCH_UPLOADERS (default 4) clients each send, one after another,
 *            vehicle creations carrying 15 maximal images (PNG 7000x7000, one colour, compressed
 *            small: the most pixels per byte the upload limits let through).
 * The loaded run happens twice: with the default limits (pixel budget per request, upload rate) and,
 * last, with the upload limits lifted (every image decoded: the image pool alone protects sign-in).
 * The login rate limits are lifted for the run. Prints a Markdown table; the figures go into
 * docs/performance.md by hand.
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Database } from '../apps/server/src/db/client';
import { vehicleTypeCategories, vehicleTypes } from '../apps/server/src/db/schema/index';
import { withBenchApp } from './support/bench-app';
import { fmt, loadAverage } from './support/markdown-table';
import { withThrowawayPostgres } from './support/throwaway-postgres';
import type { LoadRequest, LoadResult } from './support/upload-load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const UPLOADERS = Number(process.env.BENCH_UPLOADERS ?? 4);
/** IMAGE_WORKER for the app: 'process' (the default, a child process at nice 19) or 'inline', to compare. */
const IMAGE_WORKER = process.env.IMAGE_WORKER ?? 'process';
const PG_DB_NAME = `rentdrive_bench_uploads_${process.pid}`;

const LIFTED = {
  AUTH_RATE_LIMIT_PER_MINUTE: '1000000000',
  LOGIN_LOCK_AFTER_FAILURES: '1000000000',
};
const UPLOAD_LIMITS_LIFTED = {
  UPLOAD_MAX_MEGAPIXELS_PER_REQUEST: '100000',
  UPLOAD_RATE_LIMIT_PER_HOUR: '1000000000',
  MAX_VEHICLES_PER_USER: '0',
};

async function addCatalogue(database: Database): Promise<{ typeId: number; categoryId: number }> {
  const [type] = await database.db.insert(vehicleTypes).values({ name: 'Car' }).returning({ id: vehicleTypes.id });
  const [category] = await database.db
    .insert(vehicleTypeCategories)
    .values({ name: 'Estate', description: 'Bench', vehicleTypeId: type!.id })
    .returning({ id: vehicleTypeCategories.id });
  return { typeId: type!.id, categoryId: category!.id };
}

function runLoad(request: LoadRequest): Promise<LoadResult> {
  const child = fork(fileURLToPath(new URL('./support/upload-load.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (result) => {
      resolve(result as LoadResult);
      child.kill();
    });
    child.once('error', reject);
    child.once('exit', (code) => (code ? reject(new Error(`load process exited with ${code}`)) : undefined));
    child.send(request);
  });
}

interface Row {
  run: string;
  result: LoadResult;
}

async function benchRun(label: string, env: Record<string, string>, uploaders: number, databaseUrl: string): Promise<Row> {
  return withBenchApp({ name: 'uploads', databaseUrl, env: { ...LIFTED, IMAGE_WORKER, ...env } }, async ({ database, listen }) => {
    const catalogue = await addCatalogue(database);
    const base = await listen();
    const result = await runLoad({ base, seconds: SECONDS, uploaders, ...catalogue });
    return { run: label, result };
  });
}

function printTable(rows: Row[]): void {
  console.log(
    '\n| Run | Logins | Login p50 (ms) | Login p95 (ms) | Login p99 (ms) | Upload requests (2xx / 4xx) | Images accepted | Failed logins |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const { run, result: r } of rows) {
    console.log(
      `| ${run} | ${fmt(r.logins)} | ${fmt(r.p50, 1)} | ${fmt(r.p95, 1)} | ${fmt(r.p99, 1)} | ${fmt(r.uploadsOk)} / ${fmt(r.uploadsRefused)} | ${fmt(r.imagesAccepted)} | ${fmt(r.loginFailures)} |`,
    );
  }
}

console.log(
  `bench:uploads — ${SECONDS} s per run, ${UPLOADERS} uploaders x 15 images of 7000x7000, ${os.cpus().length} CPUs, Node ${process.version}, IMAGE_WORKER=${IMAGE_WORKER}`,
);
console.log(`load average (1/5/15 min) before: ${loadAverage()}`);
// Each run on a database of its own: a previous run's vehicles and sessions do not weigh on the next.
// The run with the limits lifted goes last: its uploads are still being decoded when its 20 s end
// (the image pool is the process's), and they would weigh on whatever ran after them.
const runs: [string, Record<string, string>, number][] = [
  ['idle', UPLOAD_LIMITS_LIFTED, 0],
  [`${UPLOADERS} uploaders, default upload limits`, {}, UPLOADERS],
  [`${UPLOADERS} uploaders, upload limits lifted`, UPLOAD_LIMITS_LIFTED, UPLOADERS],
];
const rows: Row[] = [];
for (const [i, [label, env, uploaders]] of runs.entries()) {
  rows.push(await withThrowawayPostgres(`${PG_DB_NAME}_${i}`, (url) => benchRun(label, env, uploaders, url), { settleMs: 500 }));
}
console.log(`load average (1/5/15 min) after: ${loadAverage()}`);
printTable(rows);
const idle = rows[0]!.result.p95;
for (const row of rows.slice(1)) console.log(`${row.run}: login p95 ${fmt(row.result.p95 / idle, 2)}x idle`);
