import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxBinary, startNginx, type RunningNginx } from '../../../bench/support/nginx';
import { openDatabase } from '../src/db/client';
import { serveMetrics } from '../src/modules/metrics/metrics';
import { createUser, signIn } from './factories';
import { withDatabase } from './global-setup';
import { VALID_CARD } from './helpers/money';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 30: what an operator's Prometheus sees of two instances behind nginx (round robin, the
 * configuration of docs/deployment.md) on one PostgreSQL and one Redis. Each instance serves its
 * metrics on a METRICS_PORT of its own, scraped over HTTP as Prometheus does: per-instance figures
 * count what that instance served; figures read from the shared database (the ledger's money, its
 * check) are the same on both; the balancer never serves /metrics. Ports from
 * METRICS_SUITE_PORT_BASE (default 4185: nginx, then the two instances; the metrics ports are free
 * ones the system picks).
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const missing = [
  !nginxBinary && 'nginx (apt-get install -y nginx)',
  !databaseUrl && 'PostgreSQL (TEST_DATABASE_URL)',
  !redisUrl && 'Redis (TEST_REDIS_URL)',
].filter(Boolean);
const base = Number(process.env.METRICS_SUITE_PORT_BASE ?? 4185);
const ports = { nginx: base, a: base + 1, b: base + 2 };

interface Instance {
  t: TestApp;
  /** The instance's own metrics server (what start-server.ts runs on METRICS_PORT). */
  metrics: { port: number; close(): Promise<void> };
}

/** One sample's value from the Prometheus text, or 0 when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.startsWith(name)) continue;
    const match = /^([a-z_]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',');
    if (wanted.every((w) => have.includes(w))) return Number(match[3]);
  }
  return 0;
}

if (missing.length > 0) {
  const line = `metrics scrape of two instances behind nginx: skipped, missing ${missing.join(', ')}`;
  console.warn(line);
  it.skip(line);
} else {
  describe('metrics of two instances behind nginx, scraped on each METRICS_PORT (PostgreSQL, Redis)', () => {
    const dir = path.resolve('.tmp', `nginx-metrics-${process.pid}`);
    const databaseName = `rentdrive_metrics_${randomUUID().slice(0, 8)}`;
    const keyPrefix = `rd:metrics:${randomUUID().slice(0, 8)}`;
    const env = { REDIS_URL: redisUrl!, TRUST_PROXY: 'loopback', METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' };
    let nginx: RunningNginx | undefined;
    const instances: Instance[] = [];
    const viaNginx = `http://127.0.0.1:${ports.nginx}`;
    const scrape = async (instance: Instance) => {
      const res = await fetch(`http://127.0.0.1:${instance.metrics.port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      return res.text();
    };

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
      await admin.end();
      const url = withDatabase(databaseUrl!, databaseName);
      for (const port of [ports.a, ports.b]) {
        const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
        await database.withStartupLock(() => database.migrate());
        const t = await createTestApp({ env, database, overrides: { realtimeOptions: { redisKeyPrefix: keyPrefix } } });
        await t.app.listen({ host: '127.0.0.1', port });
        const metrics = await serveMetrics(t.app, t.app.metrics!, t.config.metrics!);
        instances.push({ t, metrics });
      }
      nginx = await startNginx({ dir, port: ports.nginx, upstreamPorts: [ports.a, ports.b] });
    }, 120_000);

    afterAll(async () => {
      await nginx?.stop();
      for (const { t, metrics } of instances.reverse()) {
        await metrics.close().catch(() => undefined);
        await t.close().catch(() => undefined);
      }
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }, 60_000);

    it('counts each request on the instance that served it, by route pattern, never by URL', async () => {
      const [a, b] = instances as [Instance, Instance];
      const route = { method: 'GET', route: '/api/rental/:vehicleId' };
      const before = await Promise.all([scrape(a), scrape(b)]);
      const served = (texts: string[]) => texts.map((text) => sample(text, 'rentdrive_http_requests_total', route));
      const id = randomUUID();
      // Ten through the balancer (round robin: both serve some), then three straight to instance A.
      for (let i = 0; i < 10; i++) expect((await fetch(`${viaNginx}/api/rental/${id}`)).status).toBeLessThan(500);
      for (let i = 0; i < 3; i++) expect((await fetch(`http://127.0.0.1:${ports.a}/api/rental/${id}`)).status).toBeLessThan(500);

      const after = await Promise.all([scrape(a), scrape(b)]);
      const [aCount, bCount] = served(after).map((n, i) => n - served(before)[i]!);
      expect(aCount! + bCount!).toBe(13);
      expect(aCount).toBeGreaterThanOrEqual(3 + 1);
      expect(bCount).toBeGreaterThanOrEqual(1);
      // The duration histogram counts the same requests.
      for (const [i, text] of after.entries()) {
        expect(
          sample(text, 'rentdrive_http_request_duration_seconds_count', route) -
            sample(before[i]!, 'rentdrive_http_request_duration_seconds_count', route),
        ).toBe([aCount, bCount][i]);
        expect(text).not.toContain(id);
        // Each process reports itself (an operator tells instances apart by the scrape's target).
        expect(sample(text, 'rentdrive_process_start_time_seconds')).toBeGreaterThan(0);
      }
    });

    it("answers the same shared figures on both: the ledger's money held and its check", async () => {
      const [a, b] = instances as [Instance, Instance];
      // Two users top up through the balancer: 120 € and 35.50 €, landing on either instance.
      for (const amount of [120, 35.5]) {
        const user = await createUser(a.t.database);
        const cookie = await signIn(a.t.database, user);
        const res = await fetch(`${viaNginx}/api/wallet/add-funds`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ amount, ...VALID_CARD }),
        });
        expect(res.status).toBe(200);
      }
      const [textA, textB] = await Promise.all([scrape(a), scrape(b)]);
      for (const text of [textA, textB]) {
        expect(sample(text, 'rentdrive_ledger_held_cents', { account: 'wallet' })).toBe(15_550);
        expect(sample(text, 'rentdrive_ledger_held_cents', { account: 'escrow' })).toBe(0);
        expect(sample(text, 'rentdrive_ledger_check_ok')).toBe(1);
        expect(text).toContain('rentdrive_db_pool_connections{state="total"}');
      }
    });

    it('never serves the metrics through the balancer or on the public port', async () => {
      const res = await fetch(`${viaNginx}/metrics`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('rentdrive_http_requests_total');
      const direct = await fetch(`http://127.0.0.1:${ports.b}/metrics`);
      expect(await direct.text()).not.toContain('rentdrive_http_requests_total');
    });
  });
}
