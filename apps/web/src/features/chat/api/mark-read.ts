import { ChatPaths, type UnreadCount } from '@rentdrive/contracts/chat-paths';
import { apiFetch } from '../../../lib/api-client';

/**
 * POST /api/chat/mark-read/{userId}: I have seen `messageId` from that user (and so everything they
 * sent before it). Answers my new total unread count.
 */
export function markConversationRead(partnerId: string, messageId: string): Promise<UnreadCount> {
  return apiFetch<UnreadCount>(ChatPaths.markRead(partnerId), { method: 'POST', json: { messageId } });
}
