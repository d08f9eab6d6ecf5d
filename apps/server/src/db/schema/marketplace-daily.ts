import { bigint, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The operator's dashboard per calendar day (in `marketplace_daily_zone`'s time zone) and vehicle type
 * (issue 30, ADR 031): kept by triggers in the same transaction as the rentals, ledger postings, users
 * and vehicles they count (migrations 0034 and 0036), so the sum of a day's rows always equals the
 * figures of the raw tables, today included. vehicle_type_id 0 holds what has no type (new users). Money from the ledger:
 * take = the company's fee postings, refunds = refund postings on wallets, both of rentals.
 */
export const marketplaceDaily = pgTable(
  'marketplace_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    vehicleTypeId: integer('vehicle_type_id').notNull(),
    /** Rentals booked that day (any status since), and the sum of their totals. */
    bookings: integer('bookings').notNull().default(0),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull().default(0),
    takeCents: bigint('take_cents', { mode: 'number' }).notNull().default(0),
    /** Rentals cancelled that day (status Cancelled, by cancelled_at). */
    cancellations: integer('cancellations').notNull().default(0),
    refundsCents: bigint('refunds_cents', { mode: 'number' }).notNull().default(0),
    newUsers: integer('new_users').notNull().default(0),
    newListings: integer('new_listings').notNull().default(0),
  },
  // Rows are deltas, appended by the triggers (no row is updated in place, so concurrent bookings never
  // wait on a shared summary row); readers sum them by day and type, and a periodic compaction folds
  // the days before today into one row each (migration 0036).
  (t) => [index('marketplace_daily_day_idx').on(t.day, t.vehicleTypeId)],
);

/** The time zone marketplace_daily's days are in (one row); the app rebuilds the table when its TIME_ZONE differs. */
export const marketplaceDailyZone = pgTable('marketplace_daily_zone', {
  timeZone: text('time_zone').primaryKey(),
});
