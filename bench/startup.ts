/**
 * Start time and idle memory of the server, as an operator starts it. For each database mode
 * (the embedded default with demo data, and PostgreSQL) and each way of running (TypeScript through
 * tsx, as `npm run dev`; the compiled output, as `npm start`), it starts the server on a fresh data
 * folder or database (first start: migrations and demo data), stops it, starts it again on the same
 * data (a restart), and reports the seconds until /api/ready answers 200 and the resident memory
 * (VmRSS) after 5 idle seconds.
 *
 * Usage: npm run bench:startup [-- --runs tsx,dist --modes embedded,postgres]
 * The compiled run needs `npm run build:server` first. PostgreSQL: BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres); a throwaway database is made and dropped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const PORT = Number(process.env.BENCH_PORT ?? 47010);
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const IDLE_MS = 5_000;

function argList(name: string, fallback: string[]): string[] {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1]!.split(',') : fallback;
}

const COMMANDS: Record<string, string[]> = {
  tsx: ['--import', 'tsx', 'apps/server/src/server.ts'],
  dist: ['--enable-source-maps', 'apps/server/dist/server.js'],
};

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function waitReady(child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/api/ready`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function startOnce(run: string, env: Record<string, string>): Promise<{ readyS: number; rssMb: number }> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, COMMANDS[run]!, {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitReady(child);
    const readyS = (performance.now() - startedAt) / 1000;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { readyS, rssMb: rssMb(child.pid!) };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

async function withPostgres<T>(work: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_startup_${process.pid}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(BASE_URL);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const rows: string[] = [];
for (const mode of argList('modes', ['embedded', 'postgres'])) {
  for (const run of argList('runs', ['tsx', 'dist'])) {
    if (run === 'dist' && !existsSync('apps/server/dist/server.js')) {
      console.log('skipping the compiled run: run `npm run build:server` first');
      continue;
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-startup-'));
    try {
      const measure = async (env: Record<string, string>) => {
        const first = await startOnce(run, env);
        const again = await startOnce(run, env);
        rows.push(
          `| ${mode.padEnd(8)} | ${run.padEnd(4)} | ${first.readyS.toFixed(1)} s | ${first.rssMb.toFixed(0)} MB | ${again.readyS.toFixed(1)} s | ${again.rssMb.toFixed(0)} MB |`,
        );
        console.log(rows.at(-1));
      };
      if (mode === 'postgres') await withPostgres((url) => measure({ DATABASE_URL: url, DATA_DIR: dataDir }));
      else await measure({ DATA_DIR: dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
console.log('\n| Database | Run  | First start: ready | idle RSS | Restart: ready | idle RSS |');
console.log('| -------- | ---- | ------------------ | -------- | -------------- | -------- |');
for (const row of rows) console.log(row);
