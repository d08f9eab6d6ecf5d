import {
  CHAT_HISTORY_LIMIT,
  CHAT_SEARCH_LIMIT,
  CHAT_SEARCH_TEXT_MAX_CHARS,
  ChatMessages,
  SendMessageInputSchema,
  type ChatMessage,
  type ChatUser,
  type RecentChat,
  type UnreadCount,
} from '@rentdrive/contracts/chat';
import type { Db } from '../../db/client';
import { transact } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { parseInput } from '../../lib/normalize-input';
import type { RateLimiter } from '../../lib/rate-limit';
import type { NotificationsService } from '../notifications/notifications.service';
import { createChatRepository, type StoredMessage } from './chat.repository';
import { createMessageWriter } from './message-writer';

export interface ChatServiceDeps {
  db: Db;
  clock: Clock;
  /** Which of these users have an open connection (any instance): the chat hub knows. */
  onlineAmong: (userIds: string[]) => Promise<Set<string>>;
  /** Messages per sender; shared by every instance when Redis is configured. */
  sendRate: RateLimiter;
  /** A stored message is a notification for its receiver until the conversation is read. */
  notifications: Pick<NotificationsService, 'messagesStored' | 'chatRead'>;
}

/** PostgreSQL 23503, whichever driver raised it (PGlite or pg, possibly wrapped by Drizzle). */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/** A user's recent chats are listed up to this many. */
const RECENT_CHATS_LIMIT = 50;

export function toChatMessage(row: StoredMessage): ChatMessage {
  return { id: row.id, senderId: row.senderId, receiverId: row.receiverId, text: row.text, timeSent: row.sentAt.toISOString() };
}

/**
 * SendMessage takes (receiverId, text) or one {receiverId, text} object whose keys may be cased
 * any way (the existing client's shapes).
 */
export function readSendMessageArgs(args: unknown[]): { receiverId: unknown; text: unknown } {
  if (args.length === 1 && args[0] !== null && typeof args[0] === 'object' && !Array.isArray(args[0])) {
    const entries = Object.entries(args[0] as Record<string, unknown>);
    const pick = (name: string) => entries.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
    return { receiverId: pick('receiverId'), text: pick('text') };
  }
  return { receiverId: args[0], text: args[1] };
}

/** Chat rules: who may send what to whom, history, search and recent chats with presence. */
export function createChatService({ db, clock, onlineAmong, sendRate, notifications }: ChatServiceDeps) {
  const repo = createChatRepository(db);
  // A batch of messages and their receivers' notifications commit together.
  const writer = createMessageWriter({
    insertMessages: (rows) =>
      transact(db, async (tx) => {
        await repo.insertMessages(rows, tx);
        await notifications.messagesStored(tx, rows);
      }),
  });

  async function withPresence(users: { userId: string; username: string }[]): Promise<ChatUser[]> {
    const online = await onlineAmong(users.map((u) => u.userId));
    return users.map((u) => ({ userId: u.userId, username: u.username, online: online.has(u.userId) }));
  }

  /** Messages to the user not read yet, over every conversation (the header's badge). */
  async function unreadCount(userId: string): Promise<UnreadCount> {
    let count = 0;
    for (const n of (await repo.unreadBySender(userId)).values()) count += n;
    return { count };
  }

  return {
    /** Validates and stores a message; the sender is always the signed-in user, whatever the payload says. */
    async sendMessage(senderId: string, input: { receiverId: unknown; text: unknown }): Promise<ChatMessage> {
      // The send limit counts before the argument is looked at: a flood of bad messages is stopped as cheaply as good ones.
      await sendRate.take(senderId);
      const parsed = parseInput(SendMessageInputSchema, input);
      if (!parsed.success) throw AppError.validation(parsed.error.issues[0]?.message ?? ChatMessages.textRequired);
      const { receiverId, text } = parsed.data;
      if (receiverId === senderId) throw AppError.validation(ChatMessages.receiverIsSender);
      try {
        // One statement per message: the receiver's foreign key is the existence check.
        const row = await writer.write({ senderId, receiverId, text, sentAt: clock.now() });
        return toChatMessage(row);
      } catch (error) {
        if (isForeignKeyViolation(error)) throw AppError.notFound(ChatMessages.receiverUnknown);
        throw error;
      }
    },

    /** The last 200 messages between the caller and the other user, oldest first. */
    async history(userId: string, otherUserId: string): Promise<ChatMessage[]> {
      const rows = await repo.latestBetween(userId, otherUserId, CHAT_HISTORY_LIMIT);
      return rows.reverse().map(toChatMessage);
    },

    async searchUsers(userId: string, text: string): Promise<ChatUser[]> {
      const query = text.trim().slice(0, CHAT_SEARCH_TEXT_MAX_CHARS);
      if (query === '') return [];
      return withPresence(await repo.searchUsers(query, userId, CHAT_SEARCH_LIMIT));
    },

    /** Recent chats with presence and each conversation's unread count (the chat screen's marks). */
    async recentChats(userId: string): Promise<RecentChat[]> {
      const [users, unread] = await Promise.all([
        repo.recentPartners(userId, RECENT_CHATS_LIMIT).then(withPresence),
        repo.unreadBySender(userId),
      ]);
      return users.map((u) => ({ ...u, unreadCount: unread.get(u.userId) ?? 0 }));
    },

    unreadCount,

    /**
     * The user has seen `messageId` from `partnerId`: it and everything that partner sent before it
     * are read. Answers the new total, so the client updates its badge without another request.
     */
    async markRead(userId: string, partnerId: string, messageId: string): Promise<UnreadCount> {
      const seq = await repo.messageSeq(messageId, partnerId, userId);
      if (seq === null) throw AppError.notFound(ChatMessages.messageUnknown);
      await repo.advanceReadMarker(userId, partnerId, seq);
      await notifications.chatRead(userId, partnerId);
      return unreadCount(userId);
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
