import { HubConnectionState } from '@microsoft/signalr';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@rentdrive/contracts/chat';
import { jsonResponse, sentJson, stubFetch } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { ChatScreen } from './chat-screen';
import { ChatNavLabel } from './unread-badge';

const ME = '00000000-0000-4000-8000-000000000001';
const BOB = { userId: '00000000-0000-4000-8000-000000000002', username: 'bob', online: true };
const CAROL = { userId: '00000000-0000-4000-8000-000000000003', username: 'carol', online: false };
const DAVE = { userId: '00000000-0000-4000-8000-000000000004', username: 'dave', online: false };

/** A stand-in for the hub connection: the test fires server pushes and lifecycle events. */
const fake = vi.hoisted(() => {
  const handlers = new Map<string, (arg: unknown) => void>();
  const lifecycle: { reconnecting?: () => void; reconnected?: () => void; close?: () => void } = {};
  const connection = {
    state: 'Connected',
    on: (name: string, handler: (arg: unknown) => void) => handlers.set(name, handler),
    onreconnecting: (handler: () => void) => (lifecycle.reconnecting = handler),
    onreconnected: (handler: () => void) => (lifecycle.reconnected = handler),
    onclose: (handler: () => void) => (lifecycle.close = handler),
    start: () => Promise.resolve(),
    stop: () => Promise.resolve(),
    invoke: (method: string, ...args: unknown[]): Promise<unknown> => {
      if (method === 'WatchPresence') return Promise.resolve([]);
      const [receiverId, text] = args as [string, string];
      return Promise.resolve({
        id: `sent-${text}`,
        senderId: '00000000-0000-4000-8000-000000000001',
        receiverId,
        text,
        timeSent: '2026-06-01T10:00:00Z',
      });
    },
  };
  return { handlers, lifecycle, connection };
});
vi.mock('../lib/chat-connection', () => ({ createChatConnection: () => fake.connection, RECONNECT_DELAYS_MS: [0, 2000, 10000, 30000] }));

/** What the server holds: each conversation's history and unread count, and the marks it was sent. */
const server = {
  history: {} as Record<string, ChatMessage[]>,
  unread: {} as Record<string, number>,
  marks: [] as { partnerId: string; messageId: string }[],
};
const totalUnread = () => Object.values(server.unread).reduce((a, b) => a + b, 0);

function stubServer() {
  stubFetch((url, init) => {
    if (url.endsWith('/api/account/session')) {
      return jsonResponse({
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
        },
      });
    }
    if (url.endsWith('/api/chat/recent-chats'))
      return jsonResponse([BOB, CAROL].map((u) => ({ ...u, unreadCount: server.unread[u.userId] ?? 0 })));
    if (url.endsWith('/api/chat/unread-count')) return jsonResponse({ count: totalUnread() });
    if (url.includes('/api/chat/mark-read/') && init?.method === 'POST') {
      const partnerId = url.split('/').at(-1)!;
      server.marks.push({ partnerId, messageId: (sentJson(init) as { messageId: string }).messageId });
      server.unread[partnerId] = 0;
      return jsonResponse({ count: totalUnread() });
    }
    if (url.includes('/api/chat/load-chat-history/')) return jsonResponse(server.history[url.split('/').at(-1)!] ?? []);
    if (url.includes('/api/chat/search-users/')) return jsonResponse(url.endsWith('/da') ? [DAVE] : []);
    return jsonResponse({}, 404);
  });
}

/** A message from `from` to me reaches the server (stored, counted unread) and is pushed over the hub. */
function arrive(message: ChatMessage) {
  server.history[message.senderId] = [...(server.history[message.senderId] ?? []), message];
  server.unread[message.senderId] = (server.unread[message.senderId] ?? 0) + 1;
  act(() => fake.handlers.get('ReceiveMessage')!(message));
}

beforeEach(() => {
  fake.connection.state = HubConnectionState.Connected;
  Object.assign(server, { history: {}, unread: {}, marks: [] });
  stubServer();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Usernames in the sidebar, top to bottom (each button reads initial, name, presence). */
function recentNames() {
  return within(screen.getByRole('list', { name: 'Recent chats' }))
    .getAllByRole('button')
    .map((b) => (b.textContent ?? '').slice(1).replace(/(Online|Offline).*/, ''));
}

describe('ChatScreen', () => {
  it('lists recent chats with presence and waits for a pick', async () => {
    renderWithApp(<ChatScreen me={ME} />, { path: '/chat' });
    expect(await screen.findByRole('button', { name: /bob/ })).toHaveTextContent('Online');
    expect(screen.getByRole('button', { name: /carol/ })).toHaveTextContent('Offline');
    expect(screen.getByText('Select a user to start chatting')).toBeInTheDocument();
  });

  it('raises the sender of a message for another conversation with an unread mark', async () => {
    renderWithApp(<ChatScreen me={ME} />, { path: '/chat' });
    await userEvent.click(await screen.findByRole('button', { name: /bob/ }));
    arrive({ id: 'm1', senderId: CAROL.userId, receiverId: ME, text: 'psst', timeSent: '2026-06-01T10:00:00Z' });
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('1');
    expect(recentNames()[0]).toBe('carol');
    expect(screen.queryByText('psst')).not.toBeInTheDocument();

    arrive({ id: 'm2', senderId: BOB.userId, receiverId: ME, text: 'hello there', timeSent: '2026-06-01T10:01:00Z' });
    expect(await screen.findByText('hello there')).toBeInTheDocument();
    // Shown in the open conversation, so read at once; carol's message is not.
    await vi.waitFor(() => expect(server.marks).toEqual([{ partnerId: BOB.userId, messageId: 'm2' }]));
    expect(screen.getAllByTestId('unread-badge')).toHaveLength(1);
  });

  it('shows the unread marks the server counted, and opening a conversation lowers the header badge', async () => {
    const fromBob = (id: string, text: string) => ({ id, senderId: BOB.userId, receiverId: ME, text, timeSent: '2026-06-01T09:00:00Z' });
    server.history[BOB.userId] = [
      fromBob('b1', 'Is the van free?'),
      { ...fromBob('b2', 'Yes'), senderId: ME, receiverId: BOB.userId },
      fromBob('b3', 'Great, Friday then'),
    ];
    server.unread = { [BOB.userId]: 2, [CAROL.userId]: 1 };
    renderWithApp(
      <>
        {/* The header's chat link, as the layout draws it. */}
        <a href="/chat">
          <ChatNavLabel userId={ME} label="Chat" />
        </a>
        <ChatScreen me={ME} />
      </>,
      { path: '/chat' },
    );
    expect(await screen.findByRole('link', { name: 'Chat, 3 unread' })).toBeInTheDocument();
    const bobButton = await screen.findByRole('button', { name: /bob/ });
    expect(within(bobButton).getByTestId('unread-badge')).toHaveTextContent('2');

    await userEvent.click(bobButton);
    expect(await screen.findByText('Great, Friday then')).toBeInTheDocument();
    // Read up to bob's newest message; the badge now counts carol's message only.
    expect(await screen.findByRole('link', { name: 'Chat, 1 unread' })).toBeInTheDocument();
    expect(server.marks).toEqual([{ partnerId: BOB.userId, messageId: 'b3' }]);
    expect(within(screen.getByRole('button', { name: /bob/ })).queryByTestId('unread-badge')).not.toBeInTheDocument();

    // A message from someone else, while here, raises the badge at once.
    arrive({ id: 'c2', senderId: CAROL.userId, receiverId: ME, text: 'Hello?', timeSent: '2026-06-01T10:00:00Z' });
    expect(await screen.findByRole('link', { name: 'Chat, 2 unread' })).toBeInTheDocument();
    expect(within(screen.getByRole('button', { name: /carol/ })).getByTestId('unread-badge')).toHaveTextContent('2');
  });

  it('waits for the tab to be in front before marking a message read', async () => {
    renderWithApp(<ChatScreen me={ME} />, { path: '/chat' });
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
      arrive({ id: 'm3', senderId: BOB.userId, receiverId: ME, text: 'are you there?', timeSent: '2026-06-01T10:02:00Z' });
      expect(await screen.findByText('are you there?')).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.marks).toEqual([]);
      setVisibility('visible');
      await vi.waitFor(() => expect(server.marks).toEqual([{ partnerId: BOB.userId, messageId: 'm3' }]));
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });

  it('moves a user picked from search to the top once and clears the box', async () => {
    renderWithApp(<ChatScreen me={ME} />, { path: '/chat' });
    await screen.findByRole('button', { name: /bob/ });
    const search = screen.getByPlaceholderText('Search users...');
    await userEvent.type(search, 'da');
    await userEvent.click(await screen.findByRole('option', { name: 'dave' }));
    expect(search).toHaveValue('');
    expect(screen.getByRole('heading', { name: 'Chat with dave' })).toBeInTheDocument();
    expect(recentNames()).toEqual(['dave', 'bob', 'carol']);
  });

  it('shows Reconnecting... while the client retries', async () => {
    renderWithApp(<ChatScreen me={ME} />, { path: '/chat' });
    await screen.findByRole('button', { name: /bob/ });
    act(() => fake.lifecycle.reconnecting!());
    expect(screen.getByText('Reconnecting...')).toBeInTheDocument();
    act(() => fake.lifecycle.reconnected!());
    expect(screen.queryByText('Reconnecting...')).not.toBeInTheDocument();
  });

  it("opens the conversation a link names ('/chat?user=<id>', a message notification's link)", async () => {
    server.history[CAROL.userId] = [{ id: 'c1', senderId: CAROL.userId, receiverId: ME, text: 'psst', timeSent: '2026-06-01T10:00:00Z' }];
    renderWithApp(<ChatScreen me={ME} />, { path: '/chat', url: `/chat?user=${CAROL.userId}` });
    expect(await screen.findByRole('heading', { name: 'Chat with carol' })).toBeInTheDocument();
    expect(await screen.findByText('psst')).toBeInTheDocument();
  });
});
