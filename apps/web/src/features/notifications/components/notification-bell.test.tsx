import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@rentdrive/contracts/notifications';
import { dispatchHubEvent, HubEvents } from '../../../lib/live-hub';
import { jsonResponse, sentJson, stubFetch } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { NotificationBell } from './notification-bell';

const ME = '00000000-0000-4000-8000-000000000001';

function notification(n: number, extra: Partial<Notification> = {}): Notification {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type: 'booking-received',
    text: `renter${n} booked your Toyota Corolla for 3-5 Dec 2026.`,
    link: '/profile/vehicles',
    createdOn: `2026-11-2${n % 10}T10:00:00Z`,
    read: false,
    ...extra,
  };
}

/** The server as the bell sees it: the user's notifications (newest first) and the read calls it got. */
const server = {
  items: [] as Notification[],
  fail: false,
  pageSize: 20,
  readBodies: [] as unknown[],
  /** Set: the next read call is refused (500), its answer held until `answerRead()`. */
  refuseNextRead: false,
  answerRead: () => {},
};

beforeEach(() => {
  Object.assign(server, { items: [], fail: false, pageSize: 20, readBodies: [], refuseNextRead: false });
  stubFetch((url, init) => {
    const unreadCount = () => server.items.filter((n) => !n.read).length;
    if (url.includes('/api/notifications/read') && init?.method === 'POST') {
      const body = sentJson(init) as { ids?: string[] };
      server.readBodies.push(body);
      if (server.refuseNextRead) {
        server.refuseNextRead = false;
        const answer = new ReadableStream<Uint8Array>({
          start(controller) {
            server.answerRead = () => {
              controller.enqueue(new TextEncoder().encode(JSON.stringify({ detail: 'Something went wrong.' })));
              controller.close();
            };
          },
        });
        return new Response(answer, { status: 500, headers: { 'Content-Type': 'application/problem+json' } });
      }
      for (const n of server.items) if (!body.ids || body.ids.includes(n.id)) n.read = true;
      return jsonResponse({ unreadCount: unreadCount() });
    }
    if (url.includes('/api/notifications')) {
      if (server.fail) return jsonResponse({ detail: 'Something went wrong.' }, 500);
      const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? '1');
      const from = (page - 1) * server.pageSize;
      const items = server.items.slice(from, from + server.pageSize).map((n) => ({ ...n }));
      return jsonResponse({ items, unreadCount: unreadCount(), hasMore: server.items.length > from + server.pageSize });
    }
    return jsonResponse({}, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const bell = (name: string | RegExp) => screen.findByRole('button', { name });

describe('NotificationBell', () => {
  it('shows the unread count on the bell, named for screen readers', async () => {
    server.items = [notification(3), notification(2), notification(1, { read: true })];
    renderWithApp(<NotificationBell userId={ME} />);
    const button = await bell('Notifications, 2 unread');
    expect(within(button).getByTestId('notification-count')).toHaveTextContent(/^2$/);
  });

  it('lists them newest first with their time and link, and opening marks the listed ones read', async () => {
    server.items = [notification(3), notification(2), notification(1, { read: true, link: '/profile/rentals' })];
    renderWithApp(<NotificationBell userId={ME} />);
    await userEvent.click(await bell('Notifications, 2 unread'));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const links = within(panel).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      expect.stringContaining('renter3 booked your Toyota Corolla'),
      expect.stringContaining('renter2 booked'),
      expect.stringContaining('renter1 booked'),
    ]);
    expect(links[2]).toHaveAttribute('href', '/profile/rentals');
    expect(within(links[0]!).getByText(/23 Nov 2026/)).toBeInTheDocument();

    await vi.waitFor(() => expect(server.readBodies).toEqual([{ ids: [server.items[0]!.id, server.items[1]!.id] }]));
    expect(await bell('Notifications')).not.toHaveTextContent(/\d/);
  });

  it('opening shows the listed ones read before the server answers, and unread again when it refuses', async () => {
    server.items = [notification(2), notification(1, { read: true })];
    server.refuseNextRead = true;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithApp(<NotificationBell userId={ME} />);
    await userEvent.click(await bell('Notifications, 1 unread'));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await vi.waitFor(() => expect(server.readBodies).toEqual([{ ids: [server.items[0]!.id] }]));
    // No answer yet: read already, in the list and on the bell.
    expect(within(panel).queryByText('(unread)')).not.toBeInTheDocument();
    expect(await bell('Notifications')).toBeInTheDocument();

    server.answerRead();
    expect(await bell('Notifications, 1 unread')).toBeInTheDocument();
    expect(within(panel).getByText('(unread)')).toBeInTheDocument();
    // Asked once per opening: the refusal is not repeated at once.
    expect(server.readBodies).toHaveLength(1);
  });

  it("'Mark all read' marks every one read, also those not listed", async () => {
    server.pageSize = 1;
    server.items = [notification(2, { read: true }), notification(1)];
    renderWithApp(<NotificationBell userId={ME} />);
    await userEvent.click(await bell('Notifications, 1 unread'));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getAllByRole('link')).toHaveLength(1);
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await vi.waitFor(() => expect(server.readBodies).toEqual([{}]));
    expect(await bell('Notifications')).toBeInTheDocument();

    // The older page comes with 'Load more', already read.
    await userEvent.click(within(panel).getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(within(panel).getAllByRole('link')).toHaveLength(2));
    expect(within(panel).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("'Mark all read' shows them read before the server answers, and brings them back when it refuses", async () => {
    server.pageSize = 1;
    server.items = [notification(2, { read: true }), notification(1)];
    server.refuseNextRead = true;
    renderWithApp(<NotificationBell userId={ME} />);
    await userEvent.click(await bell('Notifications, 1 unread'));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    // The server has not answered yet: the count is gone already.
    await vi.waitFor(() => expect(server.readBodies).toEqual([{}]));
    expect(await bell('Notifications')).toBeInTheDocument();

    server.answerRead();
    expect(await bell('Notifications, 1 unread')).toBeInTheDocument();
    expect(await screen.findByText('Could not mark the notifications read. Please try again.')).toBeInTheDocument();
  });

  it("says 'No notifications yet.' when there are none", async () => {
    renderWithApp(<NotificationBell userId={ME} />);
    await userEvent.click(await bell('Notifications'));
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('says so when the list cannot be loaded, and tries again', async () => {
    server.fail = true;
    renderWithApp(<NotificationBell userId={ME} />);
    await userEvent.click(await bell('Notifications'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load notifications.');
    server.fail = false;
    server.items = [notification(1, { read: true })];
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/renter1 booked/)).toBeInTheDocument();
  });

  it('a pushed notification raises the count, joins the list and shows a toast', async () => {
    server.items = [notification(1)];
    renderWithApp(<NotificationBell userId={ME} />, { path: '/listing' });
    await bell('Notifications, 1 unread');

    const pushed = notification(2, { text: 'bob booked your Fiat Panda for 1-2 Dec 2026.' });
    server.items.unshift(pushed);
    act(() => dispatchHubEvent(HubEvents.receiveNotification, { notification: pushed, unreadCount: 2 }));
    expect(await bell('Notifications, 2 unread')).toBeInTheDocument();
    // The toast's look loads with the first toast (components/ui/toast.tsx).
    expect((await screen.findByText('bob booked your Fiat Panda for 1-2 Dec 2026.')).closest('[data-toast]')).toHaveAttribute(
      'data-toast',
      'info',
    );

    await userEvent.click(await bell('Notifications, 2 unread'));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getAllByRole('link')[0]).toHaveTextContent('bob booked your Fiat Panda');
  });

  it('shows no toast for a chat message while on the chat screen', async () => {
    server.items = [notification(1)];
    renderWithApp(<NotificationBell userId={ME} />, { path: '/chat' });
    await bell('Notifications, 1 unread');
    const pushed = notification(2, { type: 'chat-message', text: 'bob sent you a message: "hi"', link: `/chat?user=${ME}` });
    server.items.unshift(pushed);
    act(() => dispatchHubEvent(HubEvents.receiveNotification, { notification: pushed, unreadCount: 2 }));
    expect(await bell('Notifications, 2 unread')).toBeInTheDocument();
    expect(document.querySelector('[data-toast]')).toBeNull();
  });
});
