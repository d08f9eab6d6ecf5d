import type { TransactionType } from '@rentdrive/contracts/enums';
import type { WalletTransaction } from '@rentdrive/contracts/wallet';
import { centsToEuros } from '@rentdrive/domain/money';
import type { DbOrTx, Tx } from '../../db/client';
import type { AccountRef, LedgerRepository, LockedWallet, SystemAccountKind } from './ledger.repository';

/** The wallet's account lookups, shared by its movements: system accounts cached, wallets made on demand. */
export function createWalletAccounts(ledger: LedgerRepository) {
  let companyUserId: string | undefined;
  // System accounts are created by a migration and never change: looked up once.
  const systemAccounts = new Map<SystemAccountKind, AccountRef>();

  async function systemAccount(tx: DbOrTx, kind: SystemAccountKind): Promise<AccountRef> {
    let ref = systemAccounts.get(kind);
    if (!ref) {
      ref = await ledger.systemAccount(tx, kind);
      systemAccounts.set(kind, ref);
    }
    return ref;
  }

  async function walletRef(tx: DbOrTx, userId: string): Promise<AccountRef> {
    let wallet = await ledger.walletOf(tx, userId);
    if (!wallet) {
      await ledger.ensureWallet(tx, userId);
      wallet = await ledger.walletOf(tx, userId);
    }
    return { id: wallet!.id, isSystem: false };
  }

  return {
    systemAccount,
    walletRef,

    /** Locks the user's wallet until the transaction ends (making it for older users without one). */
    async lockWallet(tx: Tx, userId: string): Promise<LockedWallet> {
      let wallet = await ledger.lockWalletOf(tx, userId);
      if (!wallet) {
        await ledger.ensureWallet(tx, userId);
        wallet = await ledger.lockWalletOf(tx, userId);
      }
      return wallet!;
    },

    async companyUserId(db: DbOrTx): Promise<string | undefined> {
      companyUserId ??= await ledger.companyAccountUserId(db);
      return companyUserId;
    },

    /**
     * Where the company's money goes: the company account's wallet (ADR 005). An installation without
     * a company account keeps it in the company_revenue system account, so no cent is lost.
     */
    async companyRef(tx: DbOrTx): Promise<AccountRef> {
      companyUserId ??= await ledger.companyAccountUserId(tx);
      return companyUserId ? walletRef(tx, companyUserId) : systemAccount(tx, 'company_revenue');
    },
  };
}

export type WalletAccounts = ReturnType<typeof createWalletAccounts>;

export function toHistoryItem(row: {
  id: string;
  createdAt: Date;
  type: TransactionType;
  amountCents: number;
  payoutAccount?: string | null;
}): WalletTransaction {
  return {
    id: row.id,
    createdOn: row.createdAt.toISOString(),
    type: row.type,
    amount: centsToEuros(row.amountCents),
    ...(row.payoutAccount ? { payoutAccount: row.payoutAccount } : {}),
  };
}
