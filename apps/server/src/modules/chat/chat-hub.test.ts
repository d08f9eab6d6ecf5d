import { randomUUID } from 'node:crypto';
import type { HttpTransportType, HubConnection } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@rentdrive/contracts/chat';
import { createUser, signIn } from '../../../test/factories';
import { buildChatConnection, inbox, once, startListeningApp, TRANSPORTS, type ListeningApp } from '../../../test/helpers/chat';

let server: ListeningApp;
const open: HubConnection[] = [];

beforeAll(async () => {
  server = await startListeningApp({ overrides: { chatRateLimit: { maxMessages: 1000, windowMs: 10_000 } } });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop()));
});
afterAll(async () => {
  await server.close();
});

async function signedInUser(name?: string) {
  const user = await createUser(server.database, name ? { username: name } : {});
  return { user, cookie: await signIn(server.database, user) };
}

async function connect(cookie: string | undefined, transport: HttpTransportType = TRANSPORTS.WebSockets, reconnectDelaysMs?: number[]) {
  const connection = buildChatConnection(server.baseUrl, { cookie, transport, reconnectDelaysMs });
  open.push(connection);
  await connection.start();
  return connection;
}

describe('chat hub with the official client', () => {
  for (const [name, transport] of Object.entries(TRANSPORTS)) {
    it(`sends and receives over ${name}`, async () => {
      const alice = await signedInUser();
      const bob = await signedInUser();
      const aliceConnection = await connect(alice.cookie, transport);
      const bobConnection = await connect(bob.cookie, transport);
      const bobInbox = inbox(bobConnection);
      const aliceInbox = inbox(aliceConnection);

      const arriving = bobInbox.next();
      const sent = await aliceConnection.invoke<ChatMessage>('SendMessage', bob.user.id, '  Hello Bob  ');
      expect(sent).toMatchObject({ senderId: alice.user.id, receiverId: bob.user.id, text: 'Hello Bob' });
      expect(sent.timeSent).toMatch(/Z$/);
      expect(await arriving).toEqual(sent);

      const reply = aliceInbox.next();
      await bobConnection.invoke('SendMessage', { ReceiverId: alice.user.id, TEXT: 'Hi Alice' });
      expect(await reply).toMatchObject({ senderId: bob.user.id, receiverId: alice.user.id, text: 'Hi Alice' });
    });
  }

  it('uses the session user as sender whatever the payload says', async () => {
    const alice = await signedInUser();
    const bob = await signedInUser();
    const carol = await signedInUser();
    const connection = await connect(alice.cookie);
    const sent = await connection.invoke<ChatMessage>('SendMessage', { senderId: bob.user.id, receiverId: carol.user.id, text: 'psst' });
    expect(sent.senderId).toBe(alice.user.id);
    const history = await server.app.inject({ url: `/api/chat/load-chat-history/${carol.user.id}`, headers: { cookie: bob.cookie } });
    expect(history.json()).toEqual([]);
  });

  it('refuses empty text, text over 1,000 characters, unknown receivers and oneself', async () => {
    const alice = await signedInUser();
    const bob = await signedInUser();
    const connection = await connect(alice.cookie);
    await expect(connection.invoke('SendMessage', bob.user.id, '   ')).rejects.toThrow('A message cannot be empty.');
    await expect(connection.invoke('SendMessage', bob.user.id, 'x'.repeat(1001))).rejects.toThrow('at most 1000 characters');
    await expect(connection.invoke('SendMessage', randomUUID(), 'hi')).rejects.toThrow('This user does not exist.');
    await expect(connection.invoke('SendMessage', 'not-a-user', 'hi')).rejects.toThrow('This user does not exist.');
    await expect(connection.invoke('SendMessage', alice.user.id, 'hi')).rejects.toThrow('You cannot send a message to yourself.');
    const exact = await connection.invoke<ChatMessage>('SendMessage', bob.user.id, ` ${'y'.repeat(1000)} `);
    expect(exact.text).toHaveLength(1000);
    const history = await server.app.inject({ url: `/api/chat/load-chat-history/${bob.user.id}`, headers: { cookie: alice.cookie } });
    expect(history.json()).toHaveLength(1);
  });

  it('refuses NUL and other control characters in the text, keeps tab and line breaks, and stores nothing refused', async () => {
    const alice = await signedInUser();
    const bob = await signedInUser();
    const connection = await connect(alice.cookie);
    for (const text of ['nul\u0000here', 'escape\u001b[31m', 'bell\u0007']) {
      await expect(connection.invoke('SendMessage', bob.user.id, text)).rejects.toThrow('text must not contain control characters.');
    }
    await expect(connection.invoke('SendMessage', { ReceiverId: bob.user.id, Text: 'x\u0000' })).rejects.toThrow('control characters');
    const kept = await connection.invoke<ChatMessage>('SendMessage', bob.user.id, 'two\n\tlines');
    expect(kept.text).toBe('two\n\tlines');
    const history = await server.app.inject({ url: `/api/chat/load-chat-history/${bob.user.id}`, headers: { cookie: alice.cookie } });
    expect(history.json().map((m: ChatMessage) => m.text)).toEqual(['two\n\tlines']);
  });

  it("never echoes to the sending connection but reaches the sender's other tab", async () => {
    const alice = await signedInUser();
    const bob = await signedInUser();
    const tab1 = await connect(alice.cookie);
    const tab2 = await connect(alice.cookie, TRANSPORTS.LongPolling);
    const bobConnection = await connect(bob.cookie);
    const tab1Inbox = inbox(tab1);
    const tab2Inbox = inbox(tab2);
    const bobInbox = inbox(bobConnection);

    const inOtherTab = tab2Inbox.next();
    const atBob = bobInbox.next();
    const sent = await tab1.invoke<ChatMessage>('SendMessage', bob.user.id, 'from tab one');
    expect(await inOtherTab).toEqual(sent);
    expect(await atBob).toEqual(sent);
    // A round trip on tab1 after the push: any echo would have arrived before the completion.
    await tab1.invoke('WatchPresence', []);
    expect(tab1Inbox.received).toEqual([]);
  });

  it('refuses to start without a session', async () => {
    const connection = buildChatConnection(server.baseUrl, {});
    await expect(connection.start()).rejects.toThrow(/401|Unauthorized/i);
    const negotiate = await server.app.inject({ method: 'POST', url: '/chat/negotiate?negotiateVersion=1' });
    expect(negotiate.statusCode).toBe(401);
  });

  it('reconnects after the server drops the socket', async () => {
    const alice = await signedInUser();
    const bob = await signedInUser();
    const aliceConnection = await connect(alice.cookie, TRANSPORTS.WebSockets, [0, 100]);
    const bobConnection = await connect(bob.cookie);
    const reconnecting = once<void>((resolve) => aliceConnection.onreconnecting(() => resolve()));
    const reconnected = once<string | undefined>((resolve) => aliceConnection.onreconnected((id) => resolve(id)));
    const firstId = aliceConnection.connectionId;

    for (const connection of server.app.chatHub.connectionsOf(alice.user.id)) connection.abort();
    await reconnecting;
    const newId = await reconnected;
    expect(newId).not.toBe(firstId);

    const aliceInbox = inbox(aliceConnection);
    const arriving = aliceInbox.next();
    await bobConnection.invoke('SendMessage', alice.user.id, 'still there?');
    expect((await arriving).text).toBe('still there?');
  });

  it('limits how fast one user sends', async () => {
    const limited = await startListeningApp({ overrides: { chatRateLimit: { maxMessages: 3, windowMs: 60_000 } } });
    try {
      const alice = await createUser(limited.database);
      const bob = await createUser(limited.database);
      const connection = buildChatConnection(limited.baseUrl, { cookie: await signIn(limited.database, alice) });
      await connection.start();
      for (let i = 0; i < 3; i++) await connection.invoke('SendMessage', bob.id, `m${i}`);
      await expect(connection.invoke('SendMessage', bob.id, 'one too many')).rejects.toThrow('You are sending messages too fast');
      await connection.stop();
    } finally {
      await limited.close();
    }
  });
});

describe('presence', () => {
  it('pushes PresenceChanged to watchers when a user comes and goes', async () => {
    const alice = await signedInUser();
    const bob = await signedInUser();
    const aliceConnection = await connect(alice.cookie);
    const changes: { userId: string; online: boolean }[] = [];
    let notify: (() => void) | undefined;
    aliceConnection.on('PresenceChanged', (change) => {
      changes.push(change);
      notify?.();
    });
    const initial = await aliceConnection.invoke('WatchPresence', [bob.user.id]);
    expect(initial).toEqual([{ userId: bob.user.id, online: false }]);

    let arrived = new Promise<void>((resolve) => (notify = resolve));
    const bobConnection = await connect(bob.cookie, TRANSPORTS.ServerSentEvents);
    await arrived;
    expect(changes.at(-1)).toEqual({ userId: bob.user.id, online: true });

    arrived = new Promise<void>((resolve) => (notify = resolve));
    await bobConnection.stop();
    await arrived;
    expect(changes.at(-1)).toEqual({ userId: bob.user.id, online: false });
  });
});
