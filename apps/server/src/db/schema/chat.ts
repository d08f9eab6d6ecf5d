import { bigint, bigserial, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: messages stored within the same clock tick still list in the order they were sent. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('chat_messages_pair_idx').on(t.senderId, t.receiverId, t.sentAt),
    index('chat_messages_receiver_idx').on(t.receiverId, t.sentAt),
    // Unread counts: a user's received messages by sender past the read marker, from the index alone.
    index('chat_messages_receiver_sender_seq_idx').on(t.receiverId, t.senderId, t.seq),
  ],
);

/**
 * How far a user has read the messages one partner sent them: every message from `partnerId` to
 * `userId` with seq <= lastReadSeq is read. One row per conversation side; no row means nothing read.
 */
export const chatReadMarkers = pgTable(
  'chat_read_markers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.partnerId] })],
);
