#!/usr/bin/env node
// The production artifact starts: plain node on apps/server/dist (built by `npm run build`), on a
// fresh embedded database, until /api/ready answers 200 and a search answers 200; then an upload
// goes through the image worker process (dist/image-worker.js, at nice 19), which is gone again once
// the server has stopped. Exit 0 or 1. SMOKE_PORT picks the port (default: any free one).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-smoke-'));
const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: process.env.SMOKE_PORT ?? '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const deadline = Date.now() + 120_000;
let ok = false;
let workerPid;

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The server's child processes running the image worker (Linux: /proc). */
function imageWorkers(pid) {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
    readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  return children.filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('image-worker.js');
    } catch {
      return false;
    }
  });
}

/**
 * A signed-in user sends a vehicle with one PNG and no vehicle type (the fresh database has no
 * catalogue): the image is decoded and re-encoded first, the fields refused after, so a 400 naming
 * fields but not the images means the worker did its part; a dead worker answers 503.
 */
async function uploadThroughWorker(base) {
  const password = 'SmokePassw0rd';
  const register = await fetch(`${base}/api/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'smoke', email: 'smoke@example.com', password, comfirmedPassword: password }),
  });
  if (!register.ok) throw new Error(`register answered ${register.status}`);
  const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0];
  // A 2x2 RGB PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAE0lEQVQImWP4z8DwnwGM/zMwAAAf7gP9qS/A4gAAAABJRU5ErkJggg==',
    'base64',
  );
  const form = new FormData();
  form.append('Make', 'Skoda');
  form.append('Images', new Blob([png], { type: 'image/png' }), 'photo.png');
  const response = await fetch(`${base}/api/vehicle/create`, { method: 'POST', headers: { cookie }, body: form });
  const body = await response.json();
  const fields = Object.keys(body.errors ?? {}).map((key) => key.toLowerCase());
  if (response.status !== 400 || fields.length === 0 || fields.includes('images')) {
    throw new Error(`the upload answered ${response.status}: ${JSON.stringify(body)}`);
  }
  if (!existsSync('/proc/self/task')) return 'the upload went through the image worker';
  const [pid] = imageWorkers(child.pid);
  if (!pid) throw new Error('no image worker process after an upload');
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const statFields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const nice = Number(statFields[16]);
  const policy = Number(statFields[38]) === 5 ? 'SCHED_IDLE' : `policy ${statFields[38]}`;
  if (nice !== 19) throw new Error(`the image worker runs at nice ${nice}, not 19`);
  workerPid = pid;
  return `the upload went through the image worker (pid ${pid}, nice ${nice}, ${policy})`;
}
try {
  const base = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const match = /listening at (http:\/\/[\d.]+:\d+)/i.exec(text);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the compiled server exited with ${code}`)));
  });
  while (Date.now() < deadline) {
    const ready = await fetch(`${base}/api/ready`).catch(() => null);
    if (ready?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const search = await fetch(`${base}/api/vehicle/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  if (search.status !== 200) throw new Error(`search answered ${search.status}`);
  console.log(`compiled server: ready and answering at ${base}; ${await uploadThroughWorker(base)}`);
  ok = true;
} catch (error) {
  console.error(`compiled server: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
  rmSync(dataDir, { recursive: true, force: true });
  // The server's close hook stops its worker; one still running would be an orphan.
  if (workerPid !== undefined) {
    for (let i = 0; i < 50 && isAlive(workerPid); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    if (isAlive(workerPid)) {
      console.error(`compiled server: its image worker ${workerPid} outlived it`);
      process.kill(workerPid, 'SIGKILL');
      ok = false;
    }
  }
}
process.exit(ok ? 0 : 1);
