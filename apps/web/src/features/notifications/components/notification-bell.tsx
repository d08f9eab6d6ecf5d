import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import * as Popover from '@radix-ui/react-popover';
// Type-only: the header is in every signed-in page's first load and zod stays out of it.
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useOptimistic, useRef, useState, useTransition } from 'react';
import { Link, useLocation } from 'react-router';
import type { Notification, NotificationPush } from '@rentdrive/contracts/notifications';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useFormat } from '../../../i18n/format';
import { takeAnnounced } from '../../../lib/announced-events';
import { cn } from '../../../lib/cn';
import { HUB_RECONNECTED, HubEvents, useHubEvent } from '../../../lib/live-hub';
import {
  addPushed,
  applyRead,
  markNotificationsRead,
  notificationsQueryKey,
  notificationsQueryOptions,
  useNotifications,
} from '../api/notifications';

/** What is shown read before the server's answer: those ids, or every one; null: nothing guessed. */
type ReadGuess = 'all' | string[] | null;

/** The badge's text: the count, or '99+' so the pill keeps its size. */
function formatCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The page a link points at, without its query ('/chat?user=1' -> '/chat'). */
function pathOf(link: string): string {
  return link.split(/[?#]/)[0] ?? link;
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

function NotificationRow({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const format = useFormat();
  return (
    <li>
      <Link
        to={notification.link}
        onClick={onOpen}
        className="flex gap-3 rounded-control px-3 py-2.5 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-accent-600"
      >
        <span
          aria-hidden="true"
          className={cn('mt-1.5 size-2 shrink-0 rounded-full', notification.read ? 'bg-transparent' : 'bg-accent-700')}
        />
        <span className="min-w-0 flex-1">
          <span className={cn('block break-words text-slate-800', !notification.read && 'font-semibold')}>{notification.text}</span>
          <time dateTime={notification.createdOn} className="mt-0.5 block text-xs text-slate-600">
            {format.dateTime(notification.createdOn)}
          </time>
          {!notification.read && (
            <span className="sr-only">
              <Trans>(unread)</Trans>
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

/**
 * The header's bell for the signed-in user `userId`: the unread count, a panel of notifications
 * (newest first; opening it marks the listed ones read) and a toast when one is pushed live.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { pathname } = useLocation();
  const [isOpen, setIsOpen] = useState(false);
  const [isMarkingAll, startMarkingAll] = useTransition();
  const list = useNotifications(userId);
  // Read at once: the ones the opened panel lists, or all of them ('Mark all read'), show read and
  // leave the count while the server is asked; its answer replaces the guess in the same render,
  // and a refusal brings them back when the action ends (useOptimistic).
  const [readGuess, guessRead] = useOptimistic<ReadGuess, ReadGuess>(null, (current, next) =>
    current === 'all' || next === 'all' ? 'all' : [...(current ?? []), ...(next ?? [])],
  );
  const loaded = list.data?.pages.flatMap((page) => page.items) ?? [];
  const guessed = (n: Notification) => !n.read && (readGuess === 'all' || (readGuess?.includes(n.id) ?? false));
  const items = readGuess ? loaded.map((n) => (guessed(n) ? { ...n, read: true } : n)) : loaded;
  const serverUnread = list.data?.pages[0]?.unreadCount ?? 0;
  const unreadCount = readGuess === 'all' ? 0 : Math.max(0, serverUnread - loaded.filter(guessed).length);

  const pathnameRef = useRef(pathname);
  useEffect(() => {
    pathnameRef.current = pathname;
    // Reading elsewhere (a conversation on the chat screen) marks some read on the server: a
    // navigation refreshes the list when the last answer is older than its stale time.
    void queryClient.prefetchInfiniteQuery(notificationsQueryOptions(userId));
  }, [pathname, queryClient, userId]);

  useHubEvent(HubEvents.receiveNotification, (push: NotificationPush) => {
    const key = notificationsQueryKey(userId);
    // Put it first when the list is here; otherwise the next read of the list brings it.
    if (queryClient.getQueryData(key)) {
      addPushed(queryClient, userId, push.notification, push.unreadCount);
    } else {
      void queryClient.invalidateQueries({ queryKey: key });
    }
    // No toast for what the person is already looking at (a chat message while on the chat screen),
    // nor for what the screen has just said itself (the refund of the cancellation just made).
    if (pathOf(push.notification.link) !== pathnameRef.current && !takeAnnounced(push.notification.type)) {
      toast.info(push.notification.text);
    }
  });
  useHubEvent(HUB_RECONNECTED, () => void queryClient.invalidateQueries({ queryKey: notificationsQueryKey(userId) }));

  // Opening the panel reads what it shows: the unread ones listed are marked read on the server.
  const unreadShownKey = items
    .filter((n) => !n.read)
    .map((n) => n.id)
    .join(',');
  // Each one once per opening: a refusal shows them unread again, and is not asked again at once.
  const askedRef = useRef(new Set<string>());
  useEffect(() => {
    if (!isOpen) {
      askedRef.current.clear();
      return;
    }
    const ids = unreadShownKey.split(',').filter((id) => id !== '' && !askedRef.current.has(id));
    if (ids.length === 0) return;
    for (const id of ids) askedRef.current.add(id);
    startTransition(async () => {
      guessRead(ids);
      try {
        const answer = await markNotificationsRead(ids);
        startTransition(() => applyRead(queryClient, userId, ids, answer.unreadCount));
      } catch (error) {
        console.warn('Marking notifications read failed', error);
      }
    });
  }, [isOpen, unreadShownKey, queryClient, userId, guessRead]);

  function markAll() {
    startMarkingAll(async () => {
      guessRead('all');
      try {
        const answer = await markNotificationsRead();
        startTransition(() => applyRead(queryClient, userId, null, answer.unreadCount));
      } catch {
        toast.error(t`Could not mark the notifications read. Please try again.`);
      }
    });
  }

  const label = unreadCount > 0 ? t`Notifications, ${unreadCount} unread` : t`Notifications`;
  const hasUnread = items.some((n) => !n.read) || unreadCount > 0;

  return (
    <Popover.Root open={isOpen} onOpenChange={setIsOpen}>
      <Popover.Trigger
        aria-label={label}
        className="relative inline-flex items-center rounded-control p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-accent-600 data-[state=open]:bg-slate-100"
      >
        <BellIcon />
        {unreadCount > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -right-0.5 -top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-700 px-1.5 text-xs font-semibold leading-none tabular-nums text-white ring-2 ring-white"
          >
            {formatCount(unreadCount)}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label={t`Notifications`}
          className="z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-card border border-slate-200 bg-white shadow-lg data-[state=open]:animate-[fade-in_150ms_ease-out]"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <h2 className="text-base font-semibold text-slate-900">
              <Trans>Notifications</Trans>
            </h2>
            <Button variant="ghost" size="sm" onClick={markAll} disabled={!hasUnread} isLoading={isMarkingAll}>
              <Trans>Mark all read</Trans>
            </Button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-1">
            {list.isPending ? (
              <p className="px-3 py-6 text-center text-sm text-slate-600">
                <Trans>Loading notifications…</Trans>
              </p>
            ) : list.isError && items.length === 0 ? (
              <div role="alert" className="flex flex-col items-center gap-2 px-3 py-6 text-center text-sm text-danger">
                <p>
                  <Trans>Could not load notifications.</Trans>
                </p>
                <Button variant="secondary" size="sm" onClick={() => void list.refetch()} isLoading={list.isRefetching}>
                  <Trans>Try again</Trans>
                </Button>
              </div>
            ) : items.length === 0 ? (
              <p className="px-3 py-6 text-center text-sm text-slate-600">
                <Trans>No notifications yet.</Trans>
              </p>
            ) : (
              <ul className="flex flex-col">
                {items.map((n) => (
                  <NotificationRow key={n.id} notification={n} onOpen={() => setIsOpen(false)} />
                ))}
              </ul>
            )}
            {list.hasNextPage && (
              <div className="flex justify-center p-2">
                <Button variant="secondary" size="sm" onClick={() => void list.fetchNextPage()} isLoading={list.isFetchingNextPage}>
                  <Trans>Load more</Trans>
                </Button>
              </div>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
