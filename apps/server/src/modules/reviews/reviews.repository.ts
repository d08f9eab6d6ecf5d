import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rentals, reviews, users, vehicles } from '../../db/schema/index';

/** Review queries only. */
export function createReviewsRepository() {
  return {
    /** The rental, locked so two reviews of it cannot race past the checks. */
    async lockRental(db: DbOrTx, rentalId: string) {
      const [row] = await db
        .select({ id: rentals.id, renterId: rentals.renterId, vehicleId: rentals.vehicleId, status: rentals.status })
        .from(rentals)
        .where(eq(rentals.id, rentalId))
        .for('update');
      return row;
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

    async usernameOf(db: DbOrTx, userId: string): Promise<string> {
      const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
      return row?.username ?? '';
    },
  };
}
