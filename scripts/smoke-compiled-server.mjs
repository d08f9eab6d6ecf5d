#!/usr/bin/env node
// The production artifact starts: plain node on apps/server/dist (built by `npm run build`), on a
// fresh embedded database, until /api/ready answers 200 and a search answers 200. Exit 0 or 1.
// SMOKE_PORT picks the port (default: any free one).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
  ok = search.status === 200;
  console.log(ok ? `compiled server: ready and answering at ${base}` : `compiled server: search answered ${search.status}`);
} catch (error) {
  console.error(`compiled server: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
