import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface LedgerReport {
  /** Ledger transactions whose postings do not sum to zero. */
  unbalancedTransactions: string[];
  /** Accounts whose balance_cents differs from the sum of their postings. */
  mismatchedAccounts: { id: string; balanceCents: number; postedCents: number }[];
  negativeWallets: string[];
  /** Sum over every account; zero in a closed double-entry ledger. */
  totalCents: number;
  /** Wallet postings whose fund entries do not sum to the posting's amount (or that have none). */
  unattributedPostings: string[];
  /** Wallets whose withdrawable_cents differs from their 'earned' entries, is negative, or whose 'legacy' entries do not cancel out. */
  mismatchedWithdrawable: { id: string; withdrawableCents: number; earnedCents: number; legacyCents: number }[];
  /** Card top-ups whose remaining_cents differs from their entries or lies outside 0..amount. */
  mismatchedCardFunds: { id: string; remainingCents: number; enteredCents: number; amountCents: number }[];
  /** Wallets whose balance is not their withdrawable part plus their top-ups' remaining money. */
  mismatchedBuckets: { id: string; balanceCents: number; bucketsCents: number }[];
}

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the drivers (node-postgres, PGlite) type execute() apart; both answers carry `rows`.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Checks the double-entry invariants over the whole ledger (tests run it after every scenario), and the
 * wallets' buckets: every wallet posting attributed in full to earned money or card top-ups, each
 * bucket equal to the sum of its entries and never negative, a wallet's balance their sum.
 */
export async function checkLedger(db: DbOrTx): Promise<LedgerReport> {
  const unbalanced = await rows<{ id: string }>(
    db,
    sql`select transaction_id as id from ledger_postings group by transaction_id having sum(amount_cents) <> 0`,
  );
  const mismatched = await rows<{ id: string; balance_cents: string; posted_cents: string }>(
    db,
    sql`select a.id, a.balance_cents, coalesce(sum(p.amount_cents), 0) as posted_cents
        from ledger_accounts a left join ledger_postings p on p.account_id = a.id
        group by a.id, a.balance_cents
        having a.balance_cents <> coalesce(sum(p.amount_cents), 0)`,
  );
  const negative = await rows<{ id: string }>(db, sql`select id from ledger_accounts where kind = 'wallet' and balance_cents < 0`);
  const [total] = await rows<{ total: string | null }>(db, sql`select sum(balance_cents) as total from ledger_accounts`);
  const unattributed = await rows<{ id: string }>(
    db,
    sql`select p.id from ledger_postings p join ledger_accounts a on a.id = p.account_id
        left join wallet_fund_entries e on e.posting_id = p.id
        where a.kind = 'wallet'
        group by p.id, p.amount_cents
        having count(e.id) = 0 or sum(e.amount_cents) <> p.amount_cents`,
  );
  const withdrawable = await rows<{ id: string; withdrawable_cents: string; earned_cents: string; legacy_cents: string }>(
    db,
    sql`select a.id, a.withdrawable_cents,
          coalesce(sum(e.amount_cents) filter (where e.bucket = 'earned'), 0) as earned_cents,
          coalesce(sum(e.amount_cents) filter (where e.bucket = 'legacy'), 0) as legacy_cents
        from ledger_accounts a left join wallet_fund_entries e on e.account_id = a.id
        group by a.id, a.withdrawable_cents
        having a.withdrawable_cents < 0
          or a.withdrawable_cents <> coalesce(sum(e.amount_cents) filter (where e.bucket = 'earned'), 0)
          or coalesce(sum(e.amount_cents) filter (where e.bucket = 'legacy'), 0) <> 0`,
  );
  const cardFunds = await rows<{ id: string; remaining_cents: string; entered_cents: string; amount_cents: string }>(
    db,
    sql`select f.id, f.remaining_cents, f.amount_cents, coalesce(sum(e.amount_cents), 0) as entered_cents
        from card_funds f left join wallet_fund_entries e on e.card_fund_id = f.id
        group by f.id, f.remaining_cents, f.amount_cents
        having f.remaining_cents <> coalesce(sum(e.amount_cents), 0) or f.remaining_cents < 0 or f.remaining_cents > f.amount_cents`,
  );
  const buckets = await rows<{ id: string; balance_cents: string; buckets_cents: string }>(
    db,
    sql`select a.id, a.balance_cents,
          a.withdrawable_cents + coalesce((select sum(f.remaining_cents) from card_funds f where f.account_id = a.id), 0) as buckets_cents
        from ledger_accounts a
        where a.kind = 'wallet'
          and a.balance_cents <> a.withdrawable_cents + coalesce((select sum(f.remaining_cents) from card_funds f where f.account_id = a.id), 0)`,
  );
  return {
    unattributedPostings: unattributed.map((r) => r.id),
    mismatchedWithdrawable: withdrawable.map((r) => ({
      id: r.id,
      withdrawableCents: Number(r.withdrawable_cents),
      earnedCents: Number(r.earned_cents),
      legacyCents: Number(r.legacy_cents),
    })),
    mismatchedCardFunds: cardFunds.map((r) => ({
      id: r.id,
      remainingCents: Number(r.remaining_cents),
      enteredCents: Number(r.entered_cents),
      amountCents: Number(r.amount_cents),
    })),
    mismatchedBuckets: buckets.map((r) => ({ id: r.id, balanceCents: Number(r.balance_cents), bucketsCents: Number(r.buckets_cents) })),
    unbalancedTransactions: unbalanced.map((r) => r.id),
    mismatchedAccounts: mismatched.map((r) => ({ id: r.id, balanceCents: Number(r.balance_cents), postedCents: Number(r.posted_cents) })),
    negativeWallets: negative.map((r) => r.id),
    totalCents: Number(total?.total ?? 0),
  };
}

/** Whether every invariant checkLedger checks holds (the metrics' rentdrive_ledger_check_ok). */
export async function ledgerHolds(db: DbOrTx): Promise<boolean> {
  const report = await checkLedger(db);
  return (
    report.totalCents === 0 &&
    [
      report.unbalancedTransactions,
      report.mismatchedAccounts,
      report.negativeWallets,
      report.unattributedPostings,
      report.mismatchedWithdrawable,
      report.mismatchedCardFunds,
      report.mismatchedBuckets,
    ].every((list) => list.length === 0)
  );
}
