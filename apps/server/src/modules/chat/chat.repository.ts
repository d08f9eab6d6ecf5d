import { and, asc, desc, eq, gt, ilike, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chatMessages, chatReadMarkers, users } from '../../db/schema/index';

export interface StoredMessage {
  id: string;
  senderId: string;
  receiverId: string;
  text: string;
  sentAt: Date;
}

export interface UserRef {
  userId: string;
  username: string;
}

/** Escapes LIKE wildcards so the user's text matches literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const messageColumns = {
  id: chatMessages.id,
  senderId: chatMessages.senderId,
  receiverId: chatMessages.receiverId,
  text: chatMessages.text,
  sentAt: chatMessages.sentAt,
};

/** Queries only: chat messages and the user lookups chat needs. */
export function createChatRepository(db: DbOrTx) {
  return {
    async insertMessage(values: { senderId: string; receiverId: string; text: string; sentAt: Date }): Promise<StoredMessage> {
      const [row] = await db.insert(chatMessages).values(values).returning(messageColumns);
      return row!;
    },

    /** Several messages in one statement (ids chosen by the caller); seq follows the array order. */
    async insertMessages(rows: StoredMessage[], on: DbOrTx = db): Promise<void> {
      await on.insert(chatMessages).values(rows);
    },

    /** The latest `limit` messages between two users, newest first. */
    async latestBetween(a: string, b: string, limit: number): Promise<StoredMessage[]> {
      return db
        .select(messageColumns)
        .from(chatMessages)
        .where(
          or(
            and(eq(chatMessages.senderId, a), eq(chatMessages.receiverId, b)),
            and(eq(chatMessages.senderId, b), eq(chatMessages.receiverId, a)),
          ),
        )
        .orderBy(desc(chatMessages.sentAt), desc(chatMessages.seq))
        .limit(limit);
    },

    /** Usernames containing the text (case-insensitive, wildcards literal), prefix matches first. */
    async searchUsers(text: string, excludeUserId: string, limit: number): Promise<UserRef[]> {
      const literal = likeLiteral(text);
      return db
        .select({ userId: users.id, username: users.username })
        .from(users)
        .where(and(ilike(users.username, `%${literal}%`), ne(users.id, excludeUserId), eq(users.isCompanyAccount, false)))
        .orderBy(sql`case when ${users.username} ilike ${`${literal}%`} then 0 else 1 end`, asc(sql`lower(${users.username})`))
        .limit(limit);
    },

    /** The people a user has exchanged messages with, the latest conversation first. */
    async recentPartners(userId: string, limit: number): Promise<UserRef[]> {
      const partners = db
        .select({
          partnerId:
            sql<string>`case when ${chatMessages.senderId} = ${userId} then ${chatMessages.receiverId} else ${chatMessages.senderId} end`.as(
              'partner_id',
            ),
          lastSentAt: sql<Date>`max(${chatMessages.sentAt})`.as('last_sent_at'),
          lastSeq: sql<number>`max(${chatMessages.seq})`.as('last_seq'),
        })
        .from(chatMessages)
        .where(or(eq(chatMessages.senderId, userId), eq(chatMessages.receiverId, userId)))
        .groupBy(sql`1`)
        .as('partners');
      return db
        .select({ userId: users.id, username: users.username })
        .from(partners)
        .innerJoin(users, eq(users.id, partners.partnerId))
        .orderBy(desc(partners.lastSentAt), desc(partners.lastSeq))
        .limit(limit);
    },

    /**
     * Messages to `userId` past their read marker for the sender, counted per sender (senders with
     * none are left out). Reads the (receiver, sender, seq) index only.
     */
    async unreadBySender(userId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ senderId: chatMessages.senderId, count: sql<number>`count(*)::int` })
        .from(chatMessages)
        .leftJoin(
          chatReadMarkers,
          and(eq(chatReadMarkers.userId, chatMessages.receiverId), eq(chatReadMarkers.partnerId, chatMessages.senderId)),
        )
        .where(and(eq(chatMessages.receiverId, userId), gt(chatMessages.seq, sql`coalesce(${chatReadMarkers.lastReadSeq}, 0)`)))
        .groupBy(chatMessages.senderId);
      return new Map(rows.map((r) => [r.senderId, Number(r.count)]));
    },

    /** The seq of a message `senderId` sent to `receiverId`, or null when there is no such message. */
    async messageSeq(messageId: string, senderId: string, receiverId: string): Promise<number | null> {
      const [row] = await db
        .select({ seq: chatMessages.seq })
        .from(chatMessages)
        .where(and(eq(chatMessages.id, messageId), eq(chatMessages.senderId, senderId), eq(chatMessages.receiverId, receiverId)));
      return row ? Number(row.seq) : null;
    },

    /** Moves the user's read marker for the partner forward to `seq` (never back: a late, older mark is a no-op). */
    async advanceReadMarker(userId: string, partnerId: string, seq: number): Promise<void> {
      await db
        .insert(chatReadMarkers)
        .values({ userId, partnerId, lastReadSeq: seq })
        .onConflictDoUpdate({
          target: [chatReadMarkers.userId, chatReadMarkers.partnerId],
          set: { lastReadSeq: sql`greatest(${chatReadMarkers.lastReadSeq}, excluded.last_read_seq)` },
        });
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
