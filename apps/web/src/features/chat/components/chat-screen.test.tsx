import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Account } from '@rentdrive/contracts/account';
import type { ChatMessage } from '@rentdrive/contracts/chat';
import { Chat } from '@rentdrive/contracts/chat';
import { useLiveHub } from '../../../lib/live-hub';
import { fakeHub, type FakeHubConnection } from '../../../test/fake-signalr';
import { endpointResponse, jsonResponse, sentJson, stubFetch } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { ChatScreen } from './chat-screen';
import { ChatNavLabel } from './unread-badge';

const ME = '00000000-0000-4000-8000-000000000001';
const BOB = { userId: '00000000-0000-4000-8000-000000000002', username: 'bob', online: true };
const CAROL = { userId: '00000000-0000-4000-8000-000000000003', username: 'carol', online: false };
/** Message ids are uuids on the wire (the history's schema says so). */
const MESSAGE_IDS = {
  m1: '00000000-0000-4000-8000-000000000101',
  m2: '00000000-0000-4000-8000-000000000102',
  m3: '00000000-0000-4000-8000-000000000103',
  c1: '00000000-0000-4000-8000-000000000111',
  c2: '00000000-0000-4000-8000-000000000112',
  b1: '00000000-0000-4000-8000-000000000121',
  b2: '00000000-0000-4000-8000-000000000122',
  b3: '00000000-0000-4000-8000-000000000123',
};
const DAVE = { userId: '00000000-0000-4000-8000-000000000004', username: 'dave', online: false };

// The SignalR client: the tab's one connection, built by the live hub (lib/live-hub).
vi.mock('@microsoft/signalr', async () => (await import('../../../test/fake-signalr')).fakeSignalRModule);

/** The connection the live hub opened (the only one, as the tests check). */
function hub(): FakeHubConnection {
  const open = fakeHub.open();
  expect(open).toHaveLength(1);
  return open[0]!;
}

/** The app layout's part: the tab's live hub connection for the signed-in user. */
function LiveHub({ children }: { children: ReactNode }) {
  useLiveHub(ME);
  return children;
}

/** The chat screen as the app shows it, below the layout that opens the live connection; resolves once connected. */
async function renderChat(url = '/chat', extra?: ReactNode) {
  const result = renderWithApp(
    <LiveHub>
      {extra}
      <ChatScreen me={ME} />
    </LiveHub>,
    { path: '/chat', url },
  );
  await vi.waitFor(() => expect(fakeHub.open()[0]?.state).toBe('Connected'));
  return result;
}

/** What the server holds: each conversation's history and unread count, and the marks it was sent. */
const server = {
  history: {} as Record<string, ChatMessage[]>,
  unread: {} as Record<string, number>,
  marks: [] as { partnerId: string; messageId: string }[],
  online: new Set<string>(),
};
const totalUnread = () => Object.values(server.unread).reduce((a, b) => a + b, 0);

let fetchMock: ReturnType<typeof stubFetch>;
function stubServer() {
  fetchMock = stubFetch((url, init) => {
    if (url.endsWith('/api/account/session')) {
      return endpointResponse(Account.session, {
        user: {
          id: ME,
          userName: 'me',
          username: 'me',
          email: 'me@example.com',
          phoneNumber: null,
          memberSince: '2026-01-01T00:00:00Z',
          isCompanyEmployee: false,
          balance: 0,
          pendingBalance: 0,
          withdrawableBalance: 0,
          refundableToCard: 0,
        },
      });
    }
    if (url.endsWith('/api/chat/recent-chats'))
      return endpointResponse(
        Chat.recentChats,
        [BOB, CAROL].map((u) => ({ ...u, unreadCount: server.unread[u.userId] ?? 0 })),
      );
    if (url.endsWith('/api/chat/unread-count')) return endpointResponse(Chat.unreadCount, { count: totalUnread() });
    if (url.includes('/api/chat/mark-read/') && init?.method === 'POST') {
      const partnerId = url.split('/').at(-1)!;
      server.marks.push({ partnerId, messageId: (sentJson(init) as { messageId: string }).messageId });
      server.unread[partnerId] = 0;
      return endpointResponse(Chat.markRead, { count: totalUnread() });
    }
    if (url.includes('/api/chat/load-chat-history/')) return endpointResponse(Chat.history, server.history[url.split('/').at(-1)!] ?? []);
    if (url.includes('/api/chat/search-users/')) return endpointResponse(Chat.searchUsers, url.endsWith('/da') ? [DAVE] : []);
    return jsonResponse({}, 404);
  });
}

/** A message from `from` to me reaches the server (stored, counted unread) and is pushed over the hub. */
function arrive(message: ChatMessage) {
  server.history[message.senderId] = [...(server.history[message.senderId] ?? []), message];
  server.unread[message.senderId] = (server.unread[message.senderId] ?? 0) + 1;
  act(() => hub().push('ReceiveMessage', message));
}

/** What the hub answers: SendMessage stores and returns the message, WatchPresence says who is online. */
function answerHub(method: string, args: unknown[]): Promise<unknown> {
  if (method === 'WatchPresence') {
    const ids = args[0] as string[];
    return Promise.resolve(ids.map((userId) => ({ userId, online: server.online.has(userId) })));
  }
  const [receiverId, text] = args as [string, string];
  return Promise.resolve({ id: `sent-${text}`, senderId: ME, receiverId, text, timeSent: '2026-06-01T10:00:00Z' });
}

beforeEach(() => {
  fakeHub.reset();
  fakeHub.answer = answerHub;
  Object.assign(server, { history: {}, unread: {}, marks: [], online: new Set([BOB.userId]) });
  stubServer();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** How often the screen asked for the recent chats list. */
const recentChatsFetches = () =>
  fetchMock.mock.calls.filter(([input]) => typeof input === 'string' && input.endsWith('/api/chat/recent-chats')).length;

/** The presence watch lists the screen sent over the connection, in order. */
function watchLists(connection: FakeHubConnection) {
  return connection.invocations.filter((i) => i.method === 'WatchPresence').map((i) => i.args[0]);
}

/** Usernames in the sidebar, top to bottom (each button reads initial, name, presence). */
function recentNames() {
  return within(screen.getByRole('list', { name: 'Recent chats' }))
    .getAllByRole('button')
    .map((b) => (b.textContent ?? '').slice(1).replace(/(Online|Offline).*/, ''));
}

describe('ChatScreen', () => {
  it('lists recent chats with presence and waits for a pick', async () => {
    await renderChat();
    expect(await screen.findByRole('button', { name: /bob/ })).toHaveTextContent('Online');
    expect(screen.getByRole('button', { name: /carol/ })).toHaveTextContent('Offline');
    expect(screen.getByText('Select a user to start chatting')).toBeInTheDocument();
  });

  it('raises the sender of a message for another conversation with an unread mark', async () => {
    await renderChat();
    await userEvent.click(await screen.findByRole('button', { name: /bob/ }));
    arrive({ id: MESSAGE_IDS.m1, senderId: CAROL.userId, receiverId: ME, text: 'psst', timeSent: '2026-06-01T10:00:00Z' });
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('1');
    expect(recentNames()[0]).toBe('carol');
    expect(screen.queryByText('psst')).not.toBeInTheDocument();

    arrive({ id: MESSAGE_IDS.m2, senderId: BOB.userId, receiverId: ME, text: 'hello there', timeSent: '2026-06-01T10:01:00Z' });
    expect(await screen.findByText('hello there')).toBeInTheDocument();
    // Shown in the open conversation, so read at once; carol's message is not.
    await vi.waitFor(() => expect(server.marks).toEqual([{ partnerId: BOB.userId, messageId: MESSAGE_IDS.m2 }]));
    expect(screen.getAllByTestId('unread-badge')).toHaveLength(1);
  });

  it('shows the unread marks the server counted, and opening a conversation lowers the header badge', async () => {
    const fromBob = (id: string, text: string) => ({ id, senderId: BOB.userId, receiverId: ME, text, timeSent: '2026-06-01T09:00:00Z' });
    server.history[BOB.userId] = [
      fromBob(MESSAGE_IDS.b1, 'Is the van free?'),
      { ...fromBob(MESSAGE_IDS.b2, 'Yes'), senderId: ME, receiverId: BOB.userId },
      fromBob(MESSAGE_IDS.b3, 'Great, Friday then'),
    ];
    server.unread = { [BOB.userId]: 2, [CAROL.userId]: 1 };
    await renderChat(
      '/chat',
      // The header's chat link, as the layout draws it.
      <a href="/chat">
        <ChatNavLabel userId={ME} label="Chat" />
      </a>,
    );
    expect(await screen.findByRole('link', { name: 'Chat, 3 unread' })).toBeInTheDocument();
    const bobButton = await screen.findByRole('button', { name: /bob/ });
    expect(within(bobButton).getByTestId('unread-badge')).toHaveTextContent('2');

    await userEvent.click(bobButton);
    expect(await screen.findByText('Great, Friday then')).toBeInTheDocument();
    // Read up to bob's newest message; the badge now counts carol's message only.
    expect(await screen.findByRole('link', { name: 'Chat, 1 unread' })).toBeInTheDocument();
    expect(server.marks).toEqual([{ partnerId: BOB.userId, messageId: MESSAGE_IDS.b3 }]);
    expect(within(screen.getByRole('button', { name: /bob/ })).queryByTestId('unread-badge')).not.toBeInTheDocument();

    // A message from someone else, while here, raises the badge at once.
    arrive({ id: MESSAGE_IDS.c2, senderId: CAROL.userId, receiverId: ME, text: 'Hello?', timeSent: '2026-06-01T10:00:00Z' });
    expect(await screen.findByRole('link', { name: 'Chat, 2 unread' })).toBeInTheDocument();
    expect(within(screen.getByRole('button', { name: /carol/ })).getByTestId('unread-badge')).toHaveTextContent('2');
  });

  it('waits for the tab to be in front before marking a message read', async () => {
    await renderChat();
    await userEvent.click(await screen.findByRole('button', { name: /bob/ }));
    await screen.findByRole('heading', { name: 'Chat with bob' });
    const setVisibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      act(() => {
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      });
    };
    try {
      setVisibility('hidden');
      arrive({ id: MESSAGE_IDS.m3, senderId: BOB.userId, receiverId: ME, text: 'are you there?', timeSent: '2026-06-01T10:02:00Z' });
      expect(await screen.findByText('are you there?')).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.marks).toEqual([]);
      setVisibility('visible');
      await vi.waitFor(() => expect(server.marks).toEqual([{ partnerId: BOB.userId, messageId: MESSAGE_IDS.m3 }]));
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });

  it('moves a user picked from search to the top once and clears the box', async () => {
    await renderChat();
    await screen.findByRole('button', { name: /bob/ });
    const search = screen.getByPlaceholderText('Search users...');
    await userEvent.type(search, 'da');
    await userEvent.click(await screen.findByRole('option', { name: 'dave' }));
    expect(search).toHaveValue('');
    expect(screen.getByRole('heading', { name: 'Chat with dave' })).toBeInTheDocument();
    expect(recentNames()).toEqual(['dave', 'bob', 'carol']);
  });

  it('shows Reconnecting... while the client retries', async () => {
    await renderChat();
    await screen.findByRole('button', { name: /bob/ });
    act(() => hub().drop());
    expect(screen.getByText('Reconnecting...')).toBeInTheDocument();
    act(() => hub().restore());
    expect(screen.queryByText('Reconnecting...')).not.toBeInTheDocument();
  });

  it("sends, receives and follows presence over the tab's one connection, which the header badge shares", async () => {
    await renderChat(
      '/chat',
      <a href="/chat">
        <ChatNavLabel userId={ME} label="Chat" />
      </a>,
    );
    await userEvent.click(await screen.findByRole('button', { name: /bob/ }));
    expect(await screen.findByTestId('partner-presence')).toHaveTextContent('Online');
    // One connection for the whole tab: the screen opened none of its own.
    expect(fakeHub.built).toHaveLength(1);
    expect(hub().url).toBe('/chat');
    expect(watchLists(hub()).at(-1)).toEqual([BOB.userId, CAROL.userId].sort());

    await userEvent.type(screen.getByPlaceholderText('Type a message...'), 'Is the van free?{Enter}');
    expect(await screen.findByText('Is the van free?')).toBeInTheDocument();
    expect(hub().invocations).toContainEqual({ method: 'SendMessage', args: [BOB.userId, 'Is the van free?'] });

    act(() => hub().push('PresenceChanged', { userId: BOB.userId, online: false }));
    expect(screen.getByTestId('partner-presence')).toHaveTextContent('Offline');

    // A message for another conversation reaches the screen and the header's badge over the same connection.
    arrive({ id: MESSAGE_IDS.c1, senderId: CAROL.userId, receiverId: ME, text: 'psst', timeSent: '2026-06-01T10:01:00Z' });
    expect(await screen.findByRole('link', { name: 'Chat, 1 unread' })).toBeInTheDocument();
    expect(within(screen.getByRole('button', { name: /carol/ })).getByTestId('unread-badge')).toHaveTextContent('1');
    expect(fakeHub.built).toHaveLength(1);
  });

  it('stops following presence when the screen is left, and the connection stays open for the rest of the app', async () => {
    function Leavable() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button onClick={() => setShown(false)}>Leave chat</button>
          {shown && <ChatScreen me={ME} />}
        </>
      );
    }
    renderWithApp(
      <LiveHub>
        <Leavable />
      </LiveHub>,
      { path: '/chat' },
    );
    await screen.findByRole('button', { name: /bob/ });
    await vi.waitFor(() => expect(watchLists(hub()).at(-1)).toEqual([BOB.userId, CAROL.userId].sort()));

    await userEvent.click(screen.getByRole('button', { name: 'Leave chat' }));
    expect(watchLists(hub()).at(-1)).toEqual([]);
    expect(hub().state).toBe('Connected');
  });

  it('Reconnect, once the retries gave up, opens the connection again, watches presence again and refreshes the lists', async () => {
    await renderChat();
    await screen.findByRole('button', { name: /bob/ });
    const first = hub();
    await vi.waitFor(() => expect(watchLists(first)).toHaveLength(1));
    const listFetches = recentChatsFetches();

    act(() => first.giveUp());
    expect(screen.getByRole('alert')).toHaveTextContent('Disconnected from chat. Messages cannot be sent.');
    server.online.delete(BOB.userId);
    await userEvent.click(screen.getByRole('button', { name: 'Reconnect' }));

    await vi.waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(fakeHub.built).toHaveLength(2);
    expect(first.stopped).toBe(true);
    const second = hub();
    await vi.waitFor(() => expect(watchLists(second)).toEqual([[BOB.userId, CAROL.userId].sort()]));
    expect(await screen.findByRole('button', { name: /bob/ })).toHaveTextContent('Offline');
    await vi.waitFor(() => expect(recentChatsFetches()).toBeGreaterThan(listFetches));
  });

  it("opens the conversation a link names ('/chat?user=<id>', a message notification's link)", async () => {
    server.history[CAROL.userId] = [
      { id: MESSAGE_IDS.c1, senderId: CAROL.userId, receiverId: ME, text: 'psst', timeSent: '2026-06-01T10:00:00Z' },
    ];
    await renderChat(`/chat?user=${CAROL.userId}`);
    expect(await screen.findByRole('heading', { name: 'Chat with carol' })).toBeInTheDocument();
    expect(await screen.findByText('psst')).toBeInTheDocument();
  });
});
