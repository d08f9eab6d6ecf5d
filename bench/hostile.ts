/**
 * npm run bench:hostile — what one hostile request costs everybody else.
 *
 * Starts the real server in its own process (bench/chat-server.ts) on a throwaway PostgreSQL
 * database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432), adds one user with a
 * session, then for each hostile input of issue 21 (deep nesting, huge arrays, many keys, long
 * strings, many multipart parts, nested hub arguments):
 *   - a health probe asks GET /api/health every 10 ms on its own keep-alive connection, and its
 *     slowest answer while the hostile input is handled is recorded ("health max");
 *   - the hostile request is sent BENCH_REPEATS times (default 3) and the slowest time until it is
 *     answered is recorded ("refused in"), with its status and the rule its detail names.
 * A request not answered within BENCH_CASE_TIMEOUT_MS (default 20,000) is recorded as such and the
 * server is killed and started again (before the fix, 800 KB of nesting held the loop for minutes).
 * Targets (issue 21): health never above 100 ms, every refusal within 50 ms. Prints a Markdown table
 * for docs/performance.md (it writes no file).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { openDatabase } from '../apps/server/src/db/client';
import { sessions, users } from '../apps/server/src/db/schema/index';
import { SESSION_COOKIE } from '../apps/server/src/lib/session-user';
import { hashToken } from '../apps/server/src/modules/session/session.service';
import { fmt, loadAverage } from './support/markdown-table';
import { withThrowawayPostgres } from './support/throwaway-postgres';

const here = path.dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 4300 + (process.pid % 500));
const CASE_TIMEOUT_MS = Number(process.env.BENCH_CASE_TIMEOUT_MS ?? 20_000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const DB_NAME = `rentdrive_bench_hostile_${process.pid}`;
const BASE = `http://127.0.0.1:${PORT}`;
const RS = '\u001e';

interface HostileCase {
  name: string;
  /** Sends the input; resolves with the answer's status and detail (or throws on a timeout). */
  send: (cookie: string) => Promise<{ status: string; detail: string }>;
}

interface Row {
  name: string;
  /** Server CPU time while the case was handled, probes included (the slowest attempt's). */
  serverCpuMs: number | null;
  status: string;
  detail: string;
  refusedMs: number | null;
  healthMaxMs: number;
  healthProbes: number;
}

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

function startServer(databaseUrl: string): Promise<ChildProcess> {
  const child = fork(path.join(here, 'chat-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(PORT), DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.on('message', (message: { type: string }) => {
      if (message.type === 'ready') resolve(child);
    });
  });
}

/** The server's CPU time so far (user + system, ms), asked over IPC (bench/chat-server.ts answers). */
function serverCpuMs(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const listener = (message: { type: string; cpuMicros: number }) => {
      if (message.type !== 'memory') return;
      child.off('message', listener);
      resolve(message.cpuMicros / 1_000);
    };
    child.on('message', listener);
    child.send({ type: 'memory' });
  });
}

async function stopServer(child: ChildProcess, hard: boolean): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (hard) child.kill('SIGKILL');
  else child.send({ type: 'stop' });
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** One HTTP request on a fresh connection; answers status and problem detail. */
function request(
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<{ status: string; detail: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${BASE}${urlPath}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let detail = text.slice(0, 80);
        try {
          detail = String((JSON.parse(text) as { detail?: string }).detail ?? detail);
        } catch {
          // not JSON: the text's start
        }
        resolve({ status: String(res.statusCode), detail });
      });
    });
    req.setTimeout(CASE_TIMEOUT_MS, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

const json = (urlPath: string, body: string) => (cookie: string) =>
  request('POST', urlPath, { 'content-type': 'application/json', cookie }, body);

/** A multipart vehicle create with these text fields and one image of `imageBytes`. */
function multipart(fields: [string, string][], imageBytes: number) {
  return (cookie: string) => {
    const boundary = `----bench${randomBytes(8).toString('hex')}`;
    const parts: Buffer[] = fields.map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
    if (imageBytes > 0) {
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="Images"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        randomBytes(imageBytes),
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return request(
      'POST',
      '/api/vehicle/create',
      { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie },
      Buffer.concat(parts),
    );
  };
}

/** Signs into the hub over a WebSocket and sends `count` SendMessage invocations with `arg`; waits for the last answer. */
async function hubSend(cookie: string, arg: string, count: number): Promise<{ status: string; detail: string }> {
  const ws = new WebSocket(`${BASE.replace('http', 'ws')}/chat`, { headers: { cookie }, perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let buffer = '';
  let onRecord: (record: { type?: number; error?: string; invocationId?: string }) => void = () => {};
  ws.on('message', (data: Buffer) => {
    buffer += data.toString();
    let at: number;
    while ((at = buffer.indexOf(RS)) >= 0) {
      const record = JSON.parse(buffer.slice(0, at)) as { type?: number };
      buffer = buffer.slice(at + 1);
      onRecord(record);
    }
  });
  const handshake = new Promise<void>((resolve) => (onRecord = () => resolve()));
  ws.send(`{"protocol":"json","version":1}${RS}`);
  await handshake;
  const answered = new Promise<{ status: string; detail: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), CASE_TIMEOUT_MS);
    let answers = 0;
    onRecord = (record) => {
      if (record.type === 3 && ++answers === count) {
        clearTimeout(timer);
        resolve({ status: 'completion', detail: record.error ?? 'no error' });
      } else if (record.type === 7) {
        clearTimeout(timer);
        resolve({ status: 'close', detail: record.error ?? 'closed' });
      }
    };
    ws.once('close', () => {
      clearTimeout(timer);
      resolve({ status: 'close', detail: 'socket closed' });
    });
  });
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    ws.send(`{"type":1,"invocationId":"${i}","target":"SendMessage","arguments":[${arg}]}${RS}`);
  }
  try {
    const outcome = await answered;
    return { ...outcome, detail: `${outcome.detail} (${fmt(performance.now() - started)} ms for ${count})` };
  } finally {
    ws.terminate();
  }
}

// The largest nesting a 32 KB hub record holds next to the invocation's own text.
const HUB_NESTING = 16_000;
const BODY_LIMIT = 1_048_576;

const CASES: HostileCase[] = [
  { name: 'POST /api/contact, 400,000 `[` + `]` (800 KB)', send: json('/api/contact', nested(400_000)) },
  { name: 'POST /api/account/login, 80 KB of nesting', send: json('/api/account/login', nested(40_000)) },
  { name: 'POST /api/vehicle/search, 60 KB of nesting', send: json('/api/vehicle/search', nested(30_000)) },
  {
    name: 'POST /api/vehicle/search, nesting in a field (1 MB)',
    send: json('/api/vehicle/search', `{"properties":${nested((BODY_LIMIT - 20) / 2)}}`),
  },
  {
    name: 'POST /api/vehicle/search, array of 500,000 numbers',
    send: json('/api/vehicle/search', `{"makes":[${Array(500_000).fill('1').join(',')}]}`),
  },
  {
    name: 'POST /api/account/register, 60,000 keys',
    send: json('/api/account/register', `{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":1`).join(',')}}`),
  },
  {
    // Not the contact form again: its limit (5 a minute) would answer the later attempts 429.
    name: 'POST /api/account/register, a 1 MB username',
    send: json('/api/account/register', `{"username":"${'a'.repeat(BODY_LIMIT - 100)}","email":"a@b.example","password":"x"}`),
  },
  {
    name: 'GET /api/vehicle/search-vehicles, 8 KB query key `q[a][a]...`',
    send: (cookie) => request('GET', `/api/vehicle/search-vehicles?q${'[a]'.repeat(2_600)}=1`, { cookie }),
  },
  {
    name: 'POST /api/vehicle/create, `PropertyValues[500].Value` + 190 KB image',
    send: multipart([['PropertyValues[500].Value', '1']], 190_000),
  },
  {
    name: 'POST /api/vehicle/create, 5,000 multipart fields',
    send: multipart(
      Array.from({ length: 5_000 }, (_, i) => [`PropertyValues[${i % 100}].Value`, '1'] as [string, string]),
      0,
    ),
  },
  { name: 'hub SendMessage, 5 × 32 KB nested arguments', send: (cookie) => hubSend(cookie, nested(HUB_NESTING), 5) },
];

/** Asks /api/health every 10 ms on one keep-alive connection until stopped; answers the slowest. */
function probeHealth(): { stop: () => Promise<{ maxMs: number; probes: number }> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let stopped = false;
  let maxMs = 0;
  let probes = 0;
  let inFlightSince: number | null = null;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      inFlightSince = started;
      await new Promise<void>((resolve) => {
        const req = http.get(`${BASE}/api/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve());
        });
        req.on('error', () => resolve());
        req.setTimeout(CASE_TIMEOUT_MS + 5_000, () => req.destroy());
      });
      inFlightSince = null;
      maxMs = Math.max(maxMs, performance.now() - started);
      probes++;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      // A probe still unanswered counts for as long as it has waited.
      if (inFlightSince !== null) maxMs = Math.max(maxMs, performance.now() - inFlightSince);
      await Promise.race([loop, new Promise((resolve) => setTimeout(resolve, 1_000))]);
      agent.destroy();
      return { maxMs, probes };
    },
  };
}

async function run(databaseUrl: string): Promise<Row[]> {
  const database = await openDatabase({ databaseUrl, dataDir: os.tmpdir() });
  await database.migrate();
  const [user] = await database.db
    .insert(users)
    .values({ username: 'hostile', email: 'hostile@bench.example', passwordHash: 'unused' })
    .returning({ id: users.id });
  const token = randomBytes(32).toString('base64url');
  await database.db
    .insert(sessions)
    .values({ userId: user!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) });
  await database.close();
  const cookie = `${SESSION_COOKIE}=${token}`;

  const rows: Row[] = [];
  let server = await startServer(databaseUrl);
  for (const hostile of CASES) {
    let row: Row | undefined;
    for (let attempt = 0; attempt < REPEATS; attempt++) {
      // A warm-up health answer, then the probe runs through the whole case.
      await request('GET', '/api/health', {});
      const probe = probeHealth();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const cpuBefore = await serverCpuMs(server);
      const started = performance.now();
      let outcome: { status: string; detail: string };
      let refusedMs: number | null;
      try {
        outcome = await hostile.send(cookie);
        refusedMs = performance.now() - started;
      } catch (error) {
        outcome = { status: 'no answer', detail: (error as Error).message };
        refusedMs = null;
      }
      const cpuMs = refusedMs === null ? null : (await serverCpuMs(server)) - cpuBefore;
      await new Promise((resolve) => setTimeout(resolve, 50));
      const health = await probe.stop();
      console.log(
        `${hostile.name} #${attempt + 1}: ${outcome.status} in ${refusedMs === null ? '—' : fmt(refusedMs, 1)} ms, health max ${fmt(health.maxMs, 1)} ms`,
      );
      // The slowest of the attempts is the one reported.
      const slowest = row === undefined || refusedMs === null || (row.refusedMs !== null && refusedMs > row.refusedMs);
      row = {
        name: hostile.name,
        ...(slowest ? { ...outcome, refusedMs, serverCpuMs: cpuMs } : row!),
        healthMaxMs: Math.max(row?.healthMaxMs ?? 0, health.maxMs),
        healthProbes: (row?.healthProbes ?? 0) + health.probes,
      };
      if (refusedMs === null) {
        await stopServer(server, true);
        server = await startServer(databaseUrl);
        break; // a stalled input is not sent again
      }
    }
    rows.push(row!);
  }
  await stopServer(server, false);
  return rows;
}

console.log(`bench:hostile — ${os.cpus().length} CPUs, Node ${process.version}, case timeout ${fmt(CASE_TIMEOUT_MS)} ms`);
console.log(`load average (1/5/15 min) before: ${loadAverage()}`);
const rows = await withThrowawayPostgres(DB_NAME, run, { settleMs: 500 });
console.log(`load average (1/5/15 min) after: ${loadAverage()}`);
console.log(`\n| Hostile input | Answer | Detail | Refused in (ms, slowest of ${REPEATS}) | Server CPU (ms) | /api/health max (ms) |`);
console.log('|---|---|---|---:|---:|---:|');
for (const r of rows) {
  const refused = r.refusedMs === null ? `> ${fmt(CASE_TIMEOUT_MS)} (killed)` : fmt(r.refusedMs, 1);
  const health = r.refusedMs === null ? `> ${fmt(r.healthMaxMs)}` : fmt(r.healthMaxMs, 1);
  const cpu = r.serverCpuMs === null ? '—' : fmt(r.serverCpuMs, 1);
  console.log(`| ${r.name} | ${r.status} | ${r.detail.replaceAll('|', '\\|').slice(0, 90)} | ${refused} | ${cpu} | ${health} |`);
}
