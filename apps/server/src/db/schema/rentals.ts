import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BookingMode, CancellationPolicy } from '@rentdrive/domain/booking-rules';
import type { RentalStatus } from '@rentdrive/domain/rental-state';
import { users } from './users';
import { vehicles } from './vehicles';

/** Who cancelled a Cancelled rental. */
export type CancelledBy = 'renter' | 'owner' | 'system';

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
    /** 'Requested' | 'Active' | 'Completed' | 'Cancelled' | 'Declined' | 'Expired' */
    status: text('status').$type<RentalStatus>().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    pricePerDayCents: integer('price_per_day_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Issue 27: the vehicle's policy when it was booked (a later change does not apply to it). */
    cancellationPolicy: text('cancellation_policy').$type<CancellationPolicy>().notNull().default('flexible'),
    /** The duration discount taken off days × price; total_cents is what was paid after it. */
    discountCents: integer('discount_cents').notNull().default(0),
    /** Held in the 'deposits' account from booking until released, refunded or paid on a claim. */
    depositCents: integer('deposit_cents').notNull().default(0),
    depositReleasedAt: timestamp('deposit_released_at', { withTimezone: true }),
    /** On-request bookings: when an unanswered request expires. */
    requestExpiresAt: timestamp('request_expires_at', { withTimezone: true }),
    /** A renter's cancellation: the owner's share of the kept part, in escrow until the rental's first day. */
    ownerPendingCents: integer('owner_pending_cents').notNull().default(0),
    ownerPendingPaidAt: timestamp('owner_pending_paid_at', { withTimezone: true }),
    /** Who cancelled a Cancelled rental: 'renter' | 'owner' | 'system' (null while not cancelled). */
    cancelledBy: text('cancelled_by').$type<CancelledBy>(),
  },
  (t) => [
    check('rentals_status_ck', sql`${t.status} in ('Requested','Active','Completed','Cancelled','Declined','Expired')`),
    check('rentals_money_ck', sql`${t.discountCents} >= 0 and ${t.depositCents} >= 0 and ${t.ownerPendingCents} >= 0`),
    index('rentals_requested_expiry_idx')
      .on(t.requestExpiresAt)
      .where(sql`${t.status} = 'Requested'`),
    check('rentals_cancelled_by_ck', sql`${t.cancelledBy} is null or ${t.cancelledBy} in ('renter','owner','system')`),
    // An owner's cancellations of the last 12 months (public profile, dashboards).
    index('rentals_owner_cancelled_idx')
      .on(t.cancelledAt)
      .where(sql`${t.cancelledBy} = 'owner'`),
    check('rentals_period_ck', sql`${t.endDate} >= ${t.startDate}`),
    index('rentals_renter_idx').on(t.renterId, t.bookedAt),
    index('rentals_vehicle_idx').on(t.vehicleId, t.status),
    // The owner's dashboard: an owner's rentals booked in a few days (issue 30, migration 0037).
    index('rentals_vehicle_booked_idx').on(t.vehicleId, t.bookedAt),
    // The operator's dashboard (issue 30, chosen by bench:dashboards): bookings and cancellations of a period.
    index('rentals_booked_at_idx').on(t.bookedAt),
    index('rentals_cancelled_at_idx')
      .on(t.cancelledAt)
      .where(sql`${t.status} = 'Cancelled'`),
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

/**
 * Booking rules an owner chose for a vehicle (issue 27). A vehicle without a row has the defaults
 * (DEFAULT_BOOKING_RULES in packages/domain/src/booking-rules.ts): instant, flexible, no discounts,
 * 1 day minimum, no maximum, no advance notice, no deposit.
 */
export const vehicleBookingRules = pgTable(
  'vehicle_booking_rules',
  {
    vehicleId: uuid('vehicle_id')
      .primaryKey()
      .references(() => vehicles.id),
    /** 'instant' | 'request' */
    bookingMode: text('booking_mode').$type<BookingMode>().notNull().default('instant'),
    /** 'flexible' | 'moderate' | 'strict' */
    cancellationPolicy: text('cancellation_policy').$type<CancellationPolicy>().notNull().default('flexible'),
    weeklyDiscountPercent: smallint('weekly_discount_percent').notNull().default(0),
    monthlyDiscountPercent: smallint('monthly_discount_percent').notNull().default(0),
    minDays: smallint('min_days').notNull().default(1),
    maxDays: smallint('max_days'),
    advanceNoticeDays: smallint('advance_notice_days').notNull().default(0),
    depositCents: integer('deposit_cents').notNull().default(0),
    /** Only for locking: rules are read in the rent transaction. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('vehicle_booking_rules_mode_ck', sql`${t.bookingMode} in ('instant','request')`),
    check('vehicle_booking_rules_policy_ck', sql`${t.cancellationPolicy} in ('flexible','moderate','strict')`),
    check(
      'vehicle_booking_rules_values_ck',
      sql`${t.weeklyDiscountPercent} between 0 and 90 and ${t.monthlyDiscountPercent} between 0 and 90
        and ${t.minDays} >= 1 and (${t.maxDays} is null or ${t.maxDays} >= ${t.minDays})
        and ${t.advanceNoticeDays} between 0 and 7 and ${t.depositCents} between 0 and 100000`,
    ),
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
    /**
     * Double-blind (issue 27): null until the owner's review of the renter is written too, or 14 days
     * after completion; before that only its author sees it and the vehicle's rating leaves it out.
     * Rows written before issue 27 (and seeds) are published when written.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_rental_uq').on(t.rentalId),
    index('reviews_vehicle_idx').on(t.vehicleId, t.createdAt),
    check('reviews_star_ck', sql`${t.starRating} between 1 and 5`),
  ],
);

/**
 * An owner's review of a renter after a completed rental (issue 27), one per rental. Published with the
 * renter's review of the rental (double-blind): when both are written or 14 days after completion.
 */
export const renterReviews = pgTable(
  'renter_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rentalId: uuid('rental_id')
      .notNull()
      .references(() => rentals.id),
    renterId: uuid('renter_id')
      .notNull()
      .references(() => users.id),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id),
    starRating: smallint('star_rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('renter_reviews_rental_uq').on(t.rentalId),
    index('renter_reviews_renter_idx').on(t.renterId),
    check('renter_reviews_star_ck', sql`${t.starRating} between 1 and 5`),
  ],
);
