import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';

/** "No vehicle" / "no payee" in owner_monthly's key columns (NOT NULL, so that the compaction matches rows by equality). */
export const OWNER_MONTHLY_NONE = '00000000-0000-0000-0000-000000000000';

/**
 * The owner's dashboard per calendar month (in `marketplace_daily_zone`'s time zone) and vehicle
 * (issue 30, ADR 032): kept by triggers on rentals, rental_days and ledger_postings in the writers'
 * transactions (migration 0037), as APPENDED DELTA rows (no key: no writer waits on another's row);
 * readers sum them, and the hourly compaction folds each (month, vehicle, payee) into one row.
 * Money from the ledger: earned = the payee's wallet's 'Rental Profit' postings of the vehicle's
 * rentals (by the posting's month), refunds = 'Refund' postings on the renter's wallet of a Cancelled
 * rental. Keyed by vehicle (and for earnings by the wallet's user), never by the vehicle's owner, so a
 * vehicle changing owner moves nothing.
 */
export const ownerMonthly = pgTable(
  'owner_monthly',
  {
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    /** The vehicle (of the booked day, or of the rental); OWNER_MONTHLY_NONE for a payout of no rental. */
    vehicleId: uuid('vehicle_id').notNull(),
    /** The wallet's user the earnings were paid to; OWNER_MONTHLY_NONE on rows without earnings. */
    payeeId: uuid('payee_id').notNull(),
    /** false: a delta appended by a trigger, not folded yet by the compaction. */
    folded: boolean('folded').notNull().default(false),
    /** 'Rental Profit' postings on the payee's wallet, and their sum. */
    payouts: integer('payouts').notNull().default(0),
    earnedCents: bigint('earned_cents', { mode: 'number' }).notNull().default(0),
    /** Booked days of Active or Completed rentals, and the price per day of those of Active ones. */
    days: integer('days').notNull().default(0),
    pendingCents: bigint('pending_cents', { mode: 'number' }).notNull().default(0),
    /** Days taken by a rental of any status (occupancy's definition). */
    occupied: integer('occupied').notNull().default(0),
    refundsCents: bigint('refunds_cents', { mode: 'number' }).notNull().default(0),
    /** Rentals booked in the month (by booked_at) and what became of them. */
    bookings: integer('bookings').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    byRenter: integer('by_renter').notNull().default(0),
    byOwner: integer('by_owner').notNull().default(0),
    bySystem: integer('by_system').notNull().default(0),
    declined: integer('declined').notNull().default(0),
    expired: integer('expired').notNull().default(0),
  },
  (t) => [
    index('owner_monthly_vehicle_idx').on(t.vehicleId, t.month),
    index('owner_monthly_payee_idx')
      .on(t.payeeId, t.month)
      .where(sql`${t.payeeId} <> '00000000-0000-0000-0000-000000000000'::uuid`),
    index('owner_monthly_unfolded_idx')
      .on(t.vehicleId, t.month, t.payeeId)
      .where(sql`not ${t.folded}`),
  ],
);
