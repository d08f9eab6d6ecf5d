import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../../test/factories';
import { buildChatConnection, eventually, startListeningApp, type ListeningApp } from '../../../test/helpers/chat';
import { createChatRepository } from './chat.repository';

let server: ListeningApp;
beforeAll(async () => {
  server = await startListeningApp();
});
afterAll(async () => {
  await server.close();
});

async function get(url: string, cookie?: string) {
  return server.app.inject({ url, headers: cookie ? { cookie } : {} });
}

async function send(connection: HubConnection, receiverId: string, text: string) {
  await connection.invoke('SendMessage', receiverId, text);
}

describe('chat REST', () => {
  it('answers 401 to anonymous callers', async () => {
    const someone = await createUser(server.database);
    for (const url of [
      `/api/chat/load-chat-history/${someone.id}`,
      '/api/chat/search-users/a',
      '/api/chat/recent-chats',
      '/api/chat/unread-count',
    ]) {
      expect((await get(url)).statusCode).toBe(401);
    }
  });

  it('loads the history of one conversation, oldest first, last 200', async () => {
    const alice = await createUser(server.database);
    const bob = await createUser(server.database);
    const carol = await createUser(server.database);
    const aliceCookie = await signIn(server.database, alice);
    const connection = buildChatConnection(server.baseUrl, { cookie: aliceCookie });
    const bobConnection = buildChatConnection(server.baseUrl, { cookie: await signIn(server.database, bob) });
    await Promise.all([connection.start(), bobConnection.start()]);
    await send(connection, bob.id, 'first');
    await send(bobConnection, alice.id, 'second');
    await send(connection, carol.id, 'elsewhere');
    await send(connection, bob.id, 'third');

    const history = (await get(`/api/chat/load-chat-history/${bob.id}`, aliceCookie)).json();
    expect(history.map((m: { text: string }) => m.text)).toEqual(['first', 'second', 'third']);
    expect(history[1]).toEqual({
      id: expect.any(String),
      senderId: bob.id,
      receiverId: alice.id,
      text: 'second',
      timeSent: server.clock.now().toISOString(),
    });
    expect((await get(`/api/chat/load-chat-history/not-a-uuid`, aliceCookie)).statusCode).toBe(400);

    const repo = createChatRepository(server.database.db);
    const startMs = server.clock.now().getTime();
    for (let i = 0; i < 205; i++) {
      await repo.insertMessage({ senderId: alice.id, receiverId: carol.id, text: `bulk ${i}`, sentAt: new Date(startMs + i * 1000) });
    }
    const long = (await get(`/api/chat/load-chat-history/${carol.id}`, aliceCookie)).json();
    expect(long).toHaveLength(200);
    expect(long.at(-1).text).toBe('bulk 204');
    expect(long[0].text).toBe('bulk 5');
    await Promise.all([connection.stop(), bobConnection.stop()]);
  }, 60_000);

  it('searches usernames case-insensitively with literal wildcards, without the caller or the company account', async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    const me = await createUser(server.database, { username: `${tag}_me` });
    await createUser(server.database, { username: `${tag}_Zed` });
    await createUser(server.database, { username: `${tag}xZed` });
    await createUser(server.database, { username: `${tag}_company`, isCompanyAccount: true });
    const cookie = await signIn(server.database, me);

    const names = async (text: string) =>
      (await get(`/api/chat/search-users/${encodeURIComponent(text)}`, cookie)).json<{ username: string }[]>().map((u) => u.username);
    expect(await names(`${tag}_ZED`)).toEqual([`${tag}_Zed`]);
    expect((await names(`${tag}`)).sort()).toEqual([`${tag}_Zed`, `${tag}xZed`].sort());
    expect(await names(`${tag}%`)).toEqual([]);
    const found = (await get(`/api/chat/search-users/${tag}_z`, cookie)).json();
    expect(found).toEqual([{ userId: expect.any(String), username: `${tag}_Zed`, online: false }]);

    for (let i = 0; i < 12; i++) await createUser(server.database, { username: `${tag}many${i}` });
    expect(await names(`${tag}many`)).toHaveLength(10);
  });

  it('lists recent chats by latest message with online flags and unread counts', async () => {
    const me = await createUser(server.database);
    const first = await createUser(server.database);
    const second = await createUser(server.database);
    const cookie = await signIn(server.database, me);
    const mine = buildChatConnection(server.baseUrl, { cookie });
    const firstConnection = buildChatConnection(server.baseUrl, { cookie: await signIn(server.database, first) });
    await Promise.all([mine.start(), firstConnection.start()]);
    await send(mine, first.id, 'hello first');
    server.clock.set(new Date(server.clock.now().getTime() + 60_000));
    await send(mine, second.id, 'hello second');

    let recent = (await get('/api/chat/recent-chats', cookie)).json();
    expect(recent).toEqual([
      { userId: second.id, username: second.username, online: false, unreadCount: 0 },
      { userId: first.id, username: first.username, online: true, unreadCount: 0 },
    ]);

    server.clock.set(new Date(server.clock.now().getTime() + 60_000));
    await send(firstConnection, me.id, 'back to you');
    await firstConnection.stop();
    await eventually(async () => {
      recent = (await get('/api/chat/recent-chats', cookie)).json();
      expect(recent).toEqual([
        { userId: first.id, username: first.username, online: false, unreadCount: 1 },
        { userId: second.id, username: second.username, online: false, unreadCount: 0 },
      ]);
    });
    await mine.stop();
  });
});
