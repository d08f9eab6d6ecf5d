import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { SessionResolver, SessionUser } from '../lib/session-user';
import { registerSecurity } from '../plugins/security';
import { HubError, type Hub } from './hub';
import { RECORD_SEPARATOR as RS } from './protocol/records';
import { createRealtimeServer, type RealtimeOptions } from './realtime-server';

const ALICE: SessionUser = { id: '00000000-0000-4000-8000-00000000000a', username: 'alice', isCompanyEmployee: false, sessionId: 's1' };
const BOB: SessionUser = { id: '00000000-0000-4000-8000-00000000000b', username: 'bob', isCompanyEmployee: false, sessionId: 's2' };
const COOKIES = { alice: 'rd_session=alice-token', bob: 'rd_session=bob-token' };
const ALLOWED_ORIGIN = 'http://allowed.example';

const started: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((app) => app.close()));
});

/** A bare Fastify app with only cookies, security and the realtime server, and a test hub. */
async function startServer(options: Partial<RealtimeOptions> = {}, { trustProxy }: { trustProxy?: string } = {}) {
  const app = Fastify({ trustProxy: trustProxy ?? false });
  await app.register(cookie);
  await registerSecurity(app, [ALLOWED_ORIGIN]);
  const sessions: SessionResolver = {
    resolve: async (token) => ({ 'alice-token': ALICE, 'bob-token': BOB })[token ?? ''] ?? null,
  };
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    request.user = await sessions.resolve(request.cookies.rd_session);
  });
  const realtime = createRealtimeServer(app, { sessions, corsOrigins: [ALLOWED_ORIGIN], options, trustProxy });
  const hub: Hub = realtime.createHub({
    path: '/test',
    methods: {
      Echo: (_ctx, args) => args[0],
      Whoami: (ctx) => ctx.user.username,
      Refuse: () => {
        throw new HubError('Not today.');
      },
      Crash: () => {
        throw new Error('secret internals');
      },
      Nothing: () => undefined,
    },
  });
  started.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, hub, base: `http://127.0.0.1:${port}/test`, wsBase: `ws://127.0.0.1:${port}/test` };
}

async function negotiate(base: string, cookieHeader: string, version = 1) {
  const response = await fetch(`${base}/negotiate?negotiateVersion=${version}`, { method: 'POST', headers: { cookie: cookieHeader } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A raw WebSocket speaking the protocol by hand, collecting records. */
async function rawClient(url: string, cookieHeader: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers: { cookie: cookieHeader, ...headers } });
  const records: unknown[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  ws.on('message', (data) => {
    buffer += (Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString();
    let at: number;
    while ((at = buffer.indexOf(RS)) >= 0) {
      records.push(JSON.parse(buffer.slice(0, at)));
      buffer = buffer.slice(at + 1);
      waiters.shift()?.();
    }
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
    ws.on('error', reject);
  });
  let read = 0;
  return {
    ws,
    closed,
    send: (text: string) => ws.send(text),
    /** The next record not yet read. */
    async next(): Promise<Record<string, unknown>> {
      while (records.length <= read) await new Promise<void>((resolve) => waiters.push(resolve));
      return records[read++] as Record<string, unknown>;
    },
  };
}

async function openClient(wsBase: string, cookieHeader = COOKIES.alice) {
  const client = await rawClient(wsBase, cookieHeader);
  client.send(`{"protocol":"json","version":1}${RS}`);
  expect(await client.next()).toEqual({});
  return client;
}

describe('negotiate', () => {
  it('answers version 1 with a public id and a secret token, version 0 with the id only', async () => {
    const { base } = await startServer();
    const v1 = await negotiate(base, COOKIES.alice, 1);
    expect(v1.status).toBe(200);
    expect(v1.body).toMatchObject({ negotiateVersion: 1 });
    expect(v1.body.connectionToken).not.toBe(v1.body.connectionId);
    // 128 random bits or more, base64url
    expect(String(v1.body.connectionId).length).toBeGreaterThanOrEqual(22);
    expect(String(v1.body.connectionToken).length).toBeGreaterThanOrEqual(32);
    expect((v1.body.availableTransports as { transport: string }[]).map((t) => t.transport)).toEqual([
      'WebSockets',
      'ServerSentEvents',
      'LongPolling',
    ]);
    const v0 = await negotiate(base, COOKIES.alice, 0);
    expect(v0.body.negotiateVersion).toBe(0);
    expect(v0.body).not.toHaveProperty('connectionToken');
    const again = await negotiate(base, COOKIES.alice, 1);
    expect(again.body.connectionToken).not.toBe(v1.body.connectionToken);
  });

  it('refuses anonymous callers', async () => {
    const { base } = await startServer();
    expect((await negotiate(base, 'rd_session=nobody')).status).toBe(401);
  });

  it("does not let another user use a connection's token", async () => {
    const { base, wsBase } = await startServer();
    const { body } = await negotiate(base, COOKIES.alice);
    const token = String(body.connectionToken);
    await expect(rawClient(`${wsBase}?id=${token}`, COOKIES.bob)).rejects.toThrow('status 404');
    const poll = await fetch(`${base}?id=${token}`, { headers: { cookie: COOKIES.bob } });
    expect(poll.status).toBe(404);
    const post = await fetch(`${base}?id=${token}`, { method: 'POST', headers: { cookie: COOKIES.bob }, body: 'x' });
    expect(post.status).toBe(404);
    await expect(rawClient(`${wsBase}?id=${token}`, 'rd_session=none')).rejects.toThrow('status 401');
    const own = await rawClient(`${wsBase}?id=${token}`, COOKIES.alice);
    own.ws.close();
  });

  it('allows listed origins with credentials and refuses others', async () => {
    const { base, wsBase } = await startServer();
    const preflight = await fetch(`${base}/negotiate?negotiateVersion=1`, {
      method: 'OPTIONS',
      headers: {
        origin: ALLOWED_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-signalr-user-agent',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const allowed = await fetch(`${base}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { cookie: COOKIES.alice, origin: ALLOWED_ORIGIN },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
    const foreign = await fetch(`${base}/negotiate`, { method: 'POST', headers: { cookie: COOKIES.alice, origin: 'http://evil.example' } });
    expect(foreign.status).toBe(403);
    await expect(rawClient(wsBase, COOKIES.alice, { origin: 'http://evil.example' })).rejects.toThrow('status 403');
    const fromAllowed = await rawClient(wsBase, COOKIES.alice, { origin: ALLOWED_ORIGIN });
    fromAllowed.ws.close();
  });

  it('takes the host from X-Forwarded-Host only when the peer is a trusted proxy', async () => {
    const spoofed = { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' };
    const untrusting = await startServer();
    const negotiated = await fetch(`${untrusting.base}/negotiate`, { method: 'POST', headers: { cookie: COOKIES.alice, ...spoofed } });
    expect(negotiated.status).toBe(403);
    await expect(rawClient(untrusting.wsBase, COOKIES.alice, spoofed)).rejects.toThrow('status 403');

    // Here the test client is the proxy (loopback), so its X-Forwarded-Host counts.
    const behindProxy = await startServer({}, { trustProxy: '127.0.0.1' });
    const viaProxy = await rawClient(behindProxy.wsBase, COOKIES.alice, spoofed);
    viaProxy.ws.close();
    await expect(rawClient(behindProxy.wsBase, COOKIES.alice, { origin: 'http://evil.example' })).rejects.toThrow('status 403');
  });
});

describe('hub protocol over a raw WebSocket', () => {
  it('refuses an unknown protocol in the handshake and closes', async () => {
    const { wsBase } = await startServer();
    const client = await rawClient(wsBase, COOKIES.alice);
    client.send(`{"protocol":"messagepack","version":1}${RS}`);
    expect(await client.next()).toEqual({ error: "Requested protocol 'messagepack' is not available." });
    expect(await client.closed).toBe(1000);
  });

  it('completes invocations with results and errors, and answers nothing to non-blocking ones', async () => {
    const { wsBase } = await startServer();
    const client = await openClient(wsBase);
    client.send(
      `{"type":1,"target":"Echo","arguments":["ignored"]}${RS}{"type":1,"invocationId":"1","target":"Echo","arguments":[{"a":1}]}${RS}`,
    );
    expect(await client.next()).toEqual({ type: 3, invocationId: '1', result: { a: 1 } });
    client.send(`{"type":1,"invocationId":"2","target":"Refuse","arguments":[]}${RS}`);
    expect(await client.next()).toEqual({ type: 3, invocationId: '2', error: 'Not today.' });
    client.send(`{"type":1,"invocationId":"3","target":"Crash","arguments":[]}${RS}`);
    expect(await client.next()).toEqual({
      type: 3,
      invocationId: '3',
      error: "An unexpected error occurred invoking 'Crash' on the server.",
    });
    client.send(`{"type":1,"invocationId":"4","target":"Missing","arguments":[]}${RS}`);
    expect(await client.next()).toEqual({ type: 3, invocationId: '4', error: "Unknown hub method 'Missing'" });
    client.send(`{"type":1,"invocationId":"5","target":"Nothing","arguments":[]}${RS}`);
    expect(await client.next()).toEqual({ type: 3, invocationId: '5' });
    client.send(`{"type":1,"invocationId":"6","target":"Whoami","arguments":[]}${RS}`);
    expect(await client.next()).toEqual({ type: 3, invocationId: '6', result: 'alice' });
    client.ws.close();
  });

  it('joins records split across frames and ignores unknown message types', async () => {
    const { wsBase } = await startServer();
    const client = await rawClient(wsBase, COOKIES.alice);
    client.send('{"protocol":"json",');
    client.send(`"version":1}${RS}{"type":99,"x":1}${RS}{"type":1,"invocationId":"7","tar`);
    expect(await client.next()).toEqual({});
    client.send(`get":"Echo","arguments":[7]}${RS}`);
    expect(await client.next()).toEqual({ type: 3, invocationId: '7', result: 7 });
    client.ws.close();
  });

  it('closes the connection with an error on an oversized message', async () => {
    const { wsBase } = await startServer({ maxRecordChars: 1024 });
    const client = await openClient(wsBase);
    client.send(`{"type":1,"target":"Echo","arguments":["${'z'.repeat(1500)}"]}${RS}`);
    const close = await client.next();
    expect(close).toMatchObject({ type: 7 });
    expect(String(close.error)).toMatch(/too large/);
    await client.closed;
  });

  it('closes on a malformed message', async () => {
    const { wsBase } = await startServer();
    const client = await openClient(wsBase);
    client.send(`{"type":1,"arguments":[]}${RS}`);
    expect(await client.next()).toMatchObject({ type: 7 });
    await client.closed;
  });

  it('pings an idle client and closes a silent one', async () => {
    const { wsBase } = await startServer({ keepAliveMs: 100, clientTimeoutMs: 600, tickMs: 20 });
    const client = await openClient(wsBase);
    expect(await client.next()).toEqual({ type: 6 });
    let record = await client.next();
    while (record.type === 6) record = await client.next();
    expect(record).toEqual({ type: 7, error: 'Server timeout elapsed without receiving a message from the client.' });
    await client.closed;
  });

  it('tells clients they may reconnect when the server shuts down', async () => {
    const { app, wsBase } = await startServer();
    const client = await openClient(wsBase);
    const closing = app.close();
    expect(await client.next()).toEqual({ type: 7, error: 'Server is shutting down.', allowReconnect: true });
    await closing;
    started.splice(0);
  });

  it("sends to all of a user's connections but one, and to everyone", async () => {
    const { hub, wsBase } = await startServer();
    const a1 = await openClient(wsBase);
    const a2 = await openClient(wsBase);
    const b = await openClient(wsBase, COOKIES.bob);
    const [first] = hub.connectionsOf(ALICE.id);
    hub.sendToUser(ALICE.id, 'Note', ['for alice'], { exceptConnectionId: first!.connectionId });
    hub.broadcast('Note', ['for all']);
    const expected = (text: string) => ({ type: 1, target: 'Note', arguments: [text] });
    const seen = [await a1.next(), await a2.next()];
    expect(seen).toContainEqual(expected('for alice'));
    expect(await b.next()).toEqual(expected('for all'));
    for (const c of [a1, a2, b]) c.ws.close();
  });
});

describe('long polling', () => {
  it('answers the first poll at once, an idle poll empty before the timeout, and a poll 204 after DELETE', async () => {
    const { base } = await startServer({ pollTimeoutMs: 200 });
    const { body } = await negotiate(base, COOKIES.alice);
    const url = `${base}?id=${String(body.connectionToken)}`;
    const headers = { cookie: COOKIES.alice };
    expect((await fetch(url, { headers })).status).toBe(200);
    const send = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/plain' },
      body: `{"protocol":"json","version":1}${RS}`,
    });
    expect(send.status).toBe(200);
    const handshake = await fetch(url, { headers });
    expect(await handshake.text()).toBe(`{}${RS}`);
    const idle = await fetch(url, { headers });
    expect(idle.status).toBe(200);
    expect(await idle.text()).toBe('');
    // Whether the poll is still waiting or arrives just after, an ended connection answers 204.
    const waiting = fetch(url, { headers });
    expect((await fetch(url, { method: 'DELETE', headers })).status).toBe(202);
    expect((await waiting).status).toBe(204);
  });
});

describe('long polling past the client timeout', () => {
  it('keeps a connection whose client waits on a poll (long-polling clients send no pings)', async () => {
    const { base } = await startServer({ pollTimeoutMs: 600, clientTimeoutMs: 200, tickMs: 20 });
    const { body } = await negotiate(base, COOKIES.alice);
    const url = `${base}?id=${String(body.connectionToken)}`;
    const headers = { cookie: COOKIES.alice };
    const post = (text: string) => fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'text/plain' }, body: text });
    await fetch(url, { headers });
    await post(`{"protocol":"json","version":1}${RS}`);
    expect(await (await fetch(url, { headers })).text()).toBe(`{}${RS}`);
    // Held three times the client timeout: it ends empty, not with a Close message.
    expect(await (await fetch(url, { headers })).text()).toBe('');
    await post(`{"type":1,"invocationId":"1","target":"Echo","arguments":["still here"]}${RS}`);
    expect(await (await fetch(url, { headers })).text()).toBe(`{"type":3,"invocationId":"1","result":"still here"}${RS}`);
  });
});
