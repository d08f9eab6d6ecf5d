import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { RecentChat } from '@rentdrive/contracts/chat';
import { RECENT_CHATS_QUERY_KEY } from '../api/get-recent-chats';
import { unreadCountQueryKey } from '../api/get-unread-count';
import { markConversationRead } from '../api/mark-read';
import { usePageVisible } from './use-page-visible';

/**
 * Tells the server the open conversation is read up to `lastIncomingId` (the newest message shown
 * from the partner) whenever that changes while the tab is in front, then puts the answer (my new
 * total) into the header's badge and clears the partner's mark in the recent chats list.
 */
export function useMarkConversationRead(me: string, partnerId: string | null, lastIncomingId: string | null) {
  const queryClient = useQueryClient();
  const isVisible = usePageVisible();
  const markedRef = useRef<string | null>(null);

  useEffect(() => {
    if (!partnerId || !lastIncomingId || !isVisible || markedRef.current === lastIncomingId) return;
    markedRef.current = lastIncomingId;
    markConversationRead(partnerId, lastIncomingId)
      .then(async (answer) => {
        const key = unreadCountQueryKey(me);
        // A poll that started before the mark would answer the old number: drop it, keep this one.
        await queryClient.cancelQueries({ queryKey: key });
        queryClient.setQueryData(key, answer);
        queryClient.setQueryData<RecentChat[]>(RECENT_CHATS_QUERY_KEY, (list) =>
          list?.map((u) => (u.userId === partnerId ? { ...u, unreadCount: 0 } : u)),
        );
      })
      .catch((error: unknown) => {
        // Not worth interrupting the conversation: the next message or visit tries again.
        if (markedRef.current === lastIncomingId) markedRef.current = null;
        console.error('Marking the conversation read failed', error);
      });
  }, [me, partnerId, lastIncomingId, isVisible, queryClient]);
}
