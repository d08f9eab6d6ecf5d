import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { vehicles } from './vehicles';

export const rentals = pgTable(
  'rentals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    renterId: uuid('renter_id')
      .notNull()
      .references(() => users.id),
    /** 'Active' | 'Completed' | 'Cancelled' */
    status: text('status').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    pricePerDayCents: integer('price_per_day_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    check('rentals_status_ck', sql`${t.status} in ('Active','Completed','Cancelled')`),
    check('rentals_period_ck', sql`${t.endDate} >= ${t.startDate}`),
    index('rentals_renter_idx').on(t.renterId, t.bookedAt),
    index('rentals_vehicle_idx').on(t.vehicleId, t.status),
    index('rentals_active_end_idx')
      .on(t.endDate)
      .where(sql`${t.status} = 'Active'`),
  ],
);

/**
 * One row per taken day of a vehicle: a booked day of a rental (rental_id), or a day its owner
 * blocked (blocked_by, no rental). The primary key makes the database itself refuse a day taken
 * twice for one vehicle, booked or blocked; cancelling deletes the rental's rows.
 */
export const rentalDays = pgTable(
  'rental_days',
  {
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    day: date('day', { mode: 'string' }).notNull(),
    rentalId: uuid('rental_id').references(() => rentals.id),
    /** Who blocked the day (the owner or an employee); null for a booked day. */
    blockedBy: uuid('blocked_by').references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.vehicleId, t.day] }),
    index('rental_days_rental_idx').on(t.rentalId),
    // The search index's load of the days taken inside a window (migration 0001).
    index('rental_days_day_idx').on(t.day, t.vehicleId),
    check('rental_days_booked_or_blocked_ck', sql`(${t.rentalId} is null) <> (${t.blockedBy} is null)`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rentalId: uuid('rental_id')
      .notNull()
      .references(() => rentals.id),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id),
    starRating: smallint('star_rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('reviews_rental_uq').on(t.rentalId),
    index('reviews_vehicle_idx').on(t.vehicleId, t.createdAt),
    check('reviews_star_ck', sql`${t.starRating} between 1 and 5`),
  ],
);
