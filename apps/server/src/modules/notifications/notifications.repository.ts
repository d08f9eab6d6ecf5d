import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationType } from '@rentdrive/contracts/notifications';
import type { DbOrTx, Tx } from '../../db/client';
import { notifications, rentals, users, vehicles } from '../../db/schema/index';

export interface StoredNotification {
  id: string;
  userId: string;
  type: NotificationType;
  text: string;
  link: string;
  createdOn: Date;
  readAt: Date | null;
}

export interface NewNotification {
  userId: string;
  type: NotificationType;
  text: string;
  link: string;
  createdOn: Date;
}

/** What a rental's notifications say: who rented which vehicle of whom, when. */
export interface RentalFacts {
  rentalId: string;
  renterId: string;
  renterName: string;
  ownerId: string;
  vehicleId: string;
  make: string;
  model: string;
  startDate: string;
  endDate: string;
  totalCents: number;
}

const columns = {
  id: notifications.id,
  userId: notifications.userId,
  type: notifications.type,
  text: notifications.text,
  link: notifications.link,
  createdOn: notifications.createdOn,
  readAt: notifications.readAt,
};

export function createNotificationsRepository() {
  return {
    async insert(tx: Tx, rows: NewNotification[]): Promise<StoredNotification[]> {
      if (rows.length === 0) return [];
      return tx.insert(notifications).values(rows).returning(columns);
    },

    /**
     * Unread messages from one sender are one notification: a new message refreshes the unread one
     * (text and time) or starts a new one once the previous was read.
     */
    async upsertChat(tx: Tx, rows: (NewNotification & { senderId: string })[]): Promise<StoredNotification[]> {
      if (rows.length === 0) return [];
      return tx
        .insert(notifications)
        .values(
          rows.map((r) => ({
            userId: r.userId,
            type: 'chat-message' as const,
            text: r.text,
            link: r.link,
            subjectId: r.senderId,
            createdOn: r.createdOn,
          })),
        )
        .onConflictDoUpdate({
          target: [notifications.userId, notifications.subjectId],
          targetWhere: sql`${notifications.type} = 'chat-message' and ${notifications.readAt} is null`,
          set: { text: sql`excluded.text`, createdOn: sql`excluded.created_on` },
        })
        .returning(columns);
    },

    async rentalFacts(db: DbOrTx, rentalId: string): Promise<RentalFacts | undefined> {
      const [row] = await db
        .select({
          rentalId: rentals.id,
          renterId: rentals.renterId,
          renterName: users.username,
          ownerId: vehicles.ownerId,
          vehicleId: vehicles.id,
          make: vehicles.make,
          model: vehicles.model,
          startDate: rentals.startDate,
          endDate: rentals.endDate,
          totalCents: rentals.totalCents,
        })
        .from(rentals)
        .innerJoin(vehicles, eq(vehicles.id, rentals.vehicleId))
        .innerJoin(users, eq(users.id, rentals.renterId))
        .where(eq(rentals.id, rentalId));
      return row;
    },

    /** Each user's language (users.language; null for accounts from before it), for their notifications' texts. */
    async languages(db: DbOrTx, ids: string[]): Promise<Map<string, string | null>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: users.id, language: users.language }).from(users).where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, r.language]));
    },

    async usernames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, r.username]));
    },

    /** A page, newest first, one more row than asked to tell whether more follow. */
    async page(db: DbOrTx, userId: string, offset: number, limit: number): Promise<StoredNotification[]> {
      return db
        .select(columns)
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdOn), desc(notifications.seq))
        .offset(offset)
        .limit(limit + 1);
    },

    async unreadCount(db: DbOrTx, userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return Number(row?.n ?? 0);
    },

    /** Marks the user's own notifications read (all of them when `ids` is undefined); others' ids match nothing. */
    async markRead(db: DbOrTx, userId: string, ids: string[] | undefined, at: Date): Promise<void> {
      const own = and(eq(notifications.userId, userId), isNull(notifications.readAt));
      await db
        .update(notifications)
        .set({ readAt: at })
        .where(ids === undefined ? own : and(own, inArray(notifications.id, ids)));
    },

    async markChatRead(db: DbOrTx, userId: string, senderId: string, at: Date): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: at })
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.subjectId, senderId),
            eq(notifications.type, 'chat-message'),
            isNull(notifications.readAt),
          ),
        );
    },
  };
}
