import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { HubConnection } from '@microsoft/signalr';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@rentdrive/contracts/chat';
import { nginxBinary, startNginx, type RunningNginx } from '../../../../bench/support/nginx';
import { createUser, signIn } from '../../test/factories';
import { withDatabase } from '../../test/global-setup';
import { registration } from '../../test/helpers/account';
import { buildChatConnection, eventually, inbox, TRANSPORTS } from '../../test/helpers/chat';
import { s3StorageEnv, s3TestServer } from '../../test/helpers/s3';
import { createCatalogueFixture, jpegPart, multipartBody, testImage, validCreateFields } from '../../test/helpers/vehicles';
import { createTestApp, type TestApp } from '../../test/test-app';
import { openDatabase } from '../db/client';

/**
 * Two instances behind a real nginx (Debian's), round robin without stickiness, on one PostgreSQL,
 * one Redis and one S3 store (Swift): what an operator runs. Ports from NGINX_SUITE_PORT_BASE
 * (default 4180: nginx, then the two instances), clear of the e2e server's 4173 and Swift's 4190.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const s3 = s3TestServer();
const missing = [
  !nginxBinary && 'nginx (apt-get install -y nginx)',
  !databaseUrl && 'PostgreSQL (TEST_DATABASE_URL)',
  !redisUrl && 'Redis (TEST_REDIS_URL)',
  !s3 && 'an S3 server (npm test starts Swift)',
].filter(Boolean);
const base = Number(process.env.NGINX_SUITE_PORT_BASE ?? 4180);
const ports = { nginx: base, a: base + 1, b: base + 2 };

if (missing.length > 0) {
  const line = `nginx two-instance suite: skipped, missing ${missing.join(', ')}`;
  console.warn(line);
  it.skip(line);
} else {
  describe('two instances behind nginx (round robin, no stickiness) on PostgreSQL, Redis and Swift', () => {
    const dir = path.resolve('.tmp', `nginx-${process.pid}`);
    const databaseName = `rentdrive_nginx_${randomUUID().slice(0, 8)}`;
    const env = {
      ...s3StorageEnv(s3!),
      REDIS_URL: redisUrl!,
      TRUST_PROXY: 'loopback',
      AUTH_RATE_LIMIT_PER_MINUTE: '6',
      // Metrics on a port of each instance's own (issue 30); scraped once below.
      METRICS_PORT: '0',
      METRICS_HOST: '127.0.0.1',
    };
    const keyPrefix = `rd:nginx:${randomUUID().slice(0, 8)}`;
    let nginx: RunningNginx | undefined;
    let a: TestApp;
    let b: TestApp;
    const open: HubConnection[] = [];
    const viaNginx = `http://127.0.0.1:${ports.nginx}`;
    const direct = (port: number) => `http://127.0.0.1:${port}`;

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
      await admin.end();
      const url = withDatabase(databaseUrl!, databaseName);
      const instance = async (port: number) => {
        const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
        await database.withStartupLock(() => database.migrate());
        const t = await createTestApp({ env, database, overrides: { realtimeOptions: { redisKeyPrefix: keyPrefix } } });
        await t.app.listen({ host: '127.0.0.1', port });
        return t;
      };
      a = await instance(ports.a);
      b = await instance(ports.b);

      // The helper writes the configuration of docs/deployment.md (without TLS) and waits for /api/health through it.
      nginx = await startNginx({ dir, port: ports.nginx, upstreamPorts: [ports.a, ports.b] });
    }, 120_000);

    afterAll(async () => {
      await Promise.all(open.map((c) => c.stop().catch(() => undefined)));
      await nginx?.stop();
      await b?.close().catch(() => undefined);
      await a?.close().catch(() => undefined);
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }, 60_000);

    /**
     * Every client goes through the balancer. SSE and long polling negotiate: their negotiate,
     * stream, polls and sends land on either instance. WebSockets connect without negotiate (as the
     * web app does): one upgrade request, which any instance takes.
     */
    const connect = async (cookie: string, transport: keyof typeof TRANSPORTS) => {
      const connection = buildChatConnection(viaNginx, {
        cookie,
        transport: TRANSPORTS[transport],
        skipNegotiation: transport === 'WebSockets',
        reconnectDelaysMs: [0, 200, 500, 1000, 2000],
      });
      open.push(connection);
      await connection.start();
      return connection;
    };

    it('registers through nginx, lists a vehicle with images on one instance and serves every image from the other', async () => {
      const registered = await fetch(`${viaNginx}/api/account/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.200.${Math.floor(Math.random() * 250)}.1` },
        body: JSON.stringify(registration()),
      });
      expect(registered.status).toBeLessThan(300);

      const c = await createCatalogueFixture(a.database);
      const owner = await createUser(a.database);
      const cookie = await signIn(a.database, owner);
      const body = multipartBody(validCreateFields(c), [jpegPart(await testImage()), jpegPart(await testImage('png'))]);
      const created = await fetch(`${direct(ports.a)}/api/vehicle/create`, {
        method: 'POST',
        headers: { ...body.headers, cookie },
        body: body.payload,
      });
      expect(created.status).toBe(200);
      const vehicle = (await created.json()) as { imageURLS: string[]; thumbnailURLS: string[] };
      for (const url of [...vehicle.imageURLS, ...vehicle.thumbnailURLS]) {
        const image = await fetch(`${direct(ports.b)}/${url}`);
        expect(image.status, url).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/webp');
        // And through the balancer, whichever instance it picks.
        expect((await fetch(`${viaNginx}/${url}`)).status).toBe(200);
      }
    });

    it('has metrics on each instance (METRICS_PORT), both counting the requests the balancer sent them', async () => {
      // The scrape's text (start-server.ts serves it on METRICS_PORT; the balancer never forwards it).
      for (const t of [a, b]) {
        const text = await t.app.metrics!.metrics();
        expect(text).toMatch(/^rentdrive_http_requests_total\{method="GET",route="[^"]+",status="200"\} \d+$/m);
        expect(text).toContain('rentdrive_db_pool_connections{state="total"}');
        expect(text).toMatch(/^rentdrive_ledger_check_ok 1$/m);
      }
      expect(await (await fetch(`${viaNginx}/metrics`)).text()).not.toContain('rentdrive_http_requests_total');
    });

    it('counts sign-in attempts from one client across both instances', async () => {
      // An address of this run's own: the limit's counters live in the shared Redis for a minute.
      const client = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
      const attempt = () =>
        fetch(`${viaNginx}/api/account/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
          body: JSON.stringify({ username: `nobody${randomUUID().slice(0, 6)}`, password: 'wrong-password' }),
        });
      const statuses = [];
      for (let i = 0; i < 7; i++) statuses.push((await attempt()).status);
      // Round robin put them on both instances; six were allowed in all, not six per instance.
      expect(statuses.slice(0, 6).every((s) => s !== 429)).toBe(true);
      expect(statuses[6]).toBe(429);
    });

    it('chats between users on WebSockets, SSE and long polling, all through the balancer, and survives losing instance B', async () => {
      const transports = ['WebSockets', 'ServerSentEvents', 'LongPolling'] as const;
      const users = await Promise.all(transports.map(() => createUser(a.database)));
      const cookies = await Promise.all(users.map((u) => signIn(a.database, u)));
      const connections = await Promise.all(transports.map((t, i) => connect(cookies[i]!, t)));
      const inboxes = connections.map((c) => inbox(c));

      const exchange = async (label: string) => {
        for (let from = 0; from < 3; from++) {
          const to = (from + 1) % 3;
          const arriving = inboxes[to]!.next();
          const sent = await connections[from]!.invoke<ChatMessage>('SendMessage', users[to]!.id, `${label} ${from}->${to}`);
          expect(await arriving).toEqual(sent);
        }
      };
      await exchange('before');

      // One instance goes away: requests fail over, chat clients reconnect through nginx to the other.
      await b.app.close();
      for (let i = 0; i < 6; i++) expect((await fetch(`${viaNginx}/api/health`)).status).toBe(200);
      // Connections held by the surviving instance never drop; the others reconnect to it.
      await eventually(() => {
        for (const c of connections) expect(c.state).toBe('Connected');
      }, 30_000);
      await exchange('after');
    }, 90_000);
  });
}
