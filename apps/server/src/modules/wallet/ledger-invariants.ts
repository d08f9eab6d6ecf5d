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
}

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the drivers (node-postgres, PGlite) type execute() apart; both answers carry `rows`.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Checks the double-entry invariants over the whole ledger (tests run it after every scenario). */
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
  return {
    unbalancedTransactions: unbalanced.map((r) => r.id),
    mismatchedAccounts: mismatched.map((r) => ({ id: r.id, balanceCents: Number(r.balance_cents), postedCents: Number(r.posted_cents) })),
    negativeWallets: negative.map((r) => r.id),
    totalCents: Number(total?.total ?? 0),
  };
}
