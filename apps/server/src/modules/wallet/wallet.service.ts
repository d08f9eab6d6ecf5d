import { ErrorCode } from '@rentdrive/contracts/errors';
import type { TransactionType } from '@rentdrive/contracts/enums';
import {
  WalletMessages,
  WithdrawMessages,
  type AddFundsRequest,
  type WalletTransaction,
  type WithdrawRequest,
} from '@rentdrive/contracts/wallet';
import { maskIban } from '@rentdrive/domain/iban';
import { splitRentalPayment } from '@rentdrive/domain/fees';
import { centsToEuros, eurosToCents } from '@rentdrive/domain/money';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { runIdempotent } from '../../db/idempotency';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { createLedgerRepository, type AccountRef, type PostingInput, type SystemAccountKind } from './ledger.repository';
import type { PaymentGateway } from '../../lib/payment-gateway';

export interface WalletServiceDeps {
  db: Db;
  clock: Clock;
  companyFeePercent: number;
  gateway: PaymentGateway;
  /**
   * Called inside the withdrawal's transaction after the money moved (and before commit), so what it
   * writes (a notification) commits or rolls back with the withdrawal.
   */
  onWithdrawalPaid?: (tx: Tx, event: WithdrawalPaid) => Promise<void>;
}

/** What /api/account/me shows of a user's money. */
export interface WalletBalances {
  balanceCents: number;
  /** The owner's share of their vehicles' Active rentals, held in escrow until completion. */
  pendingCents: number;
}

export interface RentalMoney {
  rentalId: string;
  totalCents: number;
  at: Date;
}

function toHistoryItem(row: {
  id: string;
  createdAt: Date;
  type: string;
  amountCents: number;
  payoutAccount?: string | null;
}): WalletTransaction {
  return {
    id: row.id,
    createdOn: row.createdAt.toISOString(),
    type: row.type as TransactionType,
    amount: centsToEuros(row.amountCents),
    ...(row.payoutAccount ? { payoutAccount: row.payoutAccount } : {}),
  };
}

/** A withdrawal the ledger has recorded, for whoever must hear of it in the same transaction. */
export interface WithdrawalPaid {
  userId: string;
  transaction: WalletTransaction;
  amountCents: number;
  /** Masked: 'DE•• •••• 3000'. */
  payoutAccount: string;
}

/**
 * The wallet owns every balance change. Each movement is one ledger transaction of
 * postings summing to zero. Methods taking `tx` run inside the caller's transaction (the rentals
 * service opens it), so a rental and its payment commit together.
 */
export function createWalletService({ db, clock, companyFeePercent, gateway, onWithdrawalPaid }: WalletServiceDeps) {
  const ledger = createLedgerRepository();
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

  /**
   * Where the company's money goes: the company account's wallet (ADR 00x-ledger). An installation
   * without a company account keeps it in the company_revenue system account, so no cent is lost.
   */
  async function companyRef(tx: DbOrTx): Promise<AccountRef> {
    companyUserId ??= await ledger.companyAccountUserId(tx);
    return companyUserId ? walletRef(tx, companyUserId) : systemAccount(tx, 'company_revenue');
  }

  return {
    async getBalances(userId: string): Promise<WalletBalances> {
      const wallet = await ledger.walletOf(db, userId);
      // Pending = what completion of the Active rentals will pay this user: an owner's share of their
      // vehicles' rentals; for the company account also its fee (or everything, company property) on all.
      companyUserId ??= await ledger.companyAccountUserId(db);
      const isCompany = companyUserId === userId;
      const active = await ledger.activeRentals(db, isCompany ? undefined : userId);
      const pendingCents = active.reduce((sum, r) => {
        const split = splitRentalPayment(r.totalCents, companyFeePercent, r.isCompanyProperty);
        return sum + (r.ownerId === userId ? split.ownerCents : 0) + (isCompany ? split.companyCents : 0);
      }, 0);
      return { balanceCents: wallet?.balanceCents ?? 0, pendingCents };
    },

    async history(userId: string): Promise<WalletTransaction[]> {
      return (await ledger.historyOf(db, userId)).map(toHistoryItem);
    },

    /** Top-up by card: the gateway charges, then external -> wallet 'Deposit'. */
    async addFunds(userId: string, input: AddFundsRequest, idempotencyKey: string | undefined): Promise<WalletTransaction> {
      const amountCents = eurosToCents(input.amount);
      const cardLast4 = input.cardNumber.slice(-4);
      const fingerprint = { amountCents, cardLast4, holder: input.cardHolderName, month: input.expiryMonth, year: input.expiryYear };
      // The charge happens inside the transaction that holds the key, so a concurrent retry waits
      // instead of charging the card a second time. No retry loop: a charge must not repeat.
      return runIdempotent(
        db,
        { userId, scope: 'add-funds', key: idempotencyKey, fingerprint },
        async (tx) => {
          const wallet = await ledger.lockWalletOf(tx, userId);
          if (!wallet) throw AppError.notFound('Wallet not found.');
          const result = await gateway.charge({
            amountCents,
            cardNumber: input.cardNumber,
            cardHolderName: input.cardHolderName,
            expiryMonth: input.expiryMonth,
            expiryYear: input.expiryYear,
            cvv: input.cvv,
            ...(idempotencyKey ? { idempotencyKey: `${userId}:${idempotencyKey}` } : {}),
          });
          if (!result.approved) throw AppError.unprocessable(result.reason || WalletMessages.paymentDeclined, ErrorCode.PaymentDeclined);
          const external = await systemAccount(tx, 'external');
          const createdAt = clock.now();
          const { postingIds } = await ledger.postTransaction(tx, {
            kind: 'top-up',
            cardLast4,
            createdAt,
            postings: [
              { account: { id: wallet.id, isSystem: false }, amountCents, type: 'Deposit' },
              { account: external, amountCents: -amountCents, type: 'Deposit' },
            ],
          });
          return toHistoryItem({ id: postingIds[0]!, createdAt, type: 'Deposit', amountCents });
        },
        0,
      );
    },

    /**
     * Withdraw earnings to a bank account: lock the wallet, check the available balance (pending
     * earnings sit in escrow, not in the wallet), have the gateway pay out, then wallet -> payouts
     * 'Withdraw'. The payout happens inside the transaction that holds the wallet lock and the key, so
     * two withdrawals (or a rent) cannot both spend the same money and a retry never pays twice. A
     * refusal throws before any posting: nothing moves.
     */
    async withdraw(userId: string, input: WithdrawRequest, idempotencyKey: string | undefined): Promise<WalletTransaction> {
      const amountCents = eurosToCents(input.amount);
      const payoutAccount = maskIban(input.iban);
      // The fingerprint is hashed, yet still keeps only the masked account: an IBAN is guessable from its hash.
      const fingerprint = { amountCents, payoutAccount, holder: input.accountHolder };
      return runIdempotent(
        db,
        { userId, scope: 'withdraw', key: idempotencyKey, fingerprint },
        async (tx) => {
          const wallet = await ledger.lockWalletOf(tx, userId);
          if (!wallet || wallet.balanceCents < amountCents) {
            throw AppError.unprocessable(WithdrawMessages.insufficientFunds, ErrorCode.InsufficientFunds);
          }
          const result = await gateway.payout({
            amountCents,
            iban: input.iban,
            accountHolder: input.accountHolder,
            ...(idempotencyKey ? { idempotencyKey: `${userId}:withdraw:${idempotencyKey}` } : {}),
          });
          if (!result.paid) throw AppError.unprocessable(result.reason || WithdrawMessages.payoutRefused, ErrorCode.PayoutRefused);
          const payouts = await systemAccount(tx, 'payouts');
          const createdAt = clock.now();
          const { postingIds } = await ledger.postTransaction(tx, {
            kind: 'withdraw',
            payout: { account: payoutAccount, holder: input.accountHolder, reference: result.reference },
            createdAt,
            postings: [
              { account: { id: wallet.id, isSystem: false }, amountCents: -amountCents, type: 'Withdraw' },
              { account: payouts, amountCents, type: 'Withdraw' },
            ],
          });
          const transaction = toHistoryItem({ id: postingIds[0]!, createdAt, type: 'Withdraw', amountCents: -amountCents, payoutAccount });
          if (onWithdrawalPaid) await onWithdrawalPaid(tx, { userId, transaction, amountCents, payoutAccount });
          return transaction;
        },
        0,
      );
    },

    /** Locks the user's wallet until the transaction ends; answers its account id and balance. */
    async lockWallet(tx: Tx, userId: string): Promise<{ accountId: string; balanceCents: number }> {
      let wallet = await ledger.lockWalletOf(tx, userId);
      if (!wallet) {
        await ledger.ensureWallet(tx, userId);
        wallet = await ledger.lockWalletOf(tx, userId);
      }
      return { accountId: wallet!.id, balanceCents: wallet!.balanceCents };
    },

    /**
     * Rent: renter -> escrow 'Rental Payment'. The caller has locked and checked the renter's wallet
     * (and may pass its account id to save a lookup).
     */
    async payForRental(tx: Tx, renterId: string, money: RentalMoney, renterAccountId?: string): Promise<void> {
      const renter = renterAccountId ? { id: renterAccountId, isSystem: false } : await walletRef(tx, renterId);
      const escrow = await systemAccount(tx, 'escrow');
      await ledger.postTransaction(tx, {
        kind: 'rent',
        rentalId: money.rentalId,
        createdAt: money.at,
        postings: [
          { account: renter, amountCents: -money.totalCents, type: 'Rental Payment' },
          { account: escrow, amountCents: money.totalCents, type: 'Rental Payment' },
        ],
      });
    },

    /** Cancel: escrow -> renter 'Refund', in full. */
    async refundRental(tx: Tx, renterId: string, money: RentalMoney): Promise<void> {
      const renter = await walletRef(tx, renterId);
      const escrow = await systemAccount(tx, 'escrow');
      await ledger.postTransaction(tx, {
        kind: 'cancel',
        rentalId: money.rentalId,
        createdAt: money.at,
        postings: [
          { account: renter, amountCents: money.totalCents, type: 'Refund' },
          { account: escrow, amountCents: -money.totalCents, type: 'Refund' },
        ],
      });
    },

    /**
     * Completion: escrow pays the owner (100 - fee)% 'Rental Profit' and the company the fee
     * 'Company Rental Fee Profit'; company property pays the company everything ('Rental Profit',
     * it is the company's own rental). The split never creates or loses a cent. Answers the owner's share.
     */
    async payOutRental(
      tx: Tx,
      owner: { ownerId: string; isCompanyProperty: boolean },
      money: RentalMoney,
    ): Promise<{ ownerCents: number }> {
      const escrow = await systemAccount(tx, 'escrow');
      const company = await companyRef(tx);
      const split = splitRentalPayment(money.totalCents, companyFeePercent, owner.isCompanyProperty);
      const postings: PostingInput[] = [{ account: escrow, amountCents: -money.totalCents, type: 'Rental Profit' }];
      if (owner.isCompanyProperty) {
        postings.push({ account: company, amountCents: split.companyCents, type: 'Rental Profit' });
      } else {
        const ownerWallet = await walletRef(tx, owner.ownerId);
        if (split.ownerCents > 0) postings.push({ account: ownerWallet, amountCents: split.ownerCents, type: 'Rental Profit' });
        if (split.companyCents > 0) postings.push({ account: company, amountCents: split.companyCents, type: 'Company Rental Fee Profit' });
      }
      await ledger.postTransaction(tx, { kind: 'complete', rentalId: money.rentalId, createdAt: money.at, postings });
      // What the vehicle's owner earned: for company property the company is the owner and takes all.
      return { ownerCents: owner.isCompanyProperty ? split.companyCents : split.ownerCents };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
