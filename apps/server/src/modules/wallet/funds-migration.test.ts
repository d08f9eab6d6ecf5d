import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, PGLITE_EXTENSIONS } from '../../db/client';
import { checkLedger } from './ledger-invariants';

/**
 * Migration 0018 attributes the balances of wallets that existed before money had an origin: earnings
 * less withdrawals (within the balance) become withdrawable, the rest stays with the card top-ups,
 * newest first. Run on a database migrated to 0017 and filled as the older code filled it.
 */
const migrations = readdirSync(MIGRATIONS_DIR)
  .filter((file) => /^\d{4}_.*\.sql$/.test(file))
  .sort();

async function apply(client: PGlite, file: string): Promise<void> {
  const text = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await client.exec(statement);
  }
}

let client: PGlite;
const wallet: Record<string, string> = {};
let system: Record<string, string> = {};

async function one<T>(query: string, params: unknown[] = []): Promise<T> {
  return (await client.query<T>(query, params)).rows[0]!;
}

/** One legacy movement: a ledger transaction whose postings move the wallets and system accounts. */
async function move(kind: string, at: string, postings: [account: string, cents: number, type: string][], cardLast4?: string) {
  const { id } = await one<{ id: string }>(
    `insert into ledger_transactions (kind, card_last4, created_at) values ($1, $2, $3) returning id`,
    [kind, cardLast4 ?? null, at],
  );
  for (const [account, cents, type] of postings) {
    await client.query(
      `insert into ledger_postings (transaction_id, account_id, amount_cents, type, created_at) values ($1, $2, $3, $4, $5)`,
      [id, account, cents, type, at],
    );
    await client.query(`update ledger_accounts set balance_cents = balance_cents + $2 where id = $1`, [account, cents]);
  }
}

beforeAll(async () => {
  client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  for (const file of migrations.filter((f) => f < '0018')) await apply(client, file);
  for (const name of ['olga', 'bruno', 'cleo', 'dina']) {
    const { id } = await one<{ id: string }>(`insert into users (username, email, password_hash) values ($1, $2, 'x') returning id`, [
      name,
      `${name}@example.com`,
    ]);
    wallet[name] = (await one<{ id: string }>(`insert into ledger_accounts (kind, user_id) values ('wallet', $1) returning id`, [id])).id;
  }
  const rows = (await client.query<{ id: string; kind: string }>(`select id, kind from ledger_accounts where user_id is null`)).rows;
  system = Object.fromEntries(rows.map((r) => [r.kind, r.id]));
  const topUp = (who: string, cents: number, at: string) =>
    move(
      'top-up',
      at,
      [
        [wallet[who]!, cents, 'Deposit'],
        [system.external!, -cents, 'Deposit'],
      ],
      '4242',
    );
  // Olga: 100 € by card, paid a 30 € rent, earned 80 €, withdrew 50 €: 100 € left, 30 € of it earned.
  await topUp('olga', 10_000, '2026-01-01T10:00:00Z');
  await move('rent', '2026-01-02T10:00:00Z', [
    [wallet.olga!, -3_000, 'Rental Payment'],
    [system.escrow!, 3_000, 'Rental Payment'],
  ]);
  await move('complete', '2026-01-03T10:00:00Z', [
    [system.escrow!, -8_000, 'Rental Profit'],
    [wallet.olga!, 8_000, 'Rental Profit'],
  ]);
  await move('withdraw', '2026-01-04T10:00:00Z', [
    [wallet.olga!, -5_000, 'Withdraw'],
    [system.payouts!, 5_000, 'Withdraw'],
  ]);
  // Bruno: 50 € then 40 € by card, paid 60 €: the 30 € left belong to the newest top-up.
  await topUp('bruno', 5_000, '2026-01-01T10:00:00Z');
  await topUp('bruno', 4_000, '2026-01-05T10:00:00Z');
  await move('rent', '2026-01-06T10:00:00Z', [
    [wallet.bruno!, -6_000, 'Rental Payment'],
    [system.escrow!, 6_000, 'Rental Payment'],
  ]);
  // Cleo withdrew card money under the old rules (more than she earned): nothing earned is left.
  await topUp('cleo', 10_000, '2026-01-01T10:00:00Z');
  await move('complete', '2026-01-02T10:00:00Z', [
    [system.escrow!, -2_000, 'Rental Profit'],
    [wallet.cleo!, 2_000, 'Rental Profit'],
  ]);
  await move('withdraw', '2026-01-03T10:00:00Z', [
    [wallet.cleo!, -5_000, 'Withdraw'],
    [system.payouts!, 5_000, 'Withdraw'],
  ]);
  await apply(
    client,
    migrations.find((f) => f.startsWith('0018'))!,
  );
});

afterAll(async () => {
  await client.close();
});

async function buckets(who: string) {
  return one<{ balance: number; withdrawable: number; refundable: number }>(
    `select balance_cents::int as balance, withdrawable_cents::int as withdrawable,
       coalesce((select sum(remaining_cents) from card_funds where account_id = $1), 0)::int as refundable
     from ledger_accounts where id = $1`,
    [wallet[who]],
  );
}

describe('migration 0018 on a ledger written before money had an origin', () => {
  it('makes earnings less withdrawals withdrawable and leaves the rest with the card top-ups', async () => {
    expect(await buckets('olga')).toEqual({ balance: 10_000, withdrawable: 3_000, refundable: 7_000 });
    expect(await buckets('bruno')).toEqual({ balance: 3_000, withdrawable: 0, refundable: 3_000 });
    expect(await buckets('cleo')).toEqual({ balance: 7_000, withdrawable: 0, refundable: 7_000 });
    expect(await buckets('dina')).toEqual({ balance: 0, withdrawable: 0, refundable: 0 });
  });

  it('leaves the newest top-ups refundable first, each within its amount', async () => {
    const funds = (
      await client.query<{ amount: number; remaining: number }>(
        `select amount_cents::int as amount, remaining_cents::int as remaining from card_funds where account_id = $1 order by seq`,
        [wallet.bruno],
      )
    ).rows;
    expect(funds).toEqual([
      { amount: 5_000, remaining: 0 },
      { amount: 4_000, remaining: 3_000 },
    ]);
  });

  it('keeps every ledger invariant, the buckets included', async () => {
    const { drizzle } = await import('drizzle-orm/pglite');
    const report = await checkLedger(drizzle(client) as never);
    expect(report).toEqual({
      unbalancedTransactions: [],
      mismatchedAccounts: [],
      negativeWallets: [],
      totalCents: 0,
      unattributedPostings: [],
      mismatchedWithdrawable: [],
      mismatchedCardFunds: [],
      mismatchedBuckets: [],
    });
  });
});
