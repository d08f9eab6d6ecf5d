import type { UnreadCount } from '@rentdrive/contracts/chat';
import { Chat } from '@rentdrive/contracts/chat';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/chat/mark-read/{userId}: I have seen `messageId` from that user (and so everything they
 * sent before it). Answers my new total unread count.
 */
export function markConversationRead(partnerId: string, messageId: string): Promise<UnreadCount> {
  return callApi(Chat.markRead, { params: { userId: partnerId }, body: { messageId } });
}
