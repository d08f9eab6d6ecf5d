import { randomUUID } from 'node:crypto';
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../test/factories';
import { buildChatConnection, eventually, inbox, startListeningApp, type ListeningApp } from '../../test/helpers/chat';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two deployments sharing one Redis (REDIS_PREFIX differs): neither sees the other's chat
 * deliveries, presence or limits. They share a database here only so that the same user exists in
 * both: with one prefix, a message sent through one would reach that user's connection on the other.
 */
describe.runIf(Boolean(redisUrl))('REDIS_PREFIX keeps deployments sharing one Redis apart', () => {
  const run = randomUUID().slice(0, 8);
  const prefixA = `test-${run}-a`;
  const prefixB = `test-${run}-b`;
  let a: ListeningApp;
  let b: ListeningApp;
  let sameAsA: ListeningApp;
  const open: HubConnection[] = [];

  const env = (prefix: string) => ({ REDIS_URL: redisUrl!, REDIS_PREFIX: prefix, AUTH_RATE_LIMIT_PER_MINUTE: '2' });
  beforeAll(async () => {
    a = await startListeningApp({ env: env(prefixA) });
    b = await startListeningApp({ env: env(prefixB), database: a.database });
    sameAsA = await startListeningApp({ env: env(prefixA), database: a.database });
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.stop()));
    await sameAsA.app.close();
    await b.app.close();
    await a.close();
  });

  async function connectTo(server: ListeningApp, user: { id: string }) {
    const connection = buildChatConnection(server.baseUrl, { cookie: await signIn(server.database, user) });
    open.push(connection);
    await connection.start();
    return connection;
  }

  it("delivers a message only within its deployment, and shows presence only of the deployment's own connections", async () => {
    const alice = await createUser(a.database);
    const bob = await createUser(a.database);
    const aliceOnA = await connectTo(a, alice);
    const bobOnB = await connectTo(b, bob);
    const bobOnSameAsA = await connectTo(sameAsA, bob);
    const atB = inbox(bobOnB);
    const atSameAsA = inbox(bobOnSameAsA);

    // Bob is online through the instance that shares A's prefix (announced a moment after the connection opens).
    await eventually(async () => expect(await aliceOnA.invoke('WatchPresence', [bob.id])).toEqual([{ userId: bob.id, online: true }]));
    await bobOnSameAsA.stop();
    // Still connected to B, but B's presence is not A's.
    await eventually(async () => expect(await aliceOnA.invoke('WatchPresence', [bob.id])).toEqual([{ userId: bob.id, online: false }]));

    const reconnected = await connectTo(sameAsA, bob);
    // Once announced, the instance listens for Bob's messages too.
    await eventually(async () => expect(await aliceOnA.invoke('WatchPresence', [bob.id])).toEqual([{ userId: bob.id, online: true }]));
    const atReconnected = inbox(reconnected).next();
    const sent = await aliceOnA.invoke<{ text: string }>('SendMessage', bob.id, 'within deployment A');
    expect(await atReconnected).toEqual(sent);
    // The message has crossed Redis to the instance sharing A's prefix; B's connection got nothing.
    expect(atB.received).toEqual([]);
    expect(atSameAsA.received).toEqual([]);
  });

  it("counts limits per deployment: one deployment's refusals do not refuse the other's clients", async () => {
    const login = (server: ListeningApp) =>
      server.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { emailOrUsername: 'nobody', password: 'wrong' },
        remoteAddress: `10.99.${run.charCodeAt(0)}.7`,
      });
    expect((await login(a)).statusCode).toBe(401);
    expect((await login(a)).statusCode).toBe(401);
    expect((await login(a)).statusCode).toBe(429);
    // The same prefix counts the same window; another prefix its own.
    expect((await login(sameAsA)).statusCode).toBe(429);
    expect((await login(b)).statusCode).toBe(401);
  });
});
