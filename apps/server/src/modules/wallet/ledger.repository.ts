import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TransactionType } from '@rentdrive/contracts/enums';
import type { DbOrTx } from '../../db/client';
import {
  cardFunds,
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  rentals,
  users,
  vehicles,
  walletFundEntries,
} from '../../db/schema/index';

export type SystemAccountKind = 'escrow' | 'external' | 'company_revenue' | 'payouts' | 'deposits';

export interface AccountRef {
  id: string;
  /** System accounts are updated after wallets (see postTransaction). */
  isSystem: boolean;
}

/** One bucket's share of a wallet posting (signed like the posting). */
export interface FundEntryInput {
  bucket: 'earned' | 'card';
  /** Card entries: the top-up whose remaining money moves. */
  cardFundId?: string;
  amountCents: number;
  /** Refunds to card: the gateway's reference of the refund. */
  gatewayReference?: string;
}

export interface PostingInput {
  account: AccountRef;
  amountCents: number;
  type: TransactionType;
  /** Wallet postings: how the posting moves the wallet's buckets; the entries sum to amountCents. */
  funds?: FundEntryInput[];
}

/** A wallet row locked by lockWalletOf. */
export interface LockedWallet {
  id: string;
  balanceCents: number;
  withdrawableCents: number;
}

export interface LedgerTransactionInput {
  kind: 'top-up' | 'rent' | 'cancel' | 'complete' | 'withdraw' | 'card-refund' | 'deposit-hold' | 'deposit-release' | 'deposit-claim';
  rentalId?: string;
  cardLast4?: string;
  /** Withdrawals: the masked account, its holder and the gateway's reference. */
  payout?: { account: string; holder: string; reference: string };
  createdAt: Date;
  postings: PostingInput[];
}

/** Ledger queries. Decisions (who pays whom) live in the wallet service. */
export function createLedgerRepository() {
  return {
    async systemAccount(db: DbOrTx, kind: SystemAccountKind): Promise<AccountRef> {
      const [row] = await db
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.kind, kind), isNull(ledgerAccounts.userId)));
      if (!row) throw new Error(`The ledger has no ${kind} account; migrations did not run.`);
      return { id: row.id, isSystem: true };
    },

    async walletOf(db: DbOrTx, userId: string): Promise<{ id: string; balanceCents: number } | undefined> {
      const [row] = await db
        .select({ id: ledgerAccounts.id, balanceCents: ledgerAccounts.balanceCents })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.userId, userId));
      return row;
    },

    /** A wallet's balance and its two parts: earned (withdrawable) and card top-ups not yet spent. */
    async walletFiguresOf(
      db: DbOrTx,
      userId: string,
    ): Promise<{ balanceCents: number; withdrawableCents: number; refundableToCardCents: number } | undefined> {
      const [row] = await db
        .select({
          balanceCents: ledgerAccounts.balanceCents,
          withdrawableCents: ledgerAccounts.withdrawableCents,
          // Spelled out: inside a select list Drizzle leaves columns unqualified, which the subquery would misread.
          refundableToCardCents: sql<string>`coalesce((select sum(f.remaining_cents) from card_funds f
            where f.account_id = "ledger_accounts"."id"), 0)`,
        })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.userId, userId));
      return row && { ...row, refundableToCardCents: Number(row.refundableToCardCents) };
    },

    /**
     * Locks the user's wallet row until the transaction ends and reads its balance and withdrawable part.
     * FOR NO KEY UPDATE, the lock a balance UPDATE takes: it still queues every other wallet movement,
     * but not behind the key-share locks that inserting a posting puts on its accounts. With FOR UPDATE
     * a waiting locker held the row's tuple lock while a payout that had already posted to that wallet
     * waited for it to update the balance: a deadlock (seen on PostgreSQL as a 500 on a top-up).
     */
    async lockWalletOf(db: DbOrTx, userId: string): Promise<LockedWallet | undefined> {
      const [row] = await db
        .select({ id: ledgerAccounts.id, balanceCents: ledgerAccounts.balanceCents, withdrawableCents: ledgerAccounts.withdrawableCents })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.userId, userId))
        .for('no key update');
      return row;
    },

    /** Creates a user's wallet if registration did not (older rows); idempotent. */
    async ensureWallet(db: DbOrTx, userId: string): Promise<void> {
      await db.insert(ledgerAccounts).values({ kind: 'wallet', userId }).onConflictDoNothing();
    },

    /** A wallet's card top-ups with money left, oldest first. Read under the wallet's lock. */
    async openCardFunds(db: DbOrTx, accountId: string) {
      return db
        .select({
          id: cardFunds.id,
          remainingCents: cardFunds.remainingCents,
          chargeReference: cardFunds.chargeReference,
          cardLast4: cardFunds.cardLast4,
          transactionId: cardFunds.transactionId,
        })
        .from(cardFunds)
        .where(and(eq(cardFunds.accountId, accountId), gt(cardFunds.remainingCents, 0)))
        .orderBy(asc(cardFunds.seq));
    },

    /** A new top-up's row, empty: the top-up's posting fills it (its fund entry). */
    async insertCardFund(
      db: DbOrTx,
      values: {
        accountId: string;
        transactionId?: string;
        cardLast4: string;
        chargeReference: string;
        amountCents: number;
        createdAt: Date;
      },
    ): Promise<string> {
      const [row] = await db
        .insert(cardFunds)
        .values({ ...values, remainingCents: 0 })
        .returning({ id: cardFunds.id });
      return row!.id;
    },

    /** Names the top-up's ledger transaction on its card fund row once the transaction is written. */
    async linkCardFund(db: DbOrTx, fundId: string, transactionId: string): Promise<void> {
      await db.update(cardFunds).set({ transactionId }).where(eq(cardFunds.id, fundId));
    },

    /** The fund entries of a rental's payment from one wallet (none for payments made before 0018). */
    async rentalPaymentEntries(db: DbOrTx, rentalId: string, accountId: string) {
      return db
        .select({ bucket: walletFundEntries.bucket, cardFundId: walletFundEntries.cardFundId, amountCents: walletFundEntries.amountCents })
        .from(walletFundEntries)
        .innerJoin(ledgerPostings, eq(ledgerPostings.id, walletFundEntries.postingId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
        .where(
          and(eq(ledgerTransactions.rentalId, rentalId), eq(ledgerTransactions.kind, 'rent'), eq(ledgerPostings.accountId, accountId)),
        );
    },

    async companyAccountUserId(db: DbOrTx): Promise<string | undefined> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.isCompanyAccount, true));
      return row?.id;
    },

    /**
     * Writes one ledger transaction and moves the balances with it. Wallet rows are updated first in
     * id order, system accounts last: every transaction takes row locks in one global order (no
     * deadlock) and holds the shared escrow/external rows only for the last moments before commit.
     */
    async postTransaction(db: DbOrTx, input: LedgerTransactionInput): Promise<{ transactionId: string; postingIds: string[] }> {
      const sum = input.postings.reduce((total, p) => total + p.amountCents, 0);
      if (sum !== 0 || input.postings.some((p) => !Number.isInteger(p.amountCents))) {
        throw new Error(`Unbalanced ledger transaction (${input.kind}): postings sum to ${sum}.`);
      }
      for (const p of input.postings) {
        // Every wallet posting says which buckets it moves, in full; system accounts have none.
        const funds = p.funds ?? [];
        const attributed = funds.reduce((total, f) => total + f.amountCents, 0);
        const wellFormed = funds.every((f) => Number.isInteger(f.amountCents) && (f.bucket === 'card') === Boolean(f.cardFundId));
        if (p.account.isSystem ? funds.length > 0 : attributed !== p.amountCents || !wellFormed) {
          throw new Error(`Unattributed wallet posting (${input.kind}): ${p.amountCents} cents, buckets ${attributed}.`);
        }
      }
      const [transaction] = await db
        .insert(ledgerTransactions)
        .values({
          kind: input.kind,
          rentalId: input.rentalId ?? null,
          cardLast4: input.cardLast4 ?? null,
          payoutAccount: input.payout?.account ?? null,
          payoutHolder: input.payout?.holder ?? null,
          payoutReference: input.payout?.reference ?? null,
          createdAt: input.createdAt,
        })
        .returning({ id: ledgerTransactions.id });
      // One statement; its rows take the insertion sequence in the order given.
      const inserted = await db
        .insert(ledgerPostings)
        .values(
          input.postings.map((p) => ({
            transactionId: transaction!.id,
            accountId: p.account.id,
            amountCents: p.amountCents,
            type: p.type,
            createdAt: input.createdAt,
          })),
        )
        .returning({ id: ledgerPostings.id, seq: ledgerPostings.seq });
      const postingIds = [...inserted].sort((a, b) => a.seq - b.seq).map((r) => r.id);
      const entries = input.postings.flatMap((p, i) =>
        (p.funds ?? []).map((f) => ({
          accountId: p.account.id,
          postingId: postingIds[i]!,
          bucket: f.bucket,
          cardFundId: f.cardFundId ?? null,
          amountCents: f.amountCents,
          gatewayReference: f.gatewayReference ?? null,
          createdAt: input.createdAt,
        })),
      );
      if (entries.length) await db.insert(walletFundEntries).values(entries);
      const deltas = new Map<string, { account: AccountRef; deltaCents: number; withdrawableDeltaCents: number }>();
      const fundDeltas = new Map<string, number>();
      for (const p of input.postings) {
        const entry = deltas.get(p.account.id) ?? { account: p.account, deltaCents: 0, withdrawableDeltaCents: 0 };
        entry.deltaCents += p.amountCents;
        for (const f of p.funds ?? []) {
          if (f.bucket === 'earned') entry.withdrawableDeltaCents += f.amountCents;
          else fundDeltas.set(f.cardFundId!, (fundDeltas.get(f.cardFundId!) ?? 0) + f.amountCents);
        }
        deltas.set(p.account.id, entry);
      }
      const ordered = [...deltas.values()].sort(
        (a, b) => Number(a.account.isSystem) - Number(b.account.isSystem) || (a.account.id < b.account.id ? -1 : 1),
      );
      for (const { account, deltaCents, withdrawableDeltaCents } of ordered) {
        if (deltaCents === 0 && withdrawableDeltaCents === 0) continue;
        // One statement, so the balance and its withdrawable part change together.
        await db
          .update(ledgerAccounts)
          .set({
            balanceCents: sql`${ledgerAccounts.balanceCents} + ${deltaCents}`,
            withdrawableCents: sql`${ledgerAccounts.withdrawableCents} + ${withdrawableDeltaCents}`,
          })
          .where(eq(ledgerAccounts.id, account.id));
      }
      // The top-ups' rows belong to wallets already locked above; in id order like every lock.
      for (const [fundId, deltaCents] of [...fundDeltas].sort(([a], [b]) => (a < b ? -1 : 1))) {
        if (deltaCents === 0) continue;
        await db
          .update(cardFunds)
          .set({ remainingCents: sql`${cardFunds.remainingCents} + ${deltaCents}` })
          .where(eq(cardFunds.id, fundId));
      }
      return { transactionId: transaction!.id, postingIds };
    },

    async historyOf(db: DbOrTx, userId: string) {
      return db
        .select({
          id: ledgerPostings.id,
          createdAt: ledgerPostings.createdAt,
          type: ledgerPostings.type,
          amountCents: ledgerPostings.amountCents,
          payoutAccount: ledgerTransactions.payoutAccount,
        })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
        .where(eq(ledgerAccounts.userId, userId))
        .orderBy(desc(ledgerPostings.createdAt), desc(ledgerPostings.seq));
    },

    /** Active rentals with their vehicle's owner and company flag: of one owner's vehicles, or all of them. */
    async activeRentals(db: DbOrTx, ownerId?: string) {
      return db
        .select({ totalCents: rentals.totalCents, ownerId: vehicles.ownerId, isCompanyProperty: vehicles.isCompanyProperty })
        .from(rentals)
        .innerJoin(vehicles, eq(vehicles.id, rentals.vehicleId))
        .where(ownerId ? and(eq(vehicles.ownerId, ownerId), eq(rentals.status, 'Active')) : eq(rentals.status, 'Active'));
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
