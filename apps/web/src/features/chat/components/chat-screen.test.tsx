import { HubConnectionState } from '@microsoft/signalr';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { ChatScreen } from './chat-screen';

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
      return Promise.resolve({ id: `sent-${text}`, senderId: '00000000-0000-4000-8000-000000000001', receiverId, text, timeSent: '2026-06-01T10:00:00Z' });
    },
  };
  return { handlers, lifecycle, connection };
});
vi.mock('../lib/chat-connection', () => ({ createChatConnection: () => fake.connection, RECONNECT_DELAYS_MS: [0, 2000, 10000, 30000] }));

function routeFetch() {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/api/chat/recent-chats')) return jsonResponse([BOB, CAROL]);
    if (url.includes('/api/chat/load-chat-history/')) return jsonResponse([]);
    if (url.includes('/api/chat/search-users/')) return jsonResponse(url.endsWith('/da') ? [DAVE] : []);
    return jsonResponse({}, 404);
  });
}

beforeEach(() => {
  fake.connection.state = HubConnectionState.Connected;
  vi.stubGlobal('fetch', routeFetch());
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
    act(() => fake.handlers.get('ReceiveMessage')!({ id: 'm1', senderId: CAROL.userId, receiverId: ME, text: 'psst', timeSent: '2026-06-01T10:00:00Z' }));
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('1');
    expect(recentNames()[0]).toBe('carol');
    expect(screen.queryByText('psst')).not.toBeInTheDocument();

    act(() => fake.handlers.get('ReceiveMessage')!({ id: 'm2', senderId: BOB.userId, receiverId: ME, text: 'hello there', timeSent: '2026-06-01T10:01:00Z' }));
    expect(await screen.findByText('hello there')).toBeInTheDocument();
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
});
