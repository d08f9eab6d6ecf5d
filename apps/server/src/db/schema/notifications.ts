import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { NotificationType } from '@rentdrive/contracts/notifications';
import { users } from './users';

/**
 * What happened that concerns a user (a booking of their vehicle, a refund, a message...). Written in
 * the transaction of the event itself, so a notification exists exactly when its event does.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order, the tie-break of `createdOn`. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').$type<NotificationType>().notNull(),
    text: text('text').notNull(),
    link: text('link').notNull(),
    /** For 'chat-message': the sender. Unread messages from one sender are one notification. */
    subjectId: uuid('subject_id'),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    check('notifications_text_ck', sql`length(${t.text}) <= 500`),
    index('notifications_user_idx').on(t.userId, t.createdOn, t.seq),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_chat_unread_uq')
      .on(t.userId, t.subjectId)
      .where(sql`${t.type} = 'chat-message' and ${t.readAt} is null`),
  ],
);
