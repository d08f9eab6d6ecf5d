import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../../db/client';
import type { ImageProcessor } from '../../lib/images';
import type { Hub } from '../../realtime/hub';

/**
 * Prometheus metrics (issue 30, ADR 024): made only when METRICS_PORT is set, and served only by a
 * server of their own on that port (serveMetrics), never by the public app. Labels carry route
 * patterns, methods, status codes, transports and queue states, never a user's data or a raw URL.
 */
export interface MetricsSources {
  database: Database;
  search: () => { vehicles: number; version: number; listening: boolean; lastPollAtMs: number };
  hub: () => Hub;
  images: ImageProcessor;
  /** Whether pg-boss delivers mail here (SMTP_URL set): its job table is read for the queue depth. */
  mailQueue: boolean;
  /** Sign-in attempts refused by an account lock since the process started (account/login-throttle.ts). */
  lockedSignInAttempts: () => number;
  /** The full ledger check (wallet/ledger-invariants.ts): whether every invariant holds. */
  checkLedger: () => Promise<boolean>;
  /** How often the full ledger check may run at most (it reads every posting); default 10 minutes. */
  ledgerCheckEveryMs?: number;
}

const PREFIX = 'rentdrive_';

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the drivers type execute() apart; both answers carry `rows`.
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

export function createMetrics(app: FastifyInstance, sources: MetricsSources): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });
  const { database } = sources;

  // HTTP: the route pattern Fastify matched ('/api/vehicle/:id'), never the URL; 'unmatched' for 404s.
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request, by route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  // Database: the pool and every statement's duration (PostgreSQL; PGlite has neither).
  const statements = new Histogram({
    name: `${PREFIX}db_statement_duration_seconds`,
    help: 'Time from sending a statement to its answer (PostgreSQL).',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  if (database.poolStats) database.onStatementDuration = (seconds) => statements.observe(seconds);
  app.addHook('onClose', (_app, done) => {
    database.onStatementDuration = undefined;
    done();
  });
  new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'Database pool connections by state (total, idle; waiting: requests waiting for one).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  // Search index.
  new Gauge({
    name: `${PREFIX}search_index_vehicles`,
    help: 'Vehicles in this instance’s search index.',
    registers: [registry],
    collect() {
      this.set(sources.search().vehicles);
    },
  });
  new Gauge({
    name: `${PREFIX}search_index_version`,
    help: 'The search index’s version (grows with every change applied).',
    registers: [registry],
    collect() {
      this.set(sources.search().version);
    },
  });
  new Gauge({
    name: `${PREFIX}search_index_lag_seconds`,
    help: 'How stale the search index may be: 0 while change notifications are trusted, else the age of its last poll of the change feed.',
    registers: [registry],
    collect() {
      const stats = sources.search();
      this.set(stats.listening ? 0 : Number.isFinite(stats.lastPollAtMs) ? Math.max(0, (Date.now() - stats.lastPollAtMs) / 1000) : -1);
    },
  });

  // Realtime hub.
  new Gauge({
    name: `${PREFIX}hub_connections`,
    help: 'Open realtime connections on this instance, by transport.',
    labelNames: ['transport'],
    registers: [registry],
    collect() {
      this.reset();
      for (const transport of ['WebSockets', 'ServerSentEvents', 'LongPolling', 'none']) this.set({ transport }, 0);
      for (const [transport, count] of sources.hub().connectionsByTransport()) this.set({ transport }, count);
    },
  });
  new Counter({
    name: `${PREFIX}hub_messages_delivered_total`,
    help: 'Realtime records written to connections on this instance.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sources.hub().deliveredCount);
    },
  });

  // Jobs: the mail outbox by state (queued is the depth, failed the failures) and the oldest queued.
  new Gauge({
    name: `${PREFIX}mail_outbox_messages`,
    help: 'Messages in the mail outbox by status (queued: waiting for delivery; failed: given up).',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const found = await rows<{ status: string; n: string }>(
        database,
        sql`select status, count(*) as n from mail_outbox where status in ('queued', 'failed') group by status`,
      );
      for (const status of ['queued', 'failed']) this.set({ status }, Number(found.find((r) => r.status === status)?.n ?? 0));
    },
  });
  new Gauge({
    name: `${PREFIX}mail_outbox_oldest_queued_seconds`,
    help: 'Age of the oldest queued message (0 when none): a stuck queue grows it.',
    registers: [registry],
    async collect() {
      const [row] = await rows<{ age: string | null }>(
        database,
        sql`select extract(epoch from now() - min(created_at)) as age from mail_outbox where status = 'queued'`,
      );
      this.set(Number(row?.age ?? 0));
    },
  });
  if (sources.mailQueue) {
    new Gauge({
      name: `${PREFIX}job_queue_jobs`,
      help: 'pg-boss jobs by queue and state.',
      labelNames: ['queue', 'state'],
      registers: [registry],
      async collect() {
        this.reset();
        const found = await rows<{ name: string; state: string; n: string }>(
          database,
          sql`select name, state::text as state, count(*) as n from pgboss.job group by name, state`,
        ).catch(() => []);
        for (const r of found) this.set({ queue: r.name, state: r.state }, Number(r.n));
      },
    });
  }

  // Images and sign-in locks.
  new Gauge({
    name: `${PREFIX}image_queue_images`,
    help: 'Upload images being encoded (working) and waiting their turn (waiting).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'working' }, sources.images.inWork());
      this.set({ state: 'waiting' }, sources.images.waiting());
    },
  });
  new Counter({
    name: `${PREFIX}signin_locked_attempts_total`,
    help: 'Sign-in attempts refused because the account was locked after failed attempts.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sources.lockedSignInAttempts());
    },
  });

  // The ledger: money held (wallets, escrow), and the full invariant check at most every 10 minutes.
  new Gauge({
    name: `${PREFIX}ledger_held_cents`,
    help: 'Money the ledger holds, in cents: users’ wallets (wallet) and rental payments in escrow (escrow).',
    labelNames: ['account'],
    registers: [registry],
    async collect() {
      const found = await rows<{ kind: string; cents: string | null }>(
        database,
        sql`select a.kind, sum(a.balance_cents) as cents from ledger_accounts a
            left join users u on u.id = a.user_id
            where a.kind = 'escrow' or (a.kind = 'wallet' and coalesce(u.is_company_account, false) = false)
            group by a.kind`,
      );
      for (const account of ['wallet', 'escrow']) this.set({ account }, Number(found.find((r) => r.kind === account)?.cents ?? 0));
    },
  });
  const everyMs = sources.ledgerCheckEveryMs ?? 600_000;
  let lastCheck: { atMs: number; ok: boolean } | undefined;
  let checking: Promise<void> | undefined;
  const runCheck = () =>
    (checking ??= sources
      .checkLedger()
      .then((ok) => {
        lastCheck = { atMs: Date.now(), ok };
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'metrics: ledger check failed to run');
        lastCheck = { atMs: Date.now(), ok: false };
      })
      .finally(() => (checking = undefined)));
  new Gauge({
    name: `${PREFIX}ledger_check_ok`,
    help: '1 when the last full ledger check found every invariant holding (postings balance, balances match), else 0.',
    registers: [registry],
    async collect() {
      if (!lastCheck || Date.now() - lastCheck.atMs >= everyMs) await runCheck();
      this.set(lastCheck?.ok ? 1 : 0);
    },
  });
  new Gauge({
    name: `${PREFIX}ledger_check_timestamp_seconds`,
    help: 'When the last full ledger check ran (seconds since the epoch).',
    registers: [registry],
    collect() {
      this.set(lastCheck ? lastCheck.atMs / 1000 : 0);
    },
  });
  return registry;
}

/**
 * The metrics' own HTTP server: GET /metrics only, on METRICS_PORT (0: any free port, tests), beside
 * the app; the caller closes it (start-server.ts at shutdown).
 */
export async function serveMetrics(
  app: FastifyInstance,
  registry: Registry,
  options: { port: number; host: string },
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || pathname !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics: collecting failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Collecting the metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { port: (server.address() as AddressInfo).port, close };
}
