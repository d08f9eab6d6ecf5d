import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Double-entry ledger. Every money movement is one ledger_transaction
 * whose postings sum to zero. An account's balance_cents is the running sum of its postings, kept in
 * the same database transaction; a CHECK keeps wallets from going negative.
 * kind: 'wallet' (one per user), 'escrow' (platform holds rental payments), 'company_revenue',
 * 'external' (the outside world: card top-ups come from it), 'payouts' (the outside world that
 * withdrawals go to: the bank transfers paid out, kept apart from top-ups so each reconciles alone).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_uq').on(t.userId),
    uniqueIndex('ledger_accounts_system_kind_uq')
      .on(t.kind)
      .where(sql`${t.userId} is null`),
    check('ledger_accounts_kind_ck', sql`${t.kind} in ('wallet','escrow','company_revenue','external','payouts')`),
    check('ledger_accounts_wallet_non_negative_ck', sql`${t.kind} <> 'wallet' or ${t.balanceCents} >= 0`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What caused it: 'top-up', 'rent', 'cancel', 'complete', 'withdraw'. */
    kind: text('kind').notNull(),
    rentalId: uuid('rental_id'),
    /** Last four digits of the card for top-ups; never the full number. */
    cardLast4: text('card_last4'),
    /** Withdrawals: the bank account paid, masked (country and last four, see maskIban); never the full IBAN. */
    payoutAccount: text('payout_account'),
    payoutHolder: text('payout_holder'),
    /** The gateway's reference of the transfer, to reconcile with the bank. */
    payoutReference: text('payout_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ledger_transactions_rental_idx').on(t.rentalId)],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The wallet history label: Deposit, Withdraw, Rental Payment, Rental Profit, Company Rental Fee Profit, Refund. */
    type: text('type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Insertion order: breaks ties between postings made at the same instant ("newest first"). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_postings_account_created_idx').on(t.accountId, t.createdAt),
    index('ledger_postings_transaction_idx').on(t.transactionId),
  ],
);

/** Remembers the first answer to a request carrying an Idempotency-Key, per user and operation. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    statusCode: bigint('status_code', { mode: 'number' }).notNull(),
    response: jsonb('response').notNull(),
    /**
     * sha256 of the request's meaningful fields (never the card number or CVV), so a key reused for a
     * different request is refused instead of answering the wrong thing.
     */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] })],
);
