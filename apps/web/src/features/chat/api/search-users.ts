import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatUser } from '@rentdrive/contracts/chat';
import { Chat } from '@rentdrive/contracts/chat';
import { callApi } from '../../../lib/api-client';
import { CHAT_QUERY_KEY } from './get-recent-chats';

/** GET /api/chat/search-users/{text}: at most 10 users whose name contains the text. */
export function searchUsers(text: string, signal?: AbortSignal): Promise<ChatUser[]> {
  return callApi(Chat.searchUsers, { params: { text }, signal });
}

export function searchUsersQueryOptions(text: string) {
  return queryOptions({
    queryKey: [...CHAT_QUERY_KEY, 'search', text],
    queryFn: ({ signal }) => searchUsers(text, signal),
    staleTime: 10_000,
  });
}

/** Searches once the (already debounced) text is not blank. */
export function useSearchUsers(text: string) {
  const query = text.trim();
  return useQuery({ ...searchUsersQueryOptions(query), enabled: query !== '', placeholderData: keepPreviousData });
}
