import { and, asc, eq, gt, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccountExport } from '@rentdrive/contracts/account-data';
import type { Db } from '../../db/client';
import {
  chatMessages,
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  notifications,
  rentals,
  renterReviews,
  reviews,
  users,
  vehicleImages,
  vehicles,
  verifiedEmails,
} from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { DELETED_USER_NAME } from '../audit/audit.service';

/** Rows read per query: the export holds at most one batch of one section in memory at a time. */
export const EXPORT_BATCH_SIZE = 500;

type Section = Exclude<keyof AccountExport, 'format' | 'version' | 'exportedAt' | 'account'>;
type Item<S extends Section> = AccountExport[S][number];

const iso = (date: Date | null) => (date ? date.toISOString() : null);
/** A user's name as others see it: a deleted account's tombstone reads 'Deleted user'. */
const shownName = (username: string | null, deletedAt: Date | null) => (deletedAt || username === null ? DELETED_USER_NAME : username);

/**
 * Reads a section in keyset batches: `read(after)` answers up to EXPORT_BATCH_SIZE rows past the
 * cursor, ordered by it; `cursorOf` names a row's cursor. Yields the rows one by one.
 */
async function* batched<Row, Cursor>(
  read: (after: Cursor | undefined) => Promise<Row[]>,
  cursorOf: (row: Row) => Cursor,
): AsyncGenerator<Row> {
  let after: Cursor | undefined;
  for (;;) {
    const rows = await read(after);
    for (const row of rows) yield row;
    if (rows.length < EXPORT_BATCH_SIZE) return;
    after = cursorOf(rows[rows.length - 1]!);
  }
}

const afterId = <C extends SQL.Aliased | Parameters<typeof gt>[0]>(column: C, after: unknown) =>
  after === undefined ? undefined : gt(column as Parameters<typeof gt>[0], after);

/**
 * The account's data as one JSON document (docs/account-export.md), written piece by piece: each
 * section is read in keyset batches of EXPORT_BATCH_SIZE rows and each row serialized as it comes,
 * so memory stays flat whatever the account's size. The reader (an HTTP response stream) pulls:
 * nothing more is read while the client is slow. Not one snapshot: rows changed during a long
 * download may show their old or new state.
 */
export function createAccountExport({ db, clock }: { db: Db; clock: Clock }) {
  const sections: { [S in Section]: (userId: string, origin: string) => AsyncGenerator<Item<S>> } = {
    async *vehicles(userId, origin) {
      for await (const v of batched(
        (after: string | undefined) =>
          db
            .select()
            .from(vehicles)
            .where(and(eq(vehicles.ownerId, userId), afterId(vehicles.id, after)))
            .orderBy(asc(vehicles.id))
            .limit(EXPORT_BATCH_SIZE),
        (row) => row.id,
      )) {
        const images = await db
          .select({ large: vehicleImages.largePath, thumb: vehicleImages.thumbPath })
          .from(vehicleImages)
          .where(eq(vehicleImages.vehicleId, v.id))
          .orderBy(asc(vehicleImages.position));
        yield {
          id: v.id,
          make: v.make,
          model: v.model,
          color: v.color,
          fuelType: v.fuelType,
          yearOfProduction: v.yearOfProduction,
          pricePerDayCents: v.pricePerDayCents,
          description: v.description,
          createdAt: v.createdAt.toISOString(),
          deletedAt: iso(v.deletedAt),
          images: images.map((image) => ({ url: `${origin}/${image.large}`, thumbnailUrl: `${origin}/${image.thumb}` })),
        };
      }
    },

    async *rentals(userId) {
      const renter = alias(users, 'renter');
      for await (const r of batched(
        (after: string | undefined) =>
          db
            .select({
              rental: rentals,
              ownerId: vehicles.ownerId,
              make: vehicles.make,
              model: vehicles.model,
              renterName: renter.username,
              renterDeletedAt: renter.deletedAt,
            })
            .from(rentals)
            .innerJoin(vehicles, eq(vehicles.id, rentals.vehicleId))
            .innerJoin(renter, eq(renter.id, rentals.renterId))
            .where(and(or(eq(rentals.renterId, userId), eq(vehicles.ownerId, userId)), afterId(rentals.id, after)))
            .orderBy(asc(rentals.id))
            .limit(EXPORT_BATCH_SIZE),
        (row) => row.rental.id,
      )) {
        yield {
          id: r.rental.id,
          role: r.rental.renterId === userId ? 'renter' : 'owner',
          vehicleId: r.rental.vehicleId,
          vehicle: `${r.make} ${r.model}`,
          renter: shownName(r.renterName, r.renterDeletedAt),
          status: r.rental.status,
          startDate: r.rental.startDate,
          endDate: r.rental.endDate,
          totalCents: r.rental.totalCents,
          depositCents: r.rental.depositCents,
          bookedAt: r.rental.bookedAt.toISOString(),
          completedAt: iso(r.rental.completedAt),
          cancelledAt: iso(r.rental.cancelledAt),
        };
      }
    },

    // Double-blind (issue 27): the user's own reviews are theirs, published or not (publishedAt says);
    // reviews about them (of their vehicles, or of them as renter) only once published.
    async *reviewsWritten(userId) {
      yield* reviewsWhere(eq(reviews.reviewerId, userId));
      yield* renterReviewsWhere(eq(renterReviews.reviewerId, userId));
    },
    async *reviewsReceived(userId) {
      yield* reviewsWhere(and(eq(vehicles.ownerId, userId), isNotNull(reviews.publishedAt))!);
      yield* renterReviewsWhere(and(eq(renterReviews.renterId, userId), isNotNull(renterReviews.publishedAt))!);
    },

    async *walletTransactions(userId) {
      for await (const p of batched(
        (after: number | undefined) =>
          db
            .select({ posting: ledgerPostings, rentalId: ledgerTransactions.rentalId })
            .from(ledgerPostings)
            .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
            .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
            .where(and(eq(ledgerAccounts.userId, userId), afterId(ledgerPostings.seq, after)))
            .orderBy(asc(ledgerPostings.seq))
            .limit(EXPORT_BATCH_SIZE),
        (row) => row.posting.seq,
      )) {
        yield {
          id: p.posting.id,
          type: p.posting.type,
          amountCents: p.posting.amountCents,
          rentalId: p.rentalId,
          createdAt: p.posting.createdAt.toISOString(),
        };
      }
    },

    async *notifications(userId) {
      for await (const n of batched(
        (after: number | undefined) =>
          db
            .select()
            .from(notifications)
            .where(and(eq(notifications.userId, userId), afterId(notifications.seq, after)))
            .orderBy(asc(notifications.seq))
            .limit(EXPORT_BATCH_SIZE),
        (row) => row.seq,
      )) {
        yield { id: n.id, type: n.type, text: n.text, link: n.link, createdOn: n.createdOn.toISOString(), readAt: iso(n.readAt) };
      }
    },

    async *chatMessages(userId) {
      const partner = alias(users, 'partner');
      for await (const m of batched(
        (after: number | undefined) =>
          db
            .select({ message: chatMessages, partnerName: partner.username, partnerDeletedAt: partner.deletedAt })
            .from(chatMessages)
            .innerJoin(
              partner,
              sql`${partner.id} = case when ${chatMessages.senderId} = ${userId} then ${chatMessages.receiverId} else ${chatMessages.senderId} end`,
            )
            .where(and(or(eq(chatMessages.senderId, userId), eq(chatMessages.receiverId, userId)), afterId(chatMessages.seq, after)))
            .orderBy(asc(chatMessages.seq))
            .limit(EXPORT_BATCH_SIZE),
        (row) => row.message.seq,
      )) {
        const sent = m.message.senderId === userId;
        yield {
          id: m.message.id,
          direction: sent ? 'sent' : 'received',
          partner: shownName(m.partnerName, m.partnerDeletedAt),
          partnerId: sent ? m.message.receiverId : m.message.senderId,
          text: m.message.text,
          sentAt: m.message.sentAt.toISOString(),
        };
      }
    },
  };

  async function* reviewsWhere(condition: SQL): AsyncGenerator<Item<'reviewsWritten'>> {
    const reviewer = alias(users, 'reviewer');
    for await (const r of batched(
      (after: string | undefined) =>
        db
          .select({
            review: reviews,
            make: vehicles.make,
            model: vehicles.model,
            reviewerName: reviewer.username,
            reviewerDeletedAt: reviewer.deletedAt,
          })
          .from(reviews)
          .innerJoin(vehicles, eq(vehicles.id, reviews.vehicleId))
          .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
          .where(and(condition, afterId(reviews.id, after)))
          .orderBy(asc(reviews.id))
          .limit(EXPORT_BATCH_SIZE),
      (row) => row.review.id,
    )) {
      yield {
        id: r.review.id,
        rentalId: r.review.rentalId,
        vehicleId: r.review.vehicleId,
        vehicle: `${r.make} ${r.model}`,
        reviewer: shownName(r.reviewerName, r.reviewerDeletedAt),
        about: 'vehicle' as const,
        starRating: r.review.starRating,
        comment: r.review.comment,
        createdAt: r.review.createdAt.toISOString(),
        publishedAt: iso(r.review.publishedAt),
      };
    }
  }

  /** The owners' reviews of renters (issue 27): the reviewer is named as the vehicle's owner (the company for its vehicles). */
  async function* renterReviewsWhere(condition: SQL): AsyncGenerator<Item<'reviewsWritten'>> {
    const owner = alias(users, 'vehicle_owner');
    for await (const r of batched(
      (after: string | undefined) =>
        db
          .select({
            review: renterReviews,
            vehicleId: rentals.vehicleId,
            make: vehicles.make,
            model: vehicles.model,
            ownerName: owner.username,
            ownerDeletedAt: owner.deletedAt,
          })
          .from(renterReviews)
          .innerJoin(rentals, eq(rentals.id, renterReviews.rentalId))
          .innerJoin(vehicles, eq(vehicles.id, rentals.vehicleId))
          .innerJoin(owner, eq(owner.id, vehicles.ownerId))
          .where(and(condition, afterId(renterReviews.id, after)))
          .orderBy(asc(renterReviews.id))
          .limit(EXPORT_BATCH_SIZE),
      (row) => row.review.id,
    )) {
      yield {
        id: r.review.id,
        rentalId: r.review.rentalId,
        vehicleId: r.vehicleId,
        vehicle: `${r.make} ${r.model}`,
        reviewer: shownName(r.ownerName, r.ownerDeletedAt),
        about: 'renter' as const,
        starRating: r.review.starRating,
        comment: r.review.comment,
        createdAt: r.review.createdAt.toISOString(),
        publishedAt: iso(r.review.publishedAt),
      };
    }
  }

  async function account(userId: string): Promise<AccountExport['account'] | undefined> {
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user || user.deletedAt) return undefined;
    const [verified] = await db
      .select({ email: verifiedEmails.email })
      .from(verifiedEmails)
      .where(and(eq(verifiedEmails.userId, userId), sql`lower(${verifiedEmails.email}) = lower(${user.email})`))
      .limit(1);
    const [wallet] = await db
      .select({ balance: ledgerAccounts.balanceCents })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.kind, ['wallet'])))
      .limit(1);
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      emailVerified: Boolean(verified),
      phoneNumber: user.phoneNumber,
      language: user.language ?? 'en',
      memberSince: user.createdAt.toISOString(),
      isCompanyEmployee: user.isCompanyEmployee,
      walletBalanceCents: wallet?.balance ?? 0,
    };
  }

  const SECTION_ORDER: Section[] = [
    'vehicles',
    'rentals',
    'reviewsWritten',
    'reviewsReceived',
    'walletTransactions',
    'notifications',
    'chatMessages',
  ];

  return {
    /**
     * The document's text in pieces (the head, then about one row per piece); undefined when the
     * account does not exist. The export is recorded in the audit trail as it starts. The head is read before the first piece is yielded, so a missing
     * account is known before a response starts.
     */
    async open(userId: string, origin: string, context: AuditContext): Promise<AsyncGenerator<string> | undefined> {
      const head = await account(userId);
      if (!head) return undefined;
      await recordAudit(db, { ...context, action: 'account.export', target: { type: 'user', id: userId }, occurredAt: clock.now() });
      async function* pieces(): AsyncGenerator<string> {
        const start = { format: 'rentdrive-account-export', version: 1, exportedAt: clock.now().toISOString(), account: head };
        const text = JSON.stringify(start, null, 1);
        yield text.slice(0, text.lastIndexOf('}'));
        for (const name of SECTION_ORDER) {
          yield `,\n "${name}": [`;
          let first = true;
          // Each section's generator has its own item type; the union is written the same way.
          for await (const item of (sections[name] as (userId: string, origin: string) => AsyncGenerator<unknown>)(userId, origin)) {
            yield `${first ? '\n  ' : ',\n  '}${JSON.stringify(item)}`;
            first = false;
          }
          yield first ? ']' : '\n ]';
        }
        yield '\n}\n';
      }
      return pieces();
    },
  };
}
export type AccountExporter = ReturnType<typeof createAccountExport>;
