import { randomUUID } from 'node:crypto';
import { HubConnectionState, type HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@rentdrive/contracts/chat';
import { createUser, signIn } from '../../../test/factories';
import { buildChatConnection, eventually, inbox, once, startListeningApp, type ListeningApp } from '../../../test/helpers/chat';
import { createRedisBackplane } from '../../realtime/backplane/redis-backplane';

const redisUrl = process.env.TEST_REDIS_URL;
const PRESENCE_TTL_MS = 1_500;
// Each run gets its own keys, so parallel runs sharing one Redis do not see each other.
const keyPrefix = `rd:test:${randomUUID().slice(0, 8)}`;

describe.runIf(Boolean(redisUrl))('two instances over Redis', () => {
  let a: ListeningApp;
  let b: ListeningApp;
  const open: HubConnection[] = [];

  beforeAll(async () => {
    const options = {
      // The periodic session check is pushed out of reach: signing out must act on its own.
      overrides: { realtimeOptions: { redisKeyPrefix: keyPrefix, presenceTtlMs: PRESENCE_TTL_MS, sessionRecheckMs: 600_000 } },
      env: { REDIS_URL: redisUrl! },
    };
    a = await startListeningApp(options);
    b = await startListeningApp({ ...options, database: a.database });
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.stop()));
    await b.app.close();
    await a.close();
  });

  async function connectTo(server: ListeningApp, user: { id: string }) {
    const connection = buildChatConnection(server.baseUrl, { cookie: await signIn(server.database, user) });
    open.push(connection);
    await connection.start();
    return connection;
  }

  it("delivers a message sent on one instance to the receiver and the sender's other tab on the other", async () => {
    const alice = await createUser(a.database);
    const bob = await createUser(a.database);
    const aliceOnA = await connectTo(a, alice);
    const aliceOnB = await connectTo(b, alice);
    const bobOnB = await connectTo(b, bob);
    const bobInbox = inbox(bobOnB);
    const aliceOtherTab = inbox(aliceOnB);
    const aliceSendingTab = inbox(aliceOnA);

    const atBob = bobInbox.next();
    const atOtherTab = aliceOtherTab.next();
    const sent = await aliceOnA.invoke<ChatMessage>('SendMessage', bob.id, 'across instances');
    expect(await atBob).toEqual(sent);
    expect(await atOtherTab).toEqual(sent);
    await aliceOnA.invoke('WatchPresence', []);
    expect(aliceSendingTab.received).toEqual([]);

    const reply = inbox(aliceOnA).next();
    await bobOnB.invoke('SendMessage', alice.id, 'and back');
    expect((await reply).text).toBe('and back');
  });

  it('shares presence: online on any instance, offline when the last connection closes', async () => {
    const carol = await createUser(a.database);
    const dave = await createUser(a.database);
    const carolOnA = await connectTo(a, carol);
    const changes: { userId: string; online: boolean }[] = [];
    carolOnA.on('PresenceChanged', (change) => changes.push(change));
    expect(await carolOnA.invoke('WatchPresence', [dave.id])).toEqual([{ userId: dave.id, online: false }]);

    const daveOnB = await connectTo(b, dave);
    await eventually(() => expect(changes.at(-1)).toEqual({ userId: dave.id, online: true }));
    const carolCookie = await signIn(a.database, carol);
    await carolOnA.invoke('SendMessage', dave.id, 'are you there?');
    const recent = await a.app.inject({ url: '/api/chat/recent-chats', headers: { cookie: carolCookie } });
    expect(recent.json()).toEqual([{ userId: dave.id, username: dave.username, online: true, unreadCount: 0 }]);

    await daveOnB.stop();
    await eventually(() => expect(changes.at(-1)).toEqual({ userId: dave.id, online: false }));
    const after = await a.app.inject({ url: '/api/chat/recent-chats', headers: { cookie: carolCookie } });
    expect(after.json()).toEqual([{ userId: dave.id, username: dave.username, online: false, unreadCount: 0 }]);
  });

  it('closes the connections of a signed-out session at once on every instance, and only those', async () => {
    const gina = await createUser(a.database);
    const harry = await createUser(a.database);
    const ginaCookie = await signIn(a.database, gina);
    const ginaOnB = buildChatConnection(b.baseUrl, { cookie: ginaCookie });
    const ginaOnA = buildChatConnection(a.baseUrl, { cookie: ginaCookie });
    open.push(ginaOnA, ginaOnB);
    await Promise.all([ginaOnA.start(), ginaOnB.start()]);
    const ginaOtherDevice = await connectTo(b, gina); // another session of hers
    const closedOnB = once<Error | undefined>((resolve) => ginaOnB.onclose((error) => resolve(error)));
    const closedOnA = once<Error | undefined>((resolve) => ginaOnA.onclose((error) => resolve(error)));

    const logout = await a.app.inject({ method: 'POST', url: '/api/account/logout', headers: { cookie: ginaCookie } });
    expect(logout.statusCode).toBe(200);
    expect((await closedOnA)?.message).toMatch(/session has ended/);
    expect((await closedOnB)?.message).toMatch(/session has ended/);
    await expect(ginaOnB.invoke('SendMessage', harry.id, 'after sign-out')).rejects.toThrow();

    expect(ginaOtherDevice.state).toBe(HubConnectionState.Connected);
    expect((await ginaOtherDevice.invoke<ChatMessage>('SendMessage', harry.id, 'from my phone')).text).toBe('from my phone');
    const history = await a.app.inject({
      url: `/api/chat/load-chat-history/${gina.id}`,
      headers: { cookie: await signIn(a.database, harry) },
    });
    expect(history.json().map((m: ChatMessage) => m.text)).toEqual(['from my phone']);
  });

  it("takes a dead instance's users offline once its presence entries expire", async () => {
    const erin = await createUser(a.database);
    const frank = await createUser(a.database);
    const frankOnA = await connectTo(a, frank);
    const changes: { userId: string; online: boolean }[] = [];
    frankOnA.on('PresenceChanged', (change) => changes.push(change));
    await frankOnA.invoke('WatchPresence', [erin.id]);

    // An instance that announces erin and then vanishes without cleaning up.
    const doomed = createRedisBackplane({ redisUrl: redisUrl!, keyPrefix: `${keyPrefix}:/chat`, presenceTtlMs: PRESENCE_TTL_MS });
    await doomed.start({ onDelivery: () => {}, onBroadcast: () => {}, onPresence: () => {} });
    await doomed.userConnected(erin.id);
    await eventually(() => expect(changes.at(-1)).toEqual({ userId: erin.id, online: true }));
    await doomed.close();

    await eventually(() => expect(changes.at(-1)).toEqual({ userId: erin.id, online: false }), PRESENCE_TTL_MS * 4);
  });
});
