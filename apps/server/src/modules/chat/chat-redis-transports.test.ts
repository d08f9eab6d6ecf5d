import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@rentdrive/contracts/chat';
import { createUser, signIn } from '../../../test/factories';
import { buildChatConnection, eventually, TRANSPORTS, startListeningApp, type ListeningApp } from '../../../test/helpers/chat';

const redisUrl = process.env.TEST_REDIS_URL;
const keyPrefix = `rd:test:${randomUUID().slice(0, 8)}`;

interface Forwarded {
  backend: number;
  method: string;
  kind: 'negotiate' | 'stream' | 'poll' | 'send' | 'delete' | 'other';
}

/**
 * A balancer without stickiness: every request goes to the next instance in turn, so one client's
 * negotiate, stream, polls and sends land on different instances. Streams are passed on as they come.
 */
async function startRoundRobin(backends: string[]) {
  const log: Forwarded[] = [];
  let next = 0;
  const server: Server = createServer((req, res) => {
    const backend = next++ % backends.length;
    const target = new URL(req.url ?? '/', backends[backend]);
    const isTransport = target.searchParams.has('id');
    const kind: Forwarded['kind'] = target.pathname.endsWith('/negotiate')
      ? 'negotiate'
      : !isTransport
        ? 'other'
        : req.method === 'GET'
          ? (req.headers.accept ?? '').includes('text/event-stream')
            ? 'stream'
            : 'poll'
          : req.method === 'POST'
            ? 'send'
            : 'delete';
    log.push({ backend, method: req.method ?? '', kind });
    const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      res.flushHeaders();
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.runIf(Boolean(redisUrl))('SSE and long polling across two instances without sticky sessions', () => {
  let a: ListeningApp;
  let b: ListeningApp;
  let balancer: Awaited<ReturnType<typeof startRoundRobin>>;
  const open: HubConnection[] = [];

  beforeAll(async () => {
    const options = { overrides: { realtimeOptions: { redisKeyPrefix: keyPrefix } }, env: { REDIS_URL: redisUrl! } };
    a = await startListeningApp(options);
    b = await startListeningApp({ ...options, database: a.database });
    balancer = await startRoundRobin([a.baseUrl, b.baseUrl]);
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.stop()));
    await balancer.close();
    await b.app.close();
    await a.close();
  });

  async function connect(user: { id: string }, transport: (typeof TRANSPORTS)[keyof typeof TRANSPORTS]) {
    const connection = buildChatConnection(balancer.url, { cookie: await signIn(a.database, user), transport });
    const received: string[] = [];
    connection.on('ReceiveMessage', (message: ChatMessage) => received.push(message.text));
    open.push(connection);
    await connection.start();
    return { connection, received };
  }

  /** Sends `count` messages in one go (the client sends them in order; the send limit is 20 per 10 s) and names a last one. */
  async function sendBurst(from: HubConnection, toUserId: string, label: string, count: number) {
    const texts = Array.from({ length: count }, (_, i) => `${label} ${i + 1}`);
    const sent = await Promise.all(texts.map((text) => from.invoke<ChatMessage>('SendMessage', toUserId, text)));
    expect(sent.map((m) => m.text)).toEqual(texts);
    return [...texts, `${label} done`];
  }

  it('delivers every message once and in order to an SSE client and a long-polling client', async () => {
    const alice = await createUser(a.database);
    const bob = await createUser(a.database);
    const aliceSse = await connect(alice, TRANSPORTS.ServerSentEvents);
    const bobPolling = await connect(bob, TRANSPORTS.LongPolling);

    const toBob = await sendBurst(aliceSse.connection, bob.id, 'to bob', 15);
    await aliceSse.connection.invoke('SendMessage', bob.id, toBob.at(-1));
    // The last message arriving after all the others, with nothing repeated before it: once and in order.
    await eventually(() => expect(bobPolling.received.at(-1)).toBe(toBob.at(-1)), 15_000);
    expect(bobPolling.received).toEqual(toBob);

    const toAlice = await sendBurst(bobPolling.connection, alice.id, 'to alice', 15);
    await bobPolling.connection.invoke('SendMessage', alice.id, toAlice.at(-1));
    await eventually(() => expect(aliceSse.received.at(-1)).toBe(toAlice.at(-1)), 15_000);
    expect(aliceSse.received).toEqual(toAlice);

    // The requests really were spread: each instance took polls and sends, and the SSE stream was
    // held by the instance that did not negotiate it.
    const kindsOn = (backend: number) => new Set(balancer.log.filter((f) => f.backend === backend).map((f) => f.kind));
    for (const backend of [0, 1]) {
      expect(kindsOn(backend)).toContain('poll');
      expect(kindsOn(backend)).toContain('send');
    }
    const aliceNegotiate = balancer.log.find((f) => f.kind === 'negotiate');
    const aliceStream = balancer.log.find((f) => f.kind === 'stream');
    expect(aliceStream?.backend).not.toBe(aliceNegotiate?.backend);

    // Stopping works from any instance too: the long-polling client's DELETE ends its poll.
    await bobPolling.connection.stop();
    await aliceSse.connection.stop();
    expect(bobPolling.connection.state).toBe('Disconnected');
  });

  it('answers a hub method invoked on one instance for a connection negotiated on the other, as its user', async () => {
    const carol = await createUser(a.database);
    const dave = await createUser(a.database);
    const carolPolling = await connect(carol, TRANSPORTS.LongPolling);
    const daveSse = await connect(dave, TRANSPORTS.ServerSentEvents);
    // Presence follows the connection's user whichever instance takes the request.
    expect(await carolPolling.connection.invoke('WatchPresence', [dave.id])).toEqual([{ userId: dave.id, online: true }]);
    const message = await daveSse.connection.invoke<ChatMessage>('SendMessage', carol.id, 'from dave');
    expect(message).toMatchObject({ senderId: dave.id, receiverId: carol.id, text: 'from dave' });
    await eventually(() => expect(carolPolling.received).toEqual(['from dave']));
  });
});
