import { createHmac } from 'node:crypto';
import { ErrorCode } from '@rentdrive/contracts/errors';
import {
  RefundToCardMessages,
  WalletMessages,
  WithdrawMessages,
  type AddFundsRequest,
  type RefundToCardRequest,
  type WalletTransaction,
  type WithdrawRequest,
} from '@rentdrive/contracts/wallet';
import { splitRentalPayment } from '@rentdrive/domain/fees';
import { maskIban } from '@rentdrive/domain/iban';
import { eurosToCents } from '@rentdrive/domain/money';
import type { Db, Tx } from '../../db/client';
import { runIdempotent } from '../../db/idempotency';
import { databaseKey } from '../../db/server-keys';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { PaymentGateway } from '../../lib/payment-gateway';
import { createBookingMoney } from './booking-money';
import { allocateCardRefund } from './fund-allocation';
import { createLedgerRepository } from './ledger.repository';
import { createRentalMoney } from './rental-money';
import { createWalletAccounts, toHistoryItem } from './wallet-accounts';

export type { RentalCharge, RentalPayout } from './rental-money';

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
  /** The same for a refund to card (the user's mail), inside its transaction after the money moved. */
  onRefundToCardPaid?: (tx: Tx, event: RefundToCardPaid) => Promise<void>;
}

/** A refund to card the ledger has recorded. */
export interface RefundToCardPaid {
  userId: string;
  amountCents: number;
  /** The cards refunded, masked: '•••• 4242'. */
  cards: string[];
}

/** What /api/account/me shows of a user's money. */
export interface WalletBalances {
  balanceCents: number;
  /** The owner's share of their vehicles' Active rentals, held in escrow until completion. */
  pendingCents: number;
  /** The earned part of the balance: what a withdrawal may take. */
  withdrawableCents: number;
  /** The card top-ups not yet spent: what a refund to card may take. */
  refundableToCardCents: number;
}

/** A withdrawal the ledger has recorded, for whoever must hear of it in the same transaction. */
export interface WithdrawalPaid {
  userId: string;
  transaction: WalletTransaction;
  amountCents: number;
  /** Masked: 'DE•• •••• 3000'. */
  payoutAccount: string;
}

const maskCard = (last4: string | null) => `•••• ${last4 ?? '????'}`;

/**
 * The wallet owns every balance change. Each movement is one ledger transaction of postings summing
 * to zero, and every wallet posting says which of the wallet's buckets it moves: earned money
 * (withdrawable) or card top-ups (refundable to their card). The rentals' movements (chargeRental,
 * refundRental, payOutRental) run inside the caller's transaction, so a rental and its money commit together.
 */
export function createWalletService({ db, clock, companyFeePercent, gateway, onWithdrawalPaid, onRefundToCardPaid }: WalletServiceDeps) {
  const ledger = createLedgerRepository();
  const accounts = createWalletAccounts(ledger);
  // Idempotency fingerprints name the full card number or IBAN only through a keyed hash: a plain hash
  // of an IBAN could be reversed by trying a bank's account numbers; this key never leaves the server.
  const fingerprintKey = databaseKey(db, 'request_fingerprint');
  const keyed = async (value: string) =>
    createHmac('sha256', await fingerprintKey())
      .update(value)
      .digest('hex');

  return {
    ...createRentalMoney(ledger, accounts, companyFeePercent),
    ...createBookingMoney(ledger, accounts, companyFeePercent),

    async getBalances(userId: string): Promise<WalletBalances> {
      const wallet = await ledger.walletFiguresOf(db, userId);
      // Pending = what completion of the Active rentals will pay this user: an owner's share of their
      // vehicles' rentals; for the company account also its fee (or everything, company property) on all.
      const isCompany = (await accounts.companyUserId(db)) === userId;
      const active = await ledger.activeRentals(db, isCompany ? undefined : userId);
      const pendingCents = active.reduce((sum, r) => {
        const split = splitRentalPayment(r.totalCents, companyFeePercent, r.isCompanyProperty);
        return sum + (r.ownerId === userId ? split.ownerCents : 0) + (isCompany ? split.companyCents : 0);
      }, 0);
      return {
        balanceCents: wallet?.balanceCents ?? 0,
        pendingCents,
        withdrawableCents: wallet?.withdrawableCents ?? 0,
        refundableToCardCents: wallet?.refundableToCardCents ?? 0,
      };
    },

    async history(userId: string): Promise<WalletTransaction[]> {
      return (await ledger.historyOf(db, userId)).map(toHistoryItem);
    },

    /** Top-up by card: the gateway charges, then external -> wallet 'Deposit', kept as a card top-up of its own. */
    async addFunds(userId: string, input: AddFundsRequest, idempotencyKey: string | undefined): Promise<WalletTransaction> {
      const amountCents = eurosToCents(input.amount);
      const cardLast4 = input.cardNumber.slice(-4);
      // The whole request but the CVV (never kept in any form): a key reused with another card is refused.
      const fingerprint = {
        amountCents,
        card: idempotencyKey ? await keyed(`card:${input.cardNumber}`) : '',
        holder: input.cardHolderName,
        month: input.expiryMonth,
        year: input.expiryYear,
      };
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
          const external = await accounts.systemAccount(tx, 'external');
          const createdAt = clock.now();
          const cardFundId = await ledger.insertCardFund(tx, {
            accountId: wallet.id,
            cardLast4,
            chargeReference: result.reference,
            amountCents,
            createdAt,
          });
          const { transactionId, postingIds } = await ledger.postTransaction(tx, {
            kind: 'top-up',
            cardLast4,
            createdAt,
            postings: [
              {
                account: { id: wallet.id, isSystem: false },
                amountCents,
                type: 'Deposit',
                funds: [{ bucket: 'card', cardFundId, amountCents }],
              },
              { account: external, amountCents: -amountCents, type: 'Deposit' },
            ],
          });
          await ledger.linkCardFund(tx, cardFundId, transactionId);
          return toHistoryItem({ id: postingIds[0]!, createdAt, type: 'Deposit', amountCents });
        },
        0,
      );
    },

    /**
     * Withdraw earnings to a bank account: lock the wallet, check the withdrawable (earned) part of the
     * balance (card money goes back only to its card; pending earnings sit in escrow), have the gateway
     * pay out, then wallet -> payouts 'Withdraw'. The payout happens inside the transaction that holds
     * the wallet lock and the key, so two withdrawals (or a rent) cannot both spend the same money and a
     * retry never pays twice. A refusal throws before any posting: nothing moves.
     */
    async withdraw(userId: string, input: WithdrawRequest, idempotencyKey: string | undefined): Promise<WalletTransaction> {
      const amountCents = eurosToCents(input.amount);
      const payoutAccount = maskIban(input.iban);
      // The whole request, the full IBAN included (keyed hash), so a retry to another account is refused.
      const fingerprint = {
        amountCents,
        iban: idempotencyKey ? await keyed(`iban:${input.iban}`) : '',
        holder: input.accountHolder,
      };
      return runIdempotent(
        db,
        { userId, scope: 'withdraw', key: idempotencyKey, fingerprint },
        async (tx) => {
          const wallet = await ledger.lockWalletOf(tx, userId);
          if (!wallet || wallet.withdrawableCents < amountCents) {
            throw AppError.unprocessable(WithdrawMessages.insufficientFunds, ErrorCode.InsufficientFunds);
          }
          const result = await gateway.payout({
            amountCents,
            iban: input.iban,
            accountHolder: input.accountHolder,
            ...(idempotencyKey ? { idempotencyKey: `${userId}:withdraw:${idempotencyKey}` } : {}),
          });
          if (!result.paid) throw AppError.unprocessable(result.reason || WithdrawMessages.payoutRefused, ErrorCode.PayoutRefused);
          const payouts = await accounts.systemAccount(tx, 'payouts');
          const createdAt = clock.now();
          const { postingIds } = await ledger.postTransaction(tx, {
            kind: 'withdraw',
            payout: { account: payoutAccount, holder: input.accountHolder, reference: result.reference },
            createdAt,
            postings: [
              {
                account: { id: wallet.id, isSystem: false },
                amountCents: -amountCents,
                type: 'Withdraw',
                funds: [{ bucket: 'earned', amountCents: -amountCents }],
              },
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

    /**
     * Refund to card: card money not yet spent goes back to the cards it came from, newest top-up
     * first, one gateway refund per top-up, then wallet -> external 'Refund to Card' (the outside world
     * top-ups came from). Under the wallet's lock and the key, like a withdrawal: a rent or withdrawal
     * racing it cannot spend the same money, and a retry never refunds twice (the gateway gets a key per
     * top-up). A refusal throws before any posting.
     */
    async refundToCard(userId: string, input: RefundToCardRequest, idempotencyKey: string | undefined): Promise<WalletTransaction> {
      const amountCents = eurosToCents(input.amount);
      return runIdempotent(
        db,
        { userId, scope: 'refund-to-card', key: idempotencyKey, fingerprint: { amountCents } },
        async (tx) => {
          const wallet = await accounts.lockWallet(tx, userId);
          // Read after the lock, in a statement of its own: what a racing rent or refund committed.
          const funds = await ledger.openCardFunds(tx, wallet.id);
          const takes = allocateCardRefund(funds, amountCents);
          if (!takes) throw AppError.unprocessable(RefundToCardMessages.insufficientFunds, ErrorCode.InsufficientFunds);
          const refunds = [];
          for (const take of takes) {
            const fund = funds.find((f) => f.id === take.cardFundId)!;
            const result = await gateway.refund({
              amountCents: take.amountCents,
              ...(fund.chargeReference ? { chargeReference: fund.chargeReference } : {}),
              ...(fund.cardLast4 ? { cardLast4: fund.cardLast4 } : {}),
              ...(idempotencyKey ? { idempotencyKey: `${userId}:refund-to-card:${idempotencyKey}:${fund.id}` } : {}),
            });
            if (!result.refunded) {
              throw AppError.unprocessable(result.reason || RefundToCardMessages.refundRefused, ErrorCode.RefundRefused);
            }
            refunds.push({ ...take, reference: result.reference, last4: fund.cardLast4 });
          }
          const external = await accounts.systemAccount(tx, 'external');
          const createdAt = clock.now();
          const lastFours = [...new Set(refunds.map((r) => r.last4))];
          const { postingIds } = await ledger.postTransaction(tx, {
            kind: 'card-refund',
            // One card: its last four on the transaction, as for a top-up (the entries name each top-up).
            ...(lastFours.length === 1 && lastFours[0] ? { cardLast4: lastFours[0] } : {}),
            createdAt,
            postings: [
              {
                account: { id: wallet.id, isSystem: false },
                amountCents: -amountCents,
                type: 'Refund to Card',
                funds: refunds.map((r) => ({
                  bucket: 'card' as const,
                  cardFundId: r.cardFundId,
                  amountCents: -r.amountCents,
                  gatewayReference: r.reference,
                })),
              },
              { account: external, amountCents, type: 'Refund to Card' },
            ],
          });
          if (onRefundToCardPaid) await onRefundToCardPaid(tx, { userId, amountCents, cards: lastFours.map(maskCard) });
          return {
            ...toHistoryItem({ id: postingIds[0]!, createdAt, type: 'Refund to Card', amountCents: -amountCents }),
            refundedCards: lastFours.map(maskCard),
          };
        },
        0,
      );
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
