import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentChat } from '@rentdrive/contracts/chat';
import { Chat } from '@rentdrive/contracts/chat';
import { callApi } from '../../../lib/api-client';

export const CHAT_QUERY_KEY = ['chat'] as const;
export const RECENT_CHATS_QUERY_KEY = [...CHAT_QUERY_KEY, 'recent'] as const;

/** GET /api/chat/recent-chats: people I have talked with, latest conversation first, with their unread counts. */
export function getRecentChats(signal?: AbortSignal): Promise<RecentChat[]> {
  return callApi(Chat.recentChats, { signal });
}

export const recentChatsQueryOptions = queryOptions({
  queryKey: RECENT_CHATS_QUERY_KEY,
  queryFn: ({ signal }) => getRecentChats(signal),
});

export function useRecentChats() {
  return useQuery(recentChatsQueryOptions);
}
