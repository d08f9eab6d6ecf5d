import type { UnreadCount } from '@rentdrive/contracts/chat';
import { apiFetch } from '../../../lib/api-client';
import { ChatPaths } from '@rentdrive/contracts/paths';

/**
 * POST /api/chat/mark-read/{userId}: I have seen `messageId` from that user (and so everything they
 * sent before it). Answers my new total unread count.
 */
export function markConversationRead(partnerId: string, messageId: string): Promise<UnreadCount> {
  return apiFetch<UnreadCount>(ChatPaths.markRead(partnerId), { method: 'POST', json: { messageId } });
}
