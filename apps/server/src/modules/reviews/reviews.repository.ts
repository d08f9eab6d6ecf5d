import { and, asc, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { renterReviews, rentals, reviews, users, vehicles } from '../../db/schema/index';

/** Review queries only. */
export function createReviewsRepository() {
  return {
    /** The rental, locked so two reviews of it cannot race past the checks. */
    async lockRental(db: DbOrTx, rentalId: string) {
      const [row] = await db
        .select({
          id: rentals.id,
          renterId: rentals.renterId,
          vehicleId: rentals.vehicleId,
          status: rentals.status,
          completedAt: rentals.completedAt,
          ownerId: vehicles.ownerId,
          isCompanyProperty: vehicles.isCompanyProperty,
        })
        .from(rentals)
        .innerJoin(vehicles, eq(vehicles.id, rentals.vehicleId))
        .where(eq(rentals.id, rentalId))
        .for('update', { of: rentals });
      return row;
    },

    async hasRenterReview(db: DbOrTx, rentalId: string): Promise<boolean> {
      const [row] = await db.select({ id: renterReviews.id }).from(renterReviews).where(eq(renterReviews.rentalId, rentalId));
      return Boolean(row);
    },

    async insertRenterReview(db: DbOrTx, values: typeof renterReviews.$inferInsert) {
      const [row] = await db.insert(renterReviews).values(values).returning();
      return row!;
    },

    /**
     * Publishes both reviews of a rental (double-blind, issue 27), whichever exist and are not published
     * yet; answers the renter's review of the vehicle if this published it (its stars then count).
     */
    async publishReviewsOf(db: DbOrTx, rentalId: string, at: Date) {
      await db
        .update(renterReviews)
        .set({ publishedAt: at })
        .where(and(eq(renterReviews.rentalId, rentalId), isNull(renterReviews.publishedAt)));
      const [published] = await db
        .update(reviews)
        .set({ publishedAt: at })
        .where(and(eq(reviews.rentalId, rentalId), isNull(reviews.publishedAt)))
        .returning({ vehicleId: reviews.vehicleId, starRating: reviews.starRating });
      return published;
    },

    /**
     * Completed rentals with a review still waiting that completed before `completedBefore`, locked;
     * SKIP LOCKED lets instances share the work.
     */
    async lockDueForPublication(db: DbOrTx, completedBefore: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: rentals.id })
        .from(rentals)
        .where(
          and(
            eq(rentals.status, 'Completed'),
            lt(rentals.completedAt, completedBefore),
            sql`(exists (select 1 from ${reviews} where ${reviews.rentalId} = ${rentals.id} and ${reviews.publishedAt} is null)
              or exists (select 1 from ${renterReviews} where ${renterReviews.rentalId} = ${rentals.id} and ${renterReviews.publishedAt} is null))`,
          ),
        )
        .orderBy(asc(rentals.completedAt), asc(rentals.id))
        .limit(limit)
        .for('update', { of: rentals, skipLocked: true });
      return rows.map((r) => r.id);
    },

    async hasReview(db: DbOrTx, rentalId: string): Promise<boolean> {
      const [row] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.rentalId, rentalId));
      return Boolean(row);
    },

    async insertReview(db: DbOrTx, values: typeof reviews.$inferInsert) {
      const [row] = await db.insert(reviews).values(values).returning();
      return row!;
    },

    /** Keeps the vehicle's rating counters with the review, in the same transaction. */
    async addToVehicleRating(db: DbOrTx, vehicleId: string, stars: number): Promise<void> {
      await db
        .update(vehicles)
        .set({ reviewCount: sql`${vehicles.reviewCount} + 1`, starsTotal: sql`${vehicles.starsTotal} + ${stars}` })
        .where(eq(vehicles.id, vehicleId));
    },

    /** The renter's published ratings by owners, newest first (double-blind: never a waiting one). */
    publishedRenterReviewsOf(db: DbOrTx, renterId: string, limit: number) {
      return db
        .select({
          rentalId: renterReviews.rentalId,
          starRating: renterReviews.starRating,
          comment: renterReviews.comment,
          publishedAt: renterReviews.publishedAt,
        })
        .from(renterReviews)
        .where(and(eq(renterReviews.renterId, renterId), isNotNull(renterReviews.publishedAt)))
        .orderBy(desc(renterReviews.publishedAt), desc(renterReviews.id))
        .limit(limit);
    },

    /** Count and average of the renter's published ratings (all of them, not only the listed ones). */
    async renterRatingOf(db: DbOrTx, renterId: string): Promise<{ count: number; average: number | null }> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, average: sql<string | null>`avg(${renterReviews.starRating})` })
        .from(renterReviews)
        .where(and(eq(renterReviews.renterId, renterId), isNotNull(renterReviews.publishedAt)));
      return { count: row?.count ?? 0, average: row?.average == null ? null : Math.round(Number(row.average) * 10) / 10 };
    },

    async usernameOf(db: DbOrTx, userId: string): Promise<string> {
      const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
      return row?.username ?? '';
    },
  };
}
