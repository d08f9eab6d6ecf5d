import { queryOptions, useQuery } from '@tanstack/react-query';
// The zod-free paths module and a type-only import: the header, in every page's first load, imports this file.
import type { UnreadCount } from '@rentdrive/contracts/chat';
import { ChatPaths } from '@rentdrive/contracts/paths';
import { apiFetch } from '../../../lib/api-client';

/**
 * How often the header asks for the unread count while the tab is visible.
 *
 * Why polling and not the hub: the SignalR client (~15 KB gzip) would join every page's first load
 * (home must stay under 150 KB), and a connection from every open page would hold a socket per tab
 * on the server and make people look "online" in chat while they only browse listings (the
 * connection opens on the chat screen only). A small GET every 30 s, plus one when the tab regains
 * focus, on navigation (when the last answer is older than 10 s) and whenever the chat screen sees
 * a message or marks one read, keeps the badge within seconds of the truth for anyone active.
 */
export const UNREAD_POLL_MS = 30_000;
const UNREAD_STALE_MS = 10_000;

/** Per user, so a different account signing in on the same tab never sees the last one's number. */
export function unreadCountQueryKey(userId: string) {
  return ['chat', 'unread-count', userId] as const;
}

/** GET /api/chat/unread-count: messages to me not read yet, over every conversation. */
export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return apiFetch<UnreadCount>(ChatPaths.unreadCount, { signal });
}

export function unreadCountQueryOptions(userId: string) {
  return queryOptions({
    queryKey: unreadCountQueryKey(userId),
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: UNREAD_STALE_MS,
    refetchInterval: UNREAD_POLL_MS,
    // Hidden tabs do not poll; coming back refreshes at once.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

/** The signed-in user's unread count; nothing is asked while signed out. */
export function useUnreadCount(userId: string | null) {
  return useQuery({ ...unreadCountQueryOptions(userId ?? ''), enabled: userId !== null });
}
