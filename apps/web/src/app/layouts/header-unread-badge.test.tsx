import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Account, type CurrentUser } from '@rentdrive/contracts/account';
import { Chat } from '@rentdrive/contracts/chat';
import { UNREAD_POLL_MS } from '../../features/chat/api/get-unread-count';
import { formatUnreadCount } from '../../features/chat/components/unread-badge';
import { endpointResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderWithApp } from '../../test/render';
import { Header } from './header';

const ME: CurrentUser = {
  id: '00000000-0000-4000-8000-000000000001',
  userName: 'alice',
  username: 'alice',
  email: 'alice@example.com',
  phoneNumber: null,
  memberSince: '2026-01-01T00:00:00Z',
  isCompanyEmployee: false,
  balance: 10,
  pendingBalance: 0,
  withdrawableBalance: 0,
  refundableToCard: 10,
};

/** The server as the header sees it: who is signed in and how many messages wait. */
const server = { signedIn: true, unread: 0, unreadRequests: 0 };

beforeEach(() => {
  Object.assign(server, { signedIn: true, unread: 0, unreadRequests: 0 });
  stubFetch((url) => {
    if (url.endsWith('/api/account/session')) return endpointResponse(Account.session, { user: server.signedIn ? ME : null });
    if (url.endsWith('/api/chat/unread-count')) {
      server.unreadRequests++;
      return server.signedIn
        ? endpointResponse(Chat.unreadCount, { count: server.unread })
        : jsonResponse({ detail: 'Not authenticated' }, 401);
    }
    return jsonResponse({}, 404);
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const chatLink = () => screen.getAllByRole('link', { name: /^Chat/ })[0]!;

describe('header unread badge', () => {
  it('shows the count on the chat link and the menu button, named for screen readers', async () => {
    server.unread = 3;
    renderWithApp(<Header />);
    // The count arrives after the session and its own request: on a busy machine that is over the 1 s default.
    expect(await screen.findByRole('link', { name: 'Chat, 3 unread' }, { timeout: 5000 })).toBeInTheDocument();
    expect(within(chatLink()).getByTestId('header-unread-badge')).toHaveTextContent(/^3$/);
    // Phones: the chat link is inside the closed menu, so the menu button carries the count.
    const menuButton = screen.getByRole('button', { name: 'Open menu, 3 unread messages' });
    expect(within(menuButton).getByTestId('menu-unread-badge')).toHaveTextContent(/^3$/);

    // The open phone menu shows it on its own chat link instead.
    await userEvent.click(menuButton);
    expect(screen.getByRole('button', { name: 'Close menu' })).toBeInTheDocument();
    // The menu's body is its own chunk, loaded when first opened.
    await vi.waitFor(() => expect(screen.getAllByRole('link', { name: 'Chat, 3 unread' })).toHaveLength(2), { timeout: 5000 });
  });

  it('shows nothing when no message waits', async () => {
    renderWithApp(<Header />);
    expect(await screen.findByRole('link', { name: 'Chat' })).toBeInTheDocument();
    await vi.waitFor(() => expect(server.unreadRequests).toBeGreaterThan(0));
    expect(screen.queryByTestId('header-unread-badge')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });

  it("says '99+' above 99 but reads the whole number", async () => {
    server.unread = 120;
    renderWithApp(<Header />);
    expect(await screen.findByRole('link', { name: 'Chat, 120 unread' })).toBeInTheDocument();
    expect(within(chatLink()).getByTestId('header-unread-badge')).toHaveTextContent(/^99\+$/);
    expect([0, 1, 99, 100].map(formatUnreadCount)).toEqual(['0', '1', '99', '99+']);
  });

  it('asks nothing while signed out', async () => {
    server.signedIn = false;
    renderWithApp(<Header />);
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Chat/ })).not.toBeInTheDocument();
    expect(server.unreadRequests).toBe(0);
  });

  it('picks up a message that arrives while the person stays on the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<Header />);
    expect(await screen.findByRole('link', { name: 'Chat' })).toBeInTheDocument();
    await vi.waitFor(() => expect(server.unreadRequests).toBe(1));

    server.unread = 1;
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS));
    expect(await screen.findByRole('link', { name: 'Chat, 1 unread' })).toBeInTheDocument();

    // Coming back to the tab asks at once (the last answer is older than 10 s), without waiting for the poll.
    server.unread = 2;
    await act(() => vi.advanceTimersByTimeAsync(11_000));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    expect(await screen.findByRole('link', { name: 'Chat, 2 unread' })).toBeInTheDocument();
  });
});
