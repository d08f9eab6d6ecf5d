import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ClaimStatus } from '@rentdrive/contracts/claims';
import { rentals } from './rentals';
import { users } from './users';

/** A photo of a claim or of its answer: both variants as the API serves them ('images/claims/<uuid>.webp'). */
export interface ClaimPhoto {
  largePath: string;
  thumbPath: string;
}

/**
 * Damage claims (issue 27, ADR 021): an owner's claim on a completed rental's deposit, the renter's
 * answer and an employee's decision. One claim per rental. While a claim is open its rental's deposit
 * stays held (the release job skips rentals with a claim); the decision pays the deposit out and marks
 * it released (rentals.deposit_released_at) in the same transaction.
 */
export const damageClaims = pgTable(
  'damage_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rentalId: uuid('rental_id')
      .notNull()
      .references(() => rentals.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    renterId: uuid('renter_id')
      .notNull()
      .references(() => users.id),
    description: text('description').notNull(),
    /** What the owner asks for, at most the rental's deposit. */
    amountCents: integer('amount_cents').notNull(),
    photos: jsonb('photos').$type<ClaimPhoto[]>().notNull().default([]),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** The renter's answer (once). */
    answer: text('answer'),
    answerPhotos: jsonb('answer_photos').$type<ClaimPhoto[]>().notNull().default([]),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** 'open' | 'decided'. */
    status: text('status').$type<ClaimStatus>().notNull().default('open'),
    /** The decision: what the owner is paid (0..amount); the rest of the deposit went back to the renter. */
    ownerPaidCents: integer('owner_paid_cents'),
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('damage_claims_rental_uq').on(t.rentalId),
    index('damage_claims_open_idx')
      .on(t.openedAt)
      .where(sql`${t.status} = 'open'`),
    check('damage_claims_status_ck', sql`${t.status} in ('open','decided')`),
    check('damage_claims_amount_ck', sql`${t.amountCents} > 0`),
    check(
      'damage_claims_decision_ck',
      sql`(${t.status} = 'open' and ${t.decidedAt} is null and ${t.ownerPaidCents} is null)
        or (${t.status} = 'decided' and ${t.decidedAt} is not null and ${t.ownerPaidCents} between 0 and ${t.amountCents})`,
    ),
  ],
);
