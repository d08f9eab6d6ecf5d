import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@rentdrive/contracts/chat';
import { createUser, signIn } from '../../../test/factories';
import { buildChatConnection, inbox, startListeningApp, type ListeningApp } from '../../../test/helpers/chat';
import { createChatRepository } from './chat.repository';

let server: ListeningApp;
beforeAll(async () => {
  server = await startListeningApp();
});
afterAll(async () => {
  await server.close();
});

const unreadCount = async (cookie?: string) => server.app.inject({ url: '/api/chat/unread-count', headers: cookie ? { cookie } : {} });

const markRead = async (partnerId: string, body: unknown, cookie?: string) =>
  server.app.inject({
    method: 'POST',
    url: `/api/chat/mark-read/${partnerId}`,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });

/** Two signed-in users and a way to store a message from one to the other. */
async function people() {
  const me = await createUser(server.database);
  const bob = await createUser(server.database);
  const carol = await createUser(server.database);
  const cookie = await signIn(server.database, me);
  const repo = createChatRepository(server.database.db);
  const store = (senderId: string, receiverId: string, text: string) =>
    repo.insertMessage({ senderId, receiverId, text, sentAt: server.clock.now() });
  return { me, bob, carol, cookie, store };
}

describe('chat unread count', () => {
  it('answers 401 to anonymous callers', async () => {
    const someone = await createUser(server.database);
    const response = await unreadCount();
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect((await markRead(someone.id, { messageId: someone.id })).statusCode).toBe(401);
    // Even with a bad body or path, an anonymous caller learns only that they must sign in.
    expect((await markRead('not-a-uuid', {})).statusCode).toBe(401);
  });

  it('counts a message sent over the hub to the receiver only, and zero for a new user', async () => {
    const { me, bob, cookie } = await people();
    expect((await unreadCount(cookie)).json()).toEqual({ count: 0 });

    const bobCookie = await signIn(server.database, bob);
    const bobConnection = buildChatConnection(server.baseUrl, { cookie: bobCookie });
    const myConnection = buildChatConnection(server.baseUrl, { cookie });
    await Promise.all([bobConnection.start(), myConnection.start()]);
    const arrived = inbox(myConnection).next();
    await bobConnection.invoke('SendMessage', me.id, 'Is the van free on Friday?');
    const message: ChatMessage = await arrived;

    expect((await unreadCount(cookie)).json()).toEqual({ count: 1 });
    // The sender's own message is not unread for them.
    expect((await unreadCount(bobCookie)).json()).toEqual({ count: 0 });

    expect((await markRead(bob.id, { messageId: message.id }, cookie)).json()).toEqual({ count: 0 });
    expect((await unreadCount(cookie)).json()).toEqual({ count: 0 });
    await Promise.all([bobConnection.stop(), myConnection.stop()]);
  });

  it('sums every conversation, lists each one in recent chats, and reading one leaves the others', async () => {
    const { me, bob, carol, cookie, store } = await people();
    await store(bob.id, me.id, 'one');
    const bobSecond = await store(bob.id, me.id, 'two');
    await store(me.id, bob.id, 'my answer');
    await store(carol.id, me.id, 'hello from carol');

    expect((await unreadCount(cookie)).json()).toEqual({ count: 3 });
    const recent = (await server.app.inject({ url: '/api/chat/recent-chats', headers: { cookie } })).json();
    expect(recent).toEqual([
      { userId: carol.id, username: carol.username, online: false, unreadCount: 1 },
      { userId: bob.id, username: bob.username, online: false, unreadCount: 2 },
    ]);

    const response = await markRead(bob.id, { messageId: bobSecond.id }, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 1 });
    const after = (await server.app.inject({ url: '/api/chat/recent-chats', headers: { cookie } })).json();
    expect(after.map((u: { unreadCount: number }) => u.unreadCount)).toEqual([1, 0]);
  });

  it('reads up to the given message: a later one stays unread, and an older mark never undoes a newer one', async () => {
    const { me, bob, cookie, store } = await people();
    const first = await store(bob.id, me.id, 'first');
    const second = await store(bob.id, me.id, 'second');
    await store(bob.id, me.id, 'arrived after the reader looked');

    expect((await markRead(bob.id, { messageId: second.id }, cookie)).json()).toEqual({ count: 1 });
    // A late request about an older message (a slow tab) changes nothing.
    expect((await markRead(bob.id, { messageId: first.id }, cookie)).json()).toEqual({ count: 1 });
    expect((await unreadCount(cookie)).json()).toEqual({ count: 1 });
  });

  it('refuses a message that is not from that user to the caller, and bad input, without changing anything', async () => {
    const { me, bob, carol, cookie, store } = await people();
    const fromBob = await store(bob.id, me.id, 'for me');
    const mine = await store(me.id, bob.id, 'my own');
    const notMine = await store(bob.id, carol.id, 'for carol');

    // The message exists but is from someone else, was sent by me, or went to someone else.
    for (const [partnerId, messageId] of [
      [carol.id, fromBob.id],
      [bob.id, mine.id],
      [bob.id, notMine.id],
    ] as const) {
      const response = await markRead(partnerId, { messageId }, cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'This message does not exist.' });
    }

    const badId = await markRead(bob.id, { messageId: 'nope' }, cookie);
    expect(badId.statusCode).toBe(400);
    expect(badId.headers['content-type']).toContain('application/problem+json');
    expect((await markRead(bob.id, {}, cookie)).statusCode).toBe(400);
    expect((await markRead('not-a-uuid', { messageId: fromBob.id }, cookie)).statusCode).toBe(400);

    expect((await unreadCount(cookie)).json()).toEqual({ count: 1 });
    // Carol's count did not move either: the message to her is still unread.
    expect((await unreadCount(await signIn(server.database, carol))).json()).toEqual({ count: 1 });
  });
});
