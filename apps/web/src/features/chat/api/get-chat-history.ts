import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatMessage } from '@rentdrive/contracts/chat';
import { Chat } from '@rentdrive/contracts/chat';
import { callApi } from '../../../lib/api-client';
import { CHAT_QUERY_KEY } from './get-recent-chats';

/** GET /api/chat/load-chat-history/{userId}: the conversation's last 200 messages, oldest first. */
export function getChatHistory(userId: string, signal?: AbortSignal): Promise<ChatMessage[]> {
  return callApi(Chat.history, { params: { userId }, signal });
}

export function chatHistoryQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...CHAT_QUERY_KEY, 'history', userId],
    queryFn: ({ signal }) => getChatHistory(userId, signal),
    // Selecting a user loads the history afresh.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useChatHistory(userId: string | null) {
  return useQuery({ ...chatHistoryQueryOptions(userId ?? ''), enabled: userId !== null });
}
