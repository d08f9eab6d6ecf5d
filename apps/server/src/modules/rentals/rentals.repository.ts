import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { CancellationPolicy } from '@rentdrive/domain/booking-rules';
import type { RentalStatus } from '@rentdrive/domain/rental-state';
import type { DbOrTx } from '../../db/client';
import { damageClaims, renterReviews, rentalDays, rentals, reviews, users, vehicleImages, vehicles } from '../../db/schema/index';

/** A rental with what the state machine and the payout need, locked FOR UPDATE by lockRental. */
export interface LockedRental {
  id: string;
  renterId: string;
  vehicleId: string;
  status: RentalStatus;
  startDate: string;
  endDate: string;
  totalCents: number;
  ownerId: string;
  isCompanyProperty: boolean;
  cancellationPolicy: CancellationPolicy;
  depositCents: number;
  ownerPendingCents: number;
  requestExpiresAt: Date | null;
}

const lockedRentalColumns = {
  id: rentals.id,
  renterId: rentals.renterId,
  vehicleId: rentals.vehicleId,
  status: rentals.status,
  startDate: rentals.startDate,
  endDate: rentals.endDate,
  totalCents: rentals.totalCents,
  ownerId: vehicles.ownerId,
  isCompanyProperty: vehicles.isCompanyProperty,
  cancellationPolicy: rentals.cancellationPolicy,
  depositCents: rentals.depositCents,
  ownerPendingCents: rentals.ownerPendingCents,
  requestExpiresAt: rentals.requestExpiresAt,
};

/** Rentals queries only; rules live in the service. */
/**
 * The timed jobs' batches: the rentals that are due, oldest first, locked with SKIP LOCKED so that
 * instances running the same job at once share the work instead of waiting for each other.
 */
async function lockDue(db: DbOrTx, due: SQL | undefined, oldestFirst: AnyColumn, limit: number): Promise<LockedRental[]> {
  const rows = await db
    .select(lockedRentalColumns)
    .from(rentals)
    .innerJoin(vehicles, eq(vehicles.id, rentals.vehicleId))
    .where(due)
    .orderBy(asc(oldestFirst), asc(rentals.id))
    .limit(limit)
    .for('update', { of: rentals, skipLocked: true });
  return rows;
}

export function createRentalsRepository() {
  return {
    async findVehicle(db: DbOrTx, vehicleId: string) {
      const [row] = await db
        .select({ id: vehicles.id, ownerId: vehicles.ownerId, pricePerDayCents: vehicles.pricePerDayCents, deletedAt: vehicles.deletedAt })
        .from(vehicles)
        .where(eq(vehicles.id, vehicleId));
      return row;
    },

    /** Holds the live vehicle against a concurrent delete until the rent commits (shared: rents don't block each other). */
    async shareLockLiveVehicle(db: DbOrTx, vehicleId: string) {
      const [row] = await db
        .select({ id: vehicles.id, ownerId: vehicles.ownerId, pricePerDayCents: vehicles.pricePerDayCents })
        .from(vehicles)
        .where(and(eq(vehicles.id, vehicleId), isNull(vehicles.deletedAt)))
        .for('share');
      return row;
    },

    async insertRental(db: DbOrTx, values: typeof rentals.$inferInsert) {
      const [row] = await db.insert(rentals).values(values).returning({ id: rentals.id, bookedAt: rentals.bookedAt });
      return row!;
    },

    /** The primary key (vehicle_id, day) makes this fail when any day is already booked. */
    async insertRentalDays(db: DbOrTx, vehicleId: string, rentalId: string, days: string[]): Promise<void> {
      await db.insert(rentalDays).values(days.map((day) => ({ vehicleId, day, rentalId })));
    },

    async deleteRentalDays(db: DbOrTx, rentalId: string): Promise<void> {
      await db.delete(rentalDays).where(eq(rentalDays.rentalId, rentalId));
    },

    /** The days renters cannot book: Active rentals' days and the days blocked from `fromDay` on. */
    async unavailableDays(db: DbOrTx, vehicleId: string, fromDay: string): Promise<string[]> {
      const rows = await db
        .select({ day: rentalDays.day })
        .from(rentalDays)
        .leftJoin(rentals, eq(rentals.id, rentalDays.rentalId))
        .where(
          and(
            eq(rentalDays.vehicleId, vehicleId),
            or(inArray(rentals.status, ['Active', 'Requested']), and(isNull(rentalDays.rentalId), gte(rentalDays.day, fromDay))),
          ),
        )
        .orderBy(asc(rentalDays.day));
      return rows.map((r) => r.day);
    },

    /** The rental and its vehicle's owner, locked until the transaction ends. */
    async lockRental(db: DbOrTx, rentalId: string): Promise<LockedRental | undefined> {
      const [row] = await db
        .select(lockedRentalColumns)
        .from(rentals)
        .innerJoin(vehicles, eq(vehicles.id, rentals.vehicleId))
        .where(eq(rentals.id, rentalId))
        .for('update', { of: rentals });
      return row;
    },

    /**
     * Active rentals whose last day is on or before the cutoff, locked; rows another instance holds
     * are skipped, so several instances share the work without doing any rental twice.
     */
    async lockDueForCompletion(db: DbOrTx, lastEndDate: string, limit: number): Promise<LockedRental[]> {
      const rows = await db
        .select(lockedRentalColumns)
        .from(rentals)
        .innerJoin(vehicles, eq(vehicles.id, rentals.vehicleId))
        .where(and(eq(rentals.status, 'Active'), lte(rentals.endDate, lastEndDate)))
        .orderBy(asc(rentals.endDate), asc(rentals.id))
        .limit(limit)
        .for('update', { of: rentals, skipLocked: true });
      return rows;
    },

    async markCompleted(db: DbOrTx, rentalId: string, at: Date): Promise<void> {
      await db.update(rentals).set({ status: 'Completed', completedAt: at }).where(eq(rentals.id, rentalId));
    },

    /** Issue 27: who cancelled ('renter', 'owner' or 'system') is kept for the owner's profile and the dashboards. */
    async markCancelled(db: DbOrTx, rentalId: string, at: Date, cancelledBy: 'renter' | 'owner' | 'system' = 'renter'): Promise<void> {
      await db.update(rentals).set({ status: 'Cancelled', cancelledAt: at, cancelledBy }).where(eq(rentals.id, rentalId));
    },

    /** Bookings an owner cancelled since `since`, on any vehicle of theirs (issue 27). */
    async ownerCancellationsSince(db: DbOrTx, ownerId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(rentals)
        .innerJoin(vehicles, eq(vehicles.id, rentals.vehicleId))
        .where(and(eq(rentals.cancelledBy, 'owner'), gte(rentals.cancelledAt, since), eq(vehicles.ownerId, ownerId)));
      return Number(row?.n ?? 0);
    },

    /** Unanswered requests whose 24 hours are over, locked (SKIP LOCKED: instances share the work). */
    lockExpiredRequests(db: DbOrTx, now: Date, limit: number): Promise<LockedRental[]> {
      return lockDue(db, and(eq(rentals.status, 'Requested'), lte(rentals.requestExpiresAt, now)), rentals.requestExpiresAt, limit);
    },

    /** Cancelled rentals whose owner's share waits in escrow and whose first day has come, locked. */
    lockDueOwnerPending(db: DbOrTx, day: string, limit: number): Promise<LockedRental[]> {
      const due = and(
        eq(rentals.status, 'Cancelled'),
        sql`${rentals.ownerPendingCents} > 0`,
        isNull(rentals.ownerPendingPaidAt),
        lte(rentals.startDate, day),
      );
      return lockDue(db, due, rentals.startDate, limit);
    },

    /** Completed rentals whose deposit is still held and whose release time has come, locked. */
    lockDueDeposits(db: DbOrTx, completedBefore: Date, limit: number): Promise<LockedRental[]> {
      const due = and(
        eq(rentals.status, 'Completed'),
        sql`${rentals.depositCents} > 0`,
        isNull(rentals.depositReleasedAt),
        isNotNull(rentals.completedAt),
        lt(rentals.completedAt, completedBefore),
        // A damage claim holds the deposit until an employee decides it (modules/claims).
        sql`not exists (select 1 from ${damageClaims} where ${damageClaims.rentalId} = ${rentals.id})`,
      );
      return lockDue(db, due, rentals.completedAt, limit);
    },

    /**
     * Whether a damage claim was opened on the rental, asked again once its row is locked: a claim
     * committed after the batch query's snapshot (but before the lock was taken) is seen here.
     */
    async hasDamageClaim(db: DbOrTx, rentalId: string): Promise<boolean> {
      const rows = await db.select({ id: damageClaims.id }).from(damageClaims).where(eq(damageClaims.rentalId, rentalId)).limit(1);
      return rows.length > 0;
    },

    async setStatus(db: DbOrTx, rentalId: string, status: RentalStatus, at: Date): Promise<void> {
      const ended = status === 'Cancelled' || status === 'Declined' || status === 'Expired';
      await db
        .update(rentals)
        .set({ status, ...(ended ? { cancelledAt: at } : {}) })
        .where(eq(rentals.id, rentalId));
    },

    async markOwnerPending(db: DbOrTx, rentalId: string, ownerPendingCents: number): Promise<void> {
      await db.update(rentals).set({ ownerPendingCents }).where(eq(rentals.id, rentalId));
    },

    async markOwnerPendingPaid(db: DbOrTx, rentalId: string, at: Date): Promise<void> {
      await db.update(rentals).set({ ownerPendingPaidAt: at }).where(eq(rentals.id, rentalId));
    },

    async markDepositReleased(db: DbOrTx, rentalId: string, at: Date): Promise<void> {
      await db.update(rentals).set({ depositReleasedAt: at }).where(eq(rentals.id, rentalId));
    },

    /** Rows for My Rentals (one rental when rentalId is given): Active first, then newest booking first. */
    async rentalsOfRenter(db: DbOrTx, renterId: string, rentalId?: string) {
      return db
        .select({
          id: rentals.id,
          vehicleId: rentals.vehicleId,
          vehicleMake: vehicles.make,
          vehicleModel: vehicles.model,
          imageUrl: sql<string | null>`(select ${vehicleImages.thumbPath} from ${vehicleImages}
            where ${vehicleImages.vehicleId} = ${vehicles.id} order by ${vehicleImages.position} limit 1)`,
          status: rentals.status,
          bookedAt: rentals.bookedAt,
          startDate: rentals.startDate,
          endDate: rentals.endDate,
          pricePerDayCents: rentals.pricePerDayCents,
          totalCents: rentals.totalCents,
          hasReview: sql<boolean>`exists (select 1 from ${reviews} where ${reviews.rentalId} = ${rentals.id})`,
          completedAt: rentals.completedAt,
          reviewPublished: sql<boolean>`exists (select 1 from ${reviews} where ${reviews.rentalId} = ${rentals.id} and ${reviews.publishedAt} is not null)`,
        })
        .from(rentals)
        .innerJoin(vehicles, eq(vehicles.id, rentals.vehicleId))
        .where(rentalId ? and(eq(rentals.renterId, renterId), eq(rentals.id, rentalId)) : eq(rentals.renterId, renterId))
        .orderBy(sql`case when ${rentals.status} in ('Active', 'Requested') then 0 else 1 end`, desc(rentals.bookedAt), desc(rentals.id));
    },

    async bookingsOfVehicle(db: DbOrTx, vehicleId: string) {
      return db
        .select({
          id: rentals.id,
          username: users.username,
          bookedAt: rentals.bookedAt,
          startDate: rentals.startDate,
          endDate: rentals.endDate,
          status: rentals.status,
          pricePerDayCents: rentals.pricePerDayCents,
          totalCents: rentals.totalCents,
          // Issue 25: the renter's current address is one they verified.
          renterEmailVerified: sql<boolean>`exists (select 1 from verified_emails ve where ve.user_id = ${rentals.renterId} and lower(ve.email) = lower(${users.email}))`,
          completedAt: rentals.completedAt,
          cancelledBy: rentals.cancelledBy,
          // Issue 27: the renter's published ratings by owners, and the owner's own rating of this renter.
          renterAverage: sql<
            string | null
          >`(select avg(${renterReviews.starRating}) from ${renterReviews} where ${renterReviews.renterId} = ${rentals.renterId} and ${renterReviews.publishedAt} is not null)`,
          renterCount: sql<number>`(select count(*)::int from ${renterReviews} where ${renterReviews.renterId} = ${rentals.renterId} and ${renterReviews.publishedAt} is not null)`,
          reviewStars: renterReviews.starRating,
          reviewComment: renterReviews.comment,
          reviewPublishedAt: renterReviews.publishedAt,
        })
        .from(rentals)
        .innerJoin(users, eq(users.id, rentals.renterId))
        .leftJoin(renterReviews, eq(renterReviews.rentalId, rentals.id))
        .where(eq(rentals.vehicleId, vehicleId))
        .orderBy(desc(rentals.bookedAt), desc(rentals.id));
    },

    /** Test hook: moves a rental and its booked days to new dates. */
    async moveRental(
      db: DbOrTx,
      rental: { id: string; vehicleId: string },
      startDate: string,
      endDate: string,
      days: string[],
    ): Promise<void> {
      await db.delete(rentalDays).where(eq(rentalDays.rentalId, rental.id));
      await db.update(rentals).set({ startDate, endDate }).where(eq(rentals.id, rental.id));
      if (days.length) await db.insert(rentalDays).values(days.map((day) => ({ vehicleId: rental.vehicleId, day, rentalId: rental.id })));
    },
  };
}

export type RentalsRepository = ReturnType<typeof createRentalsRepository>;
