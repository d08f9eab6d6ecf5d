import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { NotificationPush } from '@rentdrive/contracts/notifications';
import { HUB_RECONNECTED, HubEvents, useHubEvent, useLiveHubStatus } from '../../../lib/live-hub';
import { unreadCountQueryKey, unreadCountQueryOptions, useUnreadCount } from '../api/get-unread-count';

/** The badge's text: the count, or '99+' above 99 so the pill keeps its size. */
export function formatUnreadCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

const pillClasses =
  'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-700 px-1.5 text-xs font-semibold leading-none tabular-nums text-white';

/**
 * The signed-in user's unread count: refreshed when a message is pushed over the live hub, and on
 * every navigation when the last answer is 10 s old; polled only while the hub is not connected.
 */
function useHeaderUnreadCount(userId: string): number {
  const isLive = useLiveHubStatus() === 'connected';
  const { data } = useUnreadCount(userId, !isLive);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey(userId) });
  useHubEvent(HubEvents.receiveMessage, refresh);
  useHubEvent(HUB_RECONNECTED, refresh);
  useHubEvent(HubEvents.receiveNotification, (push: NotificationPush) => {
    if (push.notification.type === 'chat-message') refresh();
  });
  const { pathname } = useLocation();
  useEffect(() => {
    // Fetches only when stale, so moving around quickly costs nothing extra.
    void queryClient.prefetchQuery(unreadCountQueryOptions(userId));
  }, [pathname, userId, queryClient]);
  return data?.count ?? 0;
}

/**
 * The header's chat link text: the label and, while messages wait, a count pill. The link's
 * accessible name is then one phrase, 'Chat, 3 unread' (spans side by side would be read with a
 * stray space, 'Chat , 3'), still starting with the visible label for voice control.
 */
export function ChatNavLabel({ userId, label }: { userId: string; label: string }) {
  const { t } = useLingui();
  const count = useHeaderUnreadCount(userId);
  if (count === 0) return label;
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden="true">{label}</span>
      <span aria-hidden="true" className={pillClasses} data-testid="header-unread-badge">
        {formatUnreadCount(count)}
      </span>
      <span className="sr-only">{t`${label}, ${count} unread`}</span>
    </span>
  );
}

/**
 * The phone menu button's text, with the same count while the menu is closed (the chat link is
 * out of sight until it opens): its name becomes 'Open menu, 3 unread messages'.
 */
export function MenuButtonLabel({ userId, label, showCount }: { userId: string; label: string; showCount: boolean }) {
  const { t } = useLingui();
  const count = useHeaderUnreadCount(userId);
  if (!showCount || count === 0) return <span className="sr-only">{label}</span>;
  return (
    <>
      <span aria-hidden="true" className={`absolute -right-1.5 -top-1.5 ring-2 ring-white ${pillClasses}`} data-testid="menu-unread-badge">
        {formatUnreadCount(count)}
      </span>
      <span className="sr-only">{t`${label}, ${count} unread messages`}</span>
    </>
  );
}
