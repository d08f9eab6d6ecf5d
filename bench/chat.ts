/**
 * npm run bench:chat — the chat hub under load.
 *
 * Creates BENCH_CONNECTIONS (default 2,000) users with sessions directly in a throwaway PostgreSQL
 * database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432), then for each scenario:
 *   1. starts the server(s) as child processes (bench/chat-server.ts, --expose-gc);
 *   2. measures each server's memory after a full GC, connects every user once over WebSockets
 *      (negotiate, then the socket, then the handshake), and measures again: the difference divided
 *      by the connections is the memory per idle connection;
 *   3. sends BENCH_RATE (default 500) SendMessage invocations per second between random pairs for
 *      BENCH_SECONDS (default 30) and records, for each message, the time from the invocation to
 *      its ReceiveMessage at the receiver (same clock: all clients live in this process);
 *   4. waits for stragglers, counts lost messages (sent and accepted, never received).
 * Scenarios: one instance; two instances sharing delivery and presence over Redis
 * (BENCH_REDIS_URL, default redis://127.0.0.1:6379), users spread over both, so about half the
 * messages cross instances. Then SSE and long-polling clients across two instances without
 * stickiness (BENCH_HTTP_CLIENTS, default 200, half of each; BENCH_HTTP_RATE messages/s, default
 * 100), so negotiate, stream, polls and sends land on different instances.
 * Two instances are behind Debian's nginx by default (bench/support/nginx.ts: round robin, no
 * stickiness, the configuration of docs/deployment.md) on BENCH_PORT + 2, every client connecting
 * through it (WebSockets without negotiation, as the web app does). BENCH_NGINX=0, or a machine
 * without nginx, falls back to client-side round robin: WebSocket users spread over the instances,
 * and each request of an SSE or long-polling client sent to the next instance in turn.
 * The load client's own CPU (this process, % of a core) is reported beside the servers': on a
 * shared machine both only get their share of the cores.
 * Prints a Markdown table for docs/performance.md (it writes no file).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { sessions, users } from '../apps/server/src/db/schema/index';
import { SESSION_COOKIE } from '../apps/server/src/lib/session-user';
import { hashToken } from '../apps/server/src/modules/session/session.service';
import { connectClient, type LoadClient } from './chat-clients';
import { connectHttpClient, type HttpLoadClient, type HttpTransport } from './chat-http-clients';
import { loadAverage } from './support/markdown-table';
import { nginxBinary, startNginx, type RunningNginx } from './support/nginx';
import { BENCH_ADMIN_URL, withDatabase } from './support/throwaway-postgres';

const here = path.dirname(fileURLToPath(import.meta.url));
const ADMIN_URL = BENCH_ADMIN_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2_000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const DB_NAME = `rentdrive_bench_chat_${process.pid}`;
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4300 + (process.pid % 500));
const HTTP_CLIENTS = Number(process.env.BENCH_HTTP_CLIENTS ?? 200);
const HTTP_RATE = Number(process.env.BENCH_HTTP_RATE ?? 100);
const USE_NGINX = process.env.BENCH_NGINX !== '0' && nginxBinary !== undefined;

interface BenchUser {
  id: string;
  cookie: string;
}

interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
}

interface Memory {
  cpuMicros: number;
  rss: number;
  heapUsed: number;
  external: number;
  connections: number;
}

interface Result {
  scenario: string;
  connections: number;
  sent: number;
  received: number;
  lost: number;
  duplicates: number;
  refused: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Server CPU during the load phase, in % of one core (summed over instances). */
  serverCpuPercent: number;
  /** This process's CPU (the load clients) during the load phase, in % of one core. */
  clientCpuPercent: number;
  rssPerConnectionKb: number;
  heapPerConnectionKb: number;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(ADMIN_URL);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function createUsers(database: Database): Promise<BenchUser[]> {
  const out: BenchUser[] = [];
  const expiresAt = new Date(Date.now() + 86_400_000);
  for (let start = 0; start < CONNECTIONS; start += 500) {
    const count = Math.min(500, CONNECTIONS - start);
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          username: `chat${start + i}`,
          email: `chat${start + i}@bench.example`,
          passwordHash: 'unused',
        })),
      )
      .returning({ id: users.id });
    const tokens = rows.map(() => randomBytes(32).toString('base64url'));
    await database.db.insert(sessions).values(rows.map((r, i) => ({ userId: r.id, tokenHash: hashToken(tokens[i]!), expiresAt })));
    rows.forEach((r, i) => out.push({ id: r.id, cookie: `${SESSION_COOKIE}=${tokens[i]}` }));
  }
  return out;
}

function startServer(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const child = fork(path.join(here, 'chat-server.ts'), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.on('message', (message: { type: string }) => {
      if (message.type === 'ready') resolve({ child, baseUrl: `http://127.0.0.1:${port}` });
    });
  });
}

function memoryOf(server: ServerProcess): Promise<Memory> {
  return new Promise((resolve) => {
    const listener = (message: Memory & { type: string }) => {
      if (message.type !== 'memory') return;
      server.child.off('message', listener);
      resolve(message);
    };
    server.child.on('message', listener);
    server.child.send({ type: 'memory' });
  });
}

async function stopServer(server: ServerProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.send({ type: 'stop' });
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Instances {
  servers: ServerProcess[];
  /** Where clients connect: the balancer when there is one, else each instance. */
  bases: string[];
  nginx?: RunningNginx;
}

/** The server processes, and with two or more nginx in front of them (unless BENCH_NGINX=0). */
async function startInstances(instances: number, env: Record<string, string>): Promise<Instances> {
  const servers = await Promise.all(Array.from({ length: instances }, (_, i) => startServer(BASE_PORT + i, env)));
  if (instances < 2 || !USE_NGINX) return { servers, bases: servers.map((s) => s.baseUrl) };
  const nginx = await startNginx({
    port: BASE_PORT + instances,
    upstreamPorts: servers.map((_, i) => BASE_PORT + i),
    // Each client connection holds two (client side, instance side).
    workerConnections: 2 * (CONNECTIONS + 2 * HTTP_CLIENTS) + 512,
  });
  console.log(`through nginx ${nginx.url} (pid ${nginx.pid}), round robin over ${instances} instances`);
  return { servers, bases: [nginx.url], nginx };
}

async function stopInstances({ servers, nginx }: Instances): Promise<void> {
  await nginx?.stop();
  await Promise.all(servers.map(stopServer));
}

/** This process's CPU time since `from`, in % of one core over `seconds`. */
function clientCpuSince(from: NodeJS.CpuUsage, seconds: number): number {
  const used = process.cpuUsage(from);
  return ((used.user + used.system) / 1e6 / seconds) * 100;
}

type SentMessages = Map<number, { atMs: number; receiverId: string }>;

/**
 * Sends `rate` messages a second for SECONDS, each from a random client to another, noting in
 * `sentAt` when and to whom (the receive handlers take them out), then waits for the answers and
 * for what is still on its way (10 s at most). Server CPU is counted from `serversBefore`.
 */
async function sendAtRate(
  clients: { userId: string; send(receiverId: string, text: string): Promise<{ error?: string }> }[],
  rate: number,
  sentAt: SentMessages,
  servers: ServerProcess[],
  serversBefore: Memory[],
): Promise<{ sent: number; refused: number; loadSeconds: number; clientCpuPercent: number; serverCpuPercent: number }> {
  let sent = 0;
  let refused = 0;
  const completions: Promise<void>[] = [];
  const clientCpuFrom = process.cpuUsage();
  const loadStart = performance.now();
  const total = rate * SECONDS;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - loadStart) * rate) / 1000));
    for (; sent < due; sent++) {
      const from = clients[Math.floor(Math.random() * clients.length)]!;
      let to = clients[Math.floor(Math.random() * clients.length)]!;
      while (to === from) to = clients[Math.floor(Math.random() * clients.length)]!;
      const seq = sent;
      sentAt.set(seq, { atMs: performance.now(), receiverId: to.userId });
      completions.push(
        from.send(to.userId, `m${seq}`).then((outcome) => {
          if (outcome.error) {
            refused++;
            sentAt.delete(seq);
          }
        }),
      );
    }
    await pause(5);
  }
  const loadSeconds = (performance.now() - loadStart) / 1000;
  const clientCpuPercent = clientCpuSince(clientCpuFrom, loadSeconds);
  const afterLoad = await Promise.all(servers.map(memoryOf));
  const serverCpuPercent =
    (afterLoad.reduce((sum, m, i) => sum + (m.cpuMicros - serversBefore[i]!.cpuMicros), 0) / 1e6 / loadSeconds) * 100;
  await Promise.race([Promise.all(completions), pause(30_000)]);
  // Stragglers: wait until everything accepted has arrived, or 10 s.
  const drainDeadline = performance.now() + 10_000;
  while (sentAt.size > 0 && performance.now() < drainDeadline) await pause(50);
  return { sent, refused, loadSeconds, clientCpuPercent, serverCpuPercent };
}

async function runScenario(name: string, benchUsers: BenchUser[], databaseUrl: string, instances: number): Promise<Result> {
  console.log(`\n== ${name}`);
  const env: Record<string, string> = { DATABASE_URL: databaseUrl, ...(instances > 1 ? { REDIS_URL } : {}) };
  const running = await startInstances(instances, env);
  const { servers, bases } = running;
  const connectOptions = { skipNegotiation: running.nginx !== undefined };

  const sentAt: SentMessages = new Map();
  const latencies: number[] = [];
  let misdelivered = 0;
  const events = {
    onReceive(client: LoadClient, text: string, atMs: number) {
      const seq = Number(text.slice(1));
      const sent = sentAt.get(seq);
      if (!sent) return;
      if (sent.receiverId !== client.userId) {
        misdelivered++;
        return;
      }
      latencies.push(atMs - sent.atMs);
      sentAt.delete(seq);
    },
  };

  // Warm-up: a few connections so lazily built code paths are not counted as per-connection memory.
  const warm = await Promise.all(
    benchUsers.slice(0, 20).map((u, i) => connectClient(bases[i % bases.length]!, u.id, u.cookie, events, connectOptions)),
  );
  for (const c of warm) c.ws.close();
  await pause(1_000);
  const before = await Promise.all(servers.map(memoryOf));

  const clients: LoadClient[] = [];
  const startedConnecting = performance.now();
  for (let start = 0; start < benchUsers.length; start += 100) {
    const batch = benchUsers.slice(start, start + 100);
    clients.push(
      ...(await Promise.all(
        batch.map((u, i) => connectClient(bases[(start + i) % bases.length]!, u.id, u.cookie, events, connectOptions)),
      )),
    );
  }
  console.log(`connected ${clients.length} in ${Math.round(performance.now() - startedConnecting)} ms`);
  await pause(2_000);
  const after = await Promise.all(servers.map(memoryOf));
  const rssPerConnection = after.reduce((sum, m, i) => sum + (m.rss - before[i]!.rss), 0) / clients.length;
  const heapPerConnection =
    after.reduce((sum, m, i) => sum + (m.heapUsed + m.external - before[i]!.heapUsed - before[i]!.external), 0) / clients.length;
  console.log(
    `memory per idle connection: rss ${(rssPerConnection / 1024).toFixed(1)} KB, heap+external ${(heapPerConnection / 1024).toFixed(1)} KB`,
  );

  const { sent, refused, loadSeconds, clientCpuPercent, serverCpuPercent } = await sendAtRate(clients, RATE, sentAt, servers, after);
  const lost = sentAt.size + misdelivered;

  for (const c of clients) c.ws.terminate();
  await stopInstances(running);

  latencies.sort((a, b) => a - b);
  const result: Result = {
    scenario: name,
    connections: clients.length,
    sent,
    received: latencies.length,
    lost,
    duplicates: NaN,
    refused,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? NaN,
    serverCpuPercent,
    clientCpuPercent,
    rssPerConnectionKb: rssPerConnection / 1024,
    heapPerConnectionKb: heapPerConnection / 1024,
  };
  console.log(`server CPU during load: ${serverCpuPercent.toFixed(0)} % of one core; load client ${clientCpuPercent.toFixed(0)} %`);
  console.log(
    `sent ${sent} in ${loadSeconds.toFixed(1)} s, received ${result.received}, lost ${lost}, refused ${refused}, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms`,
  );
  return result;
}

/** SSE and long-polling clients; with two instances (over Redis) each client's requests go through nginx, or alternate between them. */
async function runHttpScenario(name: string, benchUsers: BenchUser[], databaseUrl: string, instances: number): Promise<Result> {
  console.log(`\n== ${name}`);
  const env: Record<string, string> = { DATABASE_URL: databaseUrl, ...(instances > 1 ? { REDIS_URL } : {}) };
  const running = await startInstances(instances, env);
  const { servers, bases } = running;
  const sentAt: SentMessages = new Map();
  const latencies: number[] = [];
  let misdelivered = 0;
  let duplicates = 0;
  const seen = new Set<number>();
  const events = {
    onReceive(client: HttpLoadClient, text: string, atMs: number) {
      const seq = Number(text.slice(1));
      if (seen.has(seq)) duplicates++;
      seen.add(seq);
      const sent = sentAt.get(seq);
      if (!sent) return;
      if (sent.receiverId !== client.userId) {
        misdelivered++;
        return;
      }
      latencies.push(atMs - sent.atMs);
      byTransport.get(transportOf.get(client.userId)!)!.push(atMs - sent.atMs);
      sentAt.delete(seq);
    },
  };
  const users = benchUsers.slice(0, HTTP_CLIENTS);
  const transportOf = new Map<string, HttpTransport>();
  const byTransport = new Map<HttpTransport, number[]>([
    ['ServerSentEvents', []],
    ['LongPolling', []],
  ]);
  const clients: HttpLoadClient[] = [];
  const startedConnecting = performance.now();
  for (let start = 0; start < users.length; start += 50) {
    const batch = users.slice(start, start + 50);
    clients.push(
      ...(await Promise.all(
        batch.map((u, i) => {
          const transport: HttpTransport = (start + i) % 2 === 0 ? 'ServerSentEvents' : 'LongPolling';
          transportOf.set(u.id, transport);
          return connectHttpClient(bases, transport, u.id, u.cookie, events);
        }),
      )),
    );
  }
  console.log(`connected ${clients.length} (half SSE, half long polling) in ${Math.round(performance.now() - startedConnecting)} ms`);
  const before = await Promise.all(servers.map(memoryOf));

  const { sent, refused, loadSeconds, clientCpuPercent, serverCpuPercent } = await sendAtRate(clients, HTTP_RATE, sentAt, servers, before);
  const lost = sentAt.size + misdelivered;
  await Promise.all(clients.map((c) => c.close()));
  await stopInstances(running);

  latencies.sort((a, b) => a - b);
  console.log(
    `server CPU during load: ${serverCpuPercent.toFixed(0)} % of one core; load client ${clientCpuPercent.toFixed(0)} %; duplicates received: ${duplicates}`,
  );
  for (const [transport, times] of byTransport) {
    times.sort((a, b) => a - b);
    console.log(
      `${transport}: ${times.length} received, p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
    );
  }
  const result: Result = {
    scenario: name,
    connections: clients.length,
    sent,
    received: latencies.length,
    lost,
    duplicates,
    refused,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? NaN,
    serverCpuPercent,
    clientCpuPercent,
    rssPerConnectionKb: NaN,
    heapPerConnectionKb: NaN,
  };
  console.log(
    `sent ${sent} in ${loadSeconds.toFixed(1)} s, received ${result.received}, lost ${lost}, refused ${refused}, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms`,
  );
  return result;
}

function table(results: Result[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.scenario} | ${r.connections.toLocaleString('en')} | ${r.sent.toLocaleString('en')} | ${r.received.toLocaleString('en')} | ${r.lost} | ${Number.isNaN(r.duplicates) ? '-' : r.duplicates} | ${r.refused} | ${r.p50Ms.toFixed(1)} | ${r.p99Ms.toFixed(1)} | ${r.maxMs.toFixed(0)} | ${r.serverCpuPercent.toFixed(0)} | ${r.clientCpuPercent.toFixed(0)} | ${r.rssPerConnectionKb.toFixed(1)} | ${r.heapPerConnectionKb.toFixed(1)} |`,
  );
  return [
    '| Scenario | Connections | Sent | Received | Lost | Duplicates | Refused | p50 (ms) | p99 (ms) | max (ms) | Server CPU (% of a core) | Load client CPU (% of a core) | RSS per idle connection (KB) | Heap+external per idle connection (KB) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

async function main(): Promise<void> {
  if (!USE_NGINX) {
    console.log(
      nginxBinary ? 'BENCH_NGINX=0: two instances without a balancer' : 'nginx is not installed: two instances without a balancer',
    );
  }
  await admin((c) => c.query(`create database ${DB_NAME}`));
  const databaseUrl = withDatabase(ADMIN_URL, DB_NAME);
  const results: Result[] = [];
  try {
    const database = await openDatabase({ databaseUrl, dataDir: os.tmpdir() });
    await database.migrate();
    const benchUsers = await createUsers(database);
    await database.close();
    if (process.env.BENCH_HTTP_ONLY !== '1') results.push(await runScenario('1 instance', benchUsers, databaseUrl, 1));
    const two = USE_NGINX ? '2 instances + Redis, through nginx' : '2 instances + Redis, client-side round robin';
    if (process.env.BENCH_HTTP_ONLY !== '1') results.push(await runScenario(two, benchUsers, databaseUrl, 2));
    results.push(await runHttpScenario('SSE + long polling, 1 instance', benchUsers, databaseUrl, 1));
    results.push(await runHttpScenario(`SSE + long polling, ${two}, no stickiness`, benchUsers, databaseUrl, 2));
  } finally {
    await admin((c) => c.query(`drop database if exists ${DB_NAME} with (force)`));
  }
  // Printed, never written to docs/performance.md: a person reads the run and decides what the docs say.
  console.log(
    `\nRun of ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} vCPUs, Node ${process.versions.node}; load average at the end ${loadAverage()}\n`,
  );
  console.log(table(results));
  console.log('\nTargets: p99 at most 20 ms on one instance, 0 lost, under 40 KB per idle connection.');
}

await main();
