import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { serveMetrics } from './metrics';

/** Issue 30: Prometheus metrics on a port of their own, never on the public one. */
describe('metrics', () => {
  describe('METRICS_PORT unset (the default)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('has no metrics at all, and the public app does not answer /metrics with them', async () => {
      expect(t.app.metrics).toBeUndefined();
      const response = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('rentdrive_http_requests_total');
    });
  });

  describe('METRICS_PORT set', () => {
    let t: TestApp;
    let server: { port: number; close(): Promise<void> };
    beforeAll(async () => {
      t = await createTestApp({ env: { METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' } });
      server = await serveMetrics(t.app, t.app.metrics!, { port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await server.close();
      await t.close();
    });

    async function scrape(): Promise<string> {
      const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain');
      return response.text();
    }

    it('serves every family the operators alert on, in the Prometheus text format', async () => {
      const text = await scrape();
      for (const name of [
        'rentdrive_http_requests_total',
        'rentdrive_http_request_duration_seconds',
        'rentdrive_db_statement_duration_seconds',
        'rentdrive_db_pool_connections',
        'rentdrive_search_index_vehicles',
        'rentdrive_search_index_version',
        'rentdrive_search_index_lag_seconds',
        'rentdrive_hub_connections',
        'rentdrive_hub_messages_delivered_total',
        'rentdrive_mail_outbox_messages',
        'rentdrive_mail_outbox_oldest_queued_seconds',
        'rentdrive_image_queue_images',
        'rentdrive_signin_locked_attempts_total',
        'rentdrive_ledger_held_cents',
        'rentdrive_ledger_check_ok',
        'rentdrive_process_cpu_seconds_total',
      ]) {
        expect(text).toContain(`# TYPE ${name} `);
      }
      expect(text).toMatch(/^rentdrive_ledger_check_ok 1$/m);
      expect(text).toMatch(/^rentdrive_hub_connections\{transport="WebSockets"\} 0$/m);
    });

    it('labels requests by the route pattern and status, never the URL a client sent', async () => {
      const secret = 'someones-private-name';
      await t.app.inject({ method: 'GET', url: `/api/vehicle/details/${secret}?email=a%40b.example` });
      await t.app.inject({ method: 'GET', url: `/api/no-such-route/${secret}` });
      await t.app.inject({ method: 'GET', url: '/api/health' });
      const text = await scrape();
      expect(text).toMatch(/rentdrive_http_requests_total\{method="GET",route="\/api\/health",status="200"\} 1/);
      expect(text).toMatch(/rentdrive_http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/api\/health",status="200"\}/);
      expect(text).toMatch(/route="unmatched",status="404"/);
      expect(text).not.toContain(secret);
      expect(text).not.toContain('a@b.example');
    });

    it('answers only GET /metrics on its port, and the public app still has no /metrics', async () => {
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' })).status).toBe(404);
      const response = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('rentdrive_');
    });
  });
});
