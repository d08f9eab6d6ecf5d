import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
// Type-only and lazy: the header (in every signed-in page) imports this file, and zod stays out of it.
import type { Notification, NotificationsResponse } from '@rentdrive/contracts/notifications';
import { NotificationPaths } from '@rentdrive/contracts/paths/notifications';
import { callApi, lazyEndpoint } from '../../../lib/api-client';

export const NOTIFICATIONS_PAGE = 20;

const ListEndpoint = lazyEndpoint('GET', NotificationPaths.list, (c) => c.Notifications.list);
const MarkReadEndpoint = lazyEndpoint('POST', NotificationPaths.markRead, (c) => c.Notifications.markRead);

/** Per user, so another account signing in on the same tab never sees the last one's list. */
export function notificationsQueryKey(userId: string) {
  return ['notifications', userId] as const;
}

/** GET /api/notifications: one page, newest first, with the total unread count. */
export function getNotifications(page: number, signal?: AbortSignal): Promise<NotificationsResponse> {
  return callApi(ListEndpoint, { query: { page, pageSize: NOTIFICATIONS_PAGE }, signal });
}

/** POST /api/notifications/read: those ids, or every one when none are given; answers the new unread count. */
export function markNotificationsRead(ids?: string[]): Promise<{ unreadCount: number }> {
  return callApi(MarkReadEndpoint, { body: ids ? { ids } : {} });
}

export function notificationsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: notificationsQueryKey(userId),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.hasMore ? lastPage + 1 : undefined),
    // Pushes keep it current; reads done elsewhere (a conversation) are picked up on navigation.
    staleTime: 10_000,
  });
}

export function useNotifications(userId: string) {
  return useInfiniteQuery(notificationsQueryOptions(userId));
}

type Pages = InfiniteData<NotificationsResponse, number>;

/** A pushed notification: first in the list (once), with the server's new unread count. */
export function addPushed(queryClient: QueryClient, userId: string, notification: Notification, unreadCount: number) {
  queryClient.setQueryData<Pages>(notificationsQueryKey(userId), (data) => {
    if (!data) return data;
    const pages = data.pages.map((page, index) => {
      // One notification per chat sender is updated in place on the server: show it once, on top.
      const items = page.items.filter((n) => n.id !== notification.id);
      return { ...page, unreadCount, items: index === 0 ? [notification, ...items] : items };
    });
    return { ...data, pages };
  });
}

/** After marking read: those (or all) read, and the server's count. */
export function applyRead(queryClient: QueryClient, userId: string, ids: string[] | null, unreadCount: number) {
  const marked = ids ? new Set(ids) : null;
  queryClient.setQueryData<Pages>(notificationsQueryKey(userId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            unreadCount,
            items: page.items.map((n) => (!marked || marked.has(n.id) ? { ...n, read: true } : n)),
          })),
        }
      : data,
  );
}
