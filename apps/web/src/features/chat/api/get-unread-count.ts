import { queryOptions, useQuery } from '@tanstack/react-query';
// The zod-free paths module and a type-only import: the header, in every page's first load, imports this file.
import type { UnreadCount } from '@rentdrive/contracts/chat';
import { ChatPaths } from '@rentdrive/contracts/paths/chat';
import { callApi, lazyEndpoint } from '../../../lib/api-client';

const UnreadCountEndpoint = lazyEndpoint('GET', ChatPaths.unreadCount, (c) => c.Chat.unreadCount);

/**
 * How often the header asks for the unread count while the tab is visible and the live hub
 * connection is down. While it is up, a pushed message (or message notification) refreshes the
 * count instead; so do the tab regaining focus, navigation (when the last answer is older than
 * 10 s) and the chat screen marking a conversation read.
 */
export const UNREAD_POLL_MS = 30_000;
const UNREAD_STALE_MS = 10_000;

/** Per user, so a different account signing in on the same tab never sees the last one's number. */
export function unreadCountQueryKey(userId: string) {
  return ['chat', 'unread-count', userId] as const;
}

/** GET /api/chat/unread-count: messages to me not read yet, over every conversation. */
export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return callApi(UnreadCountEndpoint, { signal });
}

export function unreadCountQueryOptions(userId: string, { poll = true }: { poll?: boolean } = {}) {
  return queryOptions({
    queryKey: unreadCountQueryKey(userId),
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: UNREAD_STALE_MS,
    refetchInterval: poll ? UNREAD_POLL_MS : false,
    // Hidden tabs do not poll; coming back refreshes at once.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

/** The signed-in user's unread count; nothing is asked while signed out. `poll`: ask every 30 s. */
export function useUnreadCount(userId: string | null, poll = true) {
  return useQuery({ ...unreadCountQueryOptions(userId ?? '', { poll }), enabled: userId !== null });
}
