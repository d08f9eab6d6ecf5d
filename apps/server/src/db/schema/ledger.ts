import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TransactionType } from '@rentdrive/contracts/enums';
import { users } from './users';

/** What a ledger account is (see ledgerAccounts). */
export type LedgerAccountKind = 'wallet' | 'escrow' | 'company_revenue' | 'external' | 'payouts' | 'deposits';

/**
 * Double-entry ledger. Every money movement is one ledger_transaction
 * whose postings sum to zero. An account's balance_cents is the running sum of its postings, kept in
 * the same database transaction; a CHECK keeps wallets from going negative.
 * kind: 'wallet' (one per user), 'escrow' (platform holds rental payments), 'company_revenue',
 * 'external' (the outside world: card top-ups come from it), 'payouts' (the outside world that
 * withdrawals go to: the bank transfers paid out, kept apart from top-ups so each reconciles alone),
 * 'deposits' (security deposits held from booking until released or claimed, issue 27).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    /**
     * Wallets: the part of the balance that was earned (rental profits and refunds of earned money,
     * less withdrawals), the only money a withdrawal may take. The rest of the balance is card money
     * (card_funds.remaining_cents). Kept with balance_cents in the same statement.
     */
    withdrawableCents: bigint('withdrawable_cents', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_uq').on(t.userId),
    uniqueIndex('ledger_accounts_system_kind_uq')
      .on(t.kind)
      .where(sql`${t.userId} is null`),
    check('ledger_accounts_kind_ck', sql`${t.kind} in ('wallet','escrow','company_revenue','external','payouts','deposits')`),
    check('ledger_accounts_wallet_non_negative_ck', sql`${t.kind} <> 'wallet' or ${t.balanceCents} >= 0`),
    check('ledger_accounts_withdrawable_ck', sql`${t.withdrawableCents} >= 0 and (${t.kind} = 'wallet' or ${t.withdrawableCents} = 0)`),
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
    type: text('type').$type<TransactionType>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Insertion order: breaks ties between postings made at the same instant ("newest first"). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_postings_account_created_idx').on(t.accountId, t.createdAt),
    index('ledger_postings_transaction_idx').on(t.transactionId),
    // The operator's dashboard (issue 30): the company's fees and the refunds of a period.
    index('ledger_postings_fee_refund_idx')
      .on(t.createdAt)
      .where(sql`${t.type} in ('Company Rental Fee Profit', 'Refund')`),
  ],
);

/**
 * One row per card top-up: `remaining_cents` is what is left of it, neither spent nor refunded to its
 * card. Refund to card takes the newest first; spending takes the oldest first (ADR 005 follow-up).
 */
export const cardFunds = pgTable(
  'card_funds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** The top-up's ledger transaction. */
    transactionId: uuid('transaction_id').references(() => ledgerTransactions.id),
    cardLast4: text('card_last4'),
    /** The gateway's reference of the charge, which a refund to the card names (none for top-ups before 0018). */
    chargeReference: text('charge_reference'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    remainingCents: bigint('remaining_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('card_funds_account_idx').on(t.accountId, t.seq),
    check('card_funds_remaining_ck', sql`${t.remainingCents} >= 0 and ${t.remainingCents} <= ${t.amountCents}`),
  ],
);

/**
 * How each wallet posting moved the wallet's buckets: 'earned' (withdrawable), 'card' (a top-up's
 * remaining money) or 'legacy' (postings made before migration 0018; its opening entries, without a
 * posting, moved those balances into the other buckets, so 'legacy' sums to zero per wallet). The
 * entries of a posting sum to its amount.
 */
export const walletFundEntries = pgTable(
  'wallet_fund_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    postingId: uuid('posting_id').references(() => ledgerPostings.id),
    bucket: text('bucket').$type<FundBucket>().notNull(),
    cardFundId: uuid('card_fund_id').references(() => cardFunds.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** Refunds to card: the gateway's reference of the refund of this top-up. */
    gatewayReference: text('gateway_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('wallet_fund_entries_posting_idx').on(t.postingId),
    index('wallet_fund_entries_fund_idx').on(t.cardFundId),
    index('wallet_fund_entries_account_idx').on(t.accountId),
    check('wallet_fund_entries_bucket_ck', sql`${t.bucket} in ('earned','card','legacy')`),
    check('wallet_fund_entries_card_ck', sql`(${t.bucket} = 'card') = (${t.cardFundId} is not null)`),
  ],
);

export type FundBucket = 'earned' | 'card' | 'legacy';

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
