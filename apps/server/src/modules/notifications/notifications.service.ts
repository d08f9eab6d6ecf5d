import type { Locale } from '@rentdrive/contracts/locales';
import type { Notification, NotificationPush, NotificationsQuery, NotificationsResponse } from '@rentdrive/contracts/notifications';
import { VehiclePaths } from '@rentdrive/contracts/paths';
import { centsToEuros, formatEuros } from '@rentdrive/domain/money';
import type { Db, Tx } from '../../db/client';
import { afterCommit } from '../../db/transactions';
import type { Clock } from '../../lib/clock';
import { eurosIn, NotificationMessages as M, notificationText, periodIn, recipientLocale } from './notification-texts';
import { createNotificationsRepository, type NewNotification, type RentalFacts, type StoredNotification } from './notifications.repository';

export interface NotificationsServiceDeps {
  db: Db;
  clock: Clock;
  /** Sends to every open connection of the user, on every instance (the hub). */
  push: (userId: string, payload: NotificationPush) => void;
  onError: (error: unknown) => void;
}

/** The pages a notification links to (the web app's routes). */
const Links = {
  myVehicles: '/profile/vehicles',
  myRentals: '/profile/rentals',
  wallet: '/profile/wallet',
  chatWith: (userId: string) => `/chat?user=${encodeURIComponent(userId)}`,
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const CHAT_PREVIEW_CHARS = 80;

/** '3 Dec 2026', '3-5 Dec 2026', '30 Nov - 2 Dec 2026', '30 Dec 2026 - 2 Jan 2027'. */
export function formatPeriod(startDate: string, endDate: string): string {
  const [sy, sm, sd] = startDate.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = endDate.split('-').map(Number) as [number, number, number];
  const end = `${ed} ${MONTHS[em - 1]} ${ey}`;
  if (startDate === endDate) return end;
  if (sy !== ey) return `${sd} ${MONTHS[sm - 1]} ${sy} - ${end}`;
  if (sm !== em) return `${sd} ${MONTHS[sm - 1]} - ${end}`;
  return `${sd}-${end}`;
}

/** '60.00€': the spec's money format, as every screen of the web app writes English amounts. */
function euros(cents: number): string {
  return `${formatEuros(centsToEuros(cents))}€`;
}

function vehicleName(facts: { make: string; model: string }): string {
  return `${facts.make} ${facts.model}`;
}

function toNotification(row: StoredNotification): Notification {
  return {
    id: row.id,
    type: row.type,
    text: row.text,
    link: row.link,
    createdOn: row.createdOn.toISOString(),
    read: row.readAt !== null,
  };
}

/**
 * Notifications: each event's are written inside the event's own transaction (so they exist exactly
 * when the event does) and pushed live to the user's connections once that transaction commits.
 */
export function createNotificationsService({ db, clock, push, onError }: NotificationsServiceDeps) {
  const repo = createNotificationsRepository();

  /** After commit: the notification with the user's new unread count, to every connection of theirs. */
  function publishAfterCommit(tx: Tx, rows: StoredNotification[]): void {
    afterCommit(tx, () => {
      for (const row of rows) {
        repo
          .unreadCount(db, row.userId)
          .then((unreadCount) => push(row.userId, { notification: toNotification(row), unreadCount }))
          .catch(onError);
      }
    });
  }

  async function store(tx: Tx, rows: NewNotification[]): Promise<void> {
    publishAfterCommit(tx, await repo.insert(tx, rows));
  }

  async function factsOf(tx: Tx, rentalId: string): Promise<RentalFacts> {
    const facts = await repo.rentalFacts(tx, rentalId);
    if (!facts) throw new Error(`notifications: rental ${rentalId} not found in its own transaction`);
    return facts;
  }

  /** Each recipient's language (issue 24): their notifications are written in it. */
  async function localesOf(tx: Tx, userIds: string[]): Promise<(userId: string) => Locale> {
    const languages = await repo.languages(tx, [...new Set(userIds)]);
    return (userId) => recipientLocale(languages.get(userId));
  }

  /** A rental's facts as the texts show them, in `locale`. */
  const rentalValues = (locale: Locale, f: RentalFacts) => ({
    renter: f.renterName,
    vehicle: vehicleName(f),
    period: periodIn(locale, f.startDate, f.endDate, formatPeriod),
  });

  return {
    /** A renter booked: the owner hears of it. */
    async bookingReceived(tx: Tx, rentalId: string): Promise<void> {
      const f = await factsOf(tx, rentalId);
      const owner = (await localesOf(tx, [f.ownerId]))(f.ownerId);
      await store(tx, [
        {
          userId: f.ownerId,
          type: 'booking-received',
          text: notificationText(owner, M.bookingReceived, { ...rentalValues(owner, f), amount: eurosIn(owner, f.totalCents, euros) }),
          link: Links.myVehicles,
          createdOn: clock.now(),
        },
      ]);
    },

    /** The renter cancelled: the owner hears of it, the renter gets the refund's receipt. */
    async bookingCancelled(tx: Tx, rentalId: string): Promise<void> {
      const f = await factsOf(tx, rentalId);
      const localeOf = await localesOf(tx, [f.ownerId, f.renterId]);
      const [owner, renter] = [localeOf(f.ownerId), localeOf(f.renterId)];
      const at = clock.now();
      await store(tx, [
        {
          userId: f.ownerId,
          type: 'booking-cancelled',
          text: notificationText(owner, M.bookingCancelled, rentalValues(owner, f)),
          link: Links.myVehicles,
          createdOn: at,
        },
        {
          userId: f.renterId,
          type: 'refund',
          text: notificationText(renter, M.refund, { ...rentalValues(renter, f), amount: eurosIn(renter, f.totalCents, euros) }),
          link: Links.wallet,
          createdOn: at,
        },
      ]);
    },

    /** The owner cancelled an accepted booking (issue 27): the renter hears of it and of the money back (total + deposit). */
    async bookingCancelledByOwner(tx: Tx, rentalId: string, refundCents: number): Promise<void> {
      const f = await factsOf(tx, rentalId);
      const renter = (await localesOf(tx, [f.renterId]))(f.renterId);
      await store(tx, [
        {
          userId: f.renterId,
          type: 'booking-cancelled',
          text: notificationText(renter, M.cancelledByOwner, { ...rentalValues(renter, f), amount: eurosIn(renter, refundCents, euros) }),
          link: Links.myRentals,
          createdOn: clock.now(),
        },
      ]);
    },

    /** Completion pays the owner; an automatic one also tells the renter, who did not confirm it. */
    async rentalCompleted(tx: Tx, rentalId: string, { ownerCents, automatic }: { ownerCents: number; automatic: boolean }): Promise<void> {
      const f = await factsOf(tx, rentalId);
      const localeOf = await localesOf(tx, [f.ownerId, f.renterId]);
      const [owner, renter] = [localeOf(f.ownerId), localeOf(f.renterId)];
      const at = clock.now();
      const rows: NewNotification[] = [
        {
          userId: f.ownerId,
          type: 'rental-completed',
          text: notificationText(owner, M.rentalCompleted, { ...rentalValues(owner, f), amount: eurosIn(owner, ownerCents, euros) }),
          link: Links.wallet,
          createdOn: at,
        },
      ];
      if (automatic) {
        rows.push({
          userId: f.renterId,
          type: 'rental-auto-completed',
          text: notificationText(renter, M.rentalAutoCompleted, rentalValues(renter, f)),
          link: Links.myRentals,
          createdOn: at,
        });
      }
      await store(tx, rows);
    },

    /** A renter reviewed: the owner hears of it. */
    async reviewReceived(tx: Tx, rentalId: string, starRating: number): Promise<void> {
      const f = await factsOf(tx, rentalId);
      const owner = (await localesOf(tx, [f.ownerId]))(f.ownerId);
      await store(tx, [
        {
          userId: f.ownerId,
          type: 'review-received',
          text: notificationText(owner, M.reviewReceived, { ...rentalValues(owner, f), stars: starRating }),
          link: VehiclePaths.detail(f.vehicleId),
          createdOn: clock.now(),
        },
      ]);
    },

    /** The bank payout went through. */
    async withdrawalPaid(tx: Tx, event: { userId: string; amountCents: number; payoutAccount: string }): Promise<void> {
      const locale = (await localesOf(tx, [event.userId]))(event.userId);
      await store(tx, [
        {
          userId: event.userId,
          type: 'withdrawal-paid',
          text: notificationText(locale, M.withdrawalPaid, {
            amount: eurosIn(locale, event.amountCents, euros),
            account: event.payoutAccount,
          }),
          link: Links.wallet,
          createdOn: clock.now(),
        },
      ]);
    },

    /**
     * Messages stored: each receiver's unread notification for that sender is refreshed (one per
     * conversation until its messages are read, however many arrive).
     */
    async messagesStored(tx: Tx, messages: { senderId: string; receiverId: string; text: string; sentAt: Date }[]): Promise<void> {
      if (messages.length === 0) return;
      const names = await repo.usernames(tx, [...new Set(messages.map((m) => m.senderId))]);
      const localeOf = await localesOf(
        tx,
        messages.map((m) => m.receiverId),
      );
      const latest = new Map<string, (typeof messages)[number]>();
      for (const message of messages) latest.set(`${message.receiverId}:${message.senderId}`, message);
      const rows = await repo.upsertChat(
        tx,
        [...latest.values()].map((message) => {
          const preview = message.text.length > CHAT_PREVIEW_CHARS ? `${message.text.slice(0, CHAT_PREVIEW_CHARS - 1)}…` : message.text;
          return {
            userId: message.receiverId,
            senderId: message.senderId,
            type: 'chat-message',
            text: notificationText(localeOf(message.receiverId), M.chatMessage, {
              sender: names.get(message.senderId) ?? notificationText(localeOf(message.receiverId), M.someone),
              preview,
            }),
            link: Links.chatWith(message.senderId),
            createdOn: message.sentAt,
          };
        }),
      );
      publishAfterCommit(tx, rows);
    },

    /** The user read a conversation: its message notification is read too. */
    async chatRead(userId: string, senderId: string): Promise<void> {
      await repo.markChatRead(db, userId, senderId, clock.now());
    },

    async list(userId: string, { page, pageSize }: NotificationsQuery): Promise<NotificationsResponse> {
      const [rows, unreadCount] = await Promise.all([repo.page(db, userId, (page - 1) * pageSize, pageSize), repo.unreadCount(db, userId)]);
      return { items: rows.slice(0, pageSize).map(toNotification), unreadCount, hasMore: rows.length > pageSize };
    },

    /** Marks the given ids (or all) read; answers the new unread count. */
    async markRead(userId: string, ids: string[] | undefined): Promise<{ unreadCount: number }> {
      await repo.markRead(db, userId, ids, clock.now());
      return { unreadCount: await repo.unreadCount(db, userId) };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
