import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TransactionType } from '@rentdrive/contracts/enums';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, ledgerPostings, ledgerTransactions, rentals, users, vehicles } from '../../db/schema/index';

export type SystemAccountKind = 'escrow' | 'external' | 'company_revenue' | 'payouts';

export interface AccountRef {
  id: string;
  /** System accounts are updated after wallets (see postTransaction). */
  isSystem: boolean;
}

export interface PostingInput {
  account: AccountRef;
  amountCents: number;
  type: TransactionType;
}

export interface LedgerTransactionInput {
  kind: 'top-up' | 'rent' | 'cancel' | 'complete' | 'withdraw';
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

    /** Locks the user's wallet row until the transaction ends and reads its balance. */
    async lockWalletOf(db: DbOrTx, userId: string): Promise<{ id: string; balanceCents: number } | undefined> {
      const [row] = await db
        .select({ id: ledgerAccounts.id, balanceCents: ledgerAccounts.balanceCents })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.userId, userId))
        .for('update');
      return row;
    },

    /** Creates a user's wallet if registration did not (older rows); idempotent. */
    async ensureWallet(db: DbOrTx, userId: string): Promise<void> {
      await db.insert(ledgerAccounts).values({ kind: 'wallet', userId }).onConflictDoNothing();
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
      const deltas = new Map<string, { account: AccountRef; deltaCents: number }>();
      for (const p of input.postings) {
        const entry = deltas.get(p.account.id) ?? { account: p.account, deltaCents: 0 };
        entry.deltaCents += p.amountCents;
        deltas.set(p.account.id, entry);
      }
      const ordered = [...deltas.values()].sort(
        (a, b) => Number(a.account.isSystem) - Number(b.account.isSystem) || (a.account.id < b.account.id ? -1 : 1),
      );
      for (const { account, deltaCents } of ordered) {
        if (deltaCents === 0) continue;
        await db
          .update(ledgerAccounts)
          .set({ balanceCents: sql`${ledgerAccounts.balanceCents} + ${deltaCents}` })
          .where(eq(ledgerAccounts.id, account.id));
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
