import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  ],
);
