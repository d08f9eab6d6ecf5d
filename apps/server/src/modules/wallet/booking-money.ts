import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@rentdrive/contracts/errors';
import { RentalMessages } from '@rentdrive/contracts/rentals';
import { splitRentalPayment } from '@rentdrive/domain/fees';
import type { DbOrTx, Tx } from '../../db/client';
import { isCheckViolation } from '../../db/db-errors';
import { ledgerPostings, ledgerTransactions, walletFundEntries } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { allocatePayment } from './fund-allocation';
import type { FundEntryInput, LedgerRepository, PostingInput } from './ledger.repository';
import type { WalletAccounts } from './wallet-accounts';

/**
 * The money of booking rules (issue 27, ADR 021): security deposits held in the 'deposits' system
 * account, partial refunds by a cancellation policy, and the owner's share of a cancellation kept in
 * escrow until the rental's first day. Each move is one ledger transaction inside the caller's database
 * transaction (the rental row is locked first, then wallets, system accounts last, ADR 005).
 */

const NON_NEGATIVE_CHECKS = ['ledger_accounts_wallet_non_negative_ck', 'ledger_accounts_withdrawable_ck', 'card_funds_remaining_ck'];

function insufficientFunds(): AppError {
  return AppError.unprocessable(RentalMessages.insufficientFunds, ErrorCode.InsufficientFunds);
}

type PaidEntry = { bucket: string; cardFundId: string | null; amountCents: number };

/**
 * Gives back `refundCents` of a payment into the buckets it came from: card money first (it can only
 * ever be spent or go back to its card, so a partial refund never turns it into withdrawable money),
 * then earned money. A payment whose entries do not add up to `paidCents` (made before the buckets
 * existed) is refunded as earned money, as refundRental does.
 */
export function refundBuckets(paid: PaidEntry[], paidCents: number, refundCents: number): FundEntryInput[] {
  if (refundCents === 0) return [];
  const total = paid.reduce((sum, entry) => sum - entry.amountCents, 0);
  if (total !== paidCents) return [{ bucket: 'earned', amountCents: refundCents }];
  const ordered = [...paid.filter((e) => e.bucket === 'card'), ...paid.filter((e) => e.bucket !== 'card')];
  const funds: FundEntryInput[] = [];
  let left = refundCents;
  for (const entry of ordered) {
    if (left === 0) break;
    const take = Math.min(left, -entry.amountCents);
    if (take <= 0) continue;
    funds.push(
      entry.bucket === 'card'
        ? { bucket: 'card', cardFundId: entry.cardFundId!, amountCents: take }
        : { bucket: 'earned', amountCents: take },
    );
    left -= take;
  }
  return funds;
}

export interface SettleInput {
  rentalId: string;
  renterId: string;
  ownerId: string;
  isCompanyProperty: boolean;
  /** What the renter paid into escrow for the rental. */
  paidCents: number;
  /** Back to the renter now (≤ paidCents); the rest is kept. */
  refundCents: number;
  /** The deposit held for this rental, back in full. */
  depositCents: number;
  /** The owner's share of the kept part stays in escrow (paid at the start by payOwnerPending) when true. */
  ownerPendingUntilStart: boolean;
  at: Date;
}

export function createBookingMoney(ledger: LedgerRepository, accounts: WalletAccounts, companyFeePercent: number) {
  async function entriesOf(db: DbOrTx, rentalId: string, accountId: string, kind: 'rent' | 'deposit-hold'): Promise<PaidEntry[]> {
    return db
      .select({ bucket: walletFundEntries.bucket, cardFundId: walletFundEntries.cardFundId, amountCents: walletFundEntries.amountCents })
      .from(walletFundEntries)
      .innerJoin(ledgerPostings, eq(ledgerPostings.id, walletFundEntries.postingId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(and(eq(ledgerTransactions.rentalId, rentalId), eq(ledgerTransactions.kind, kind), eq(ledgerPostings.accountId, accountId)));
  }

  return {
    /**
     * Booking with a deposit: renter -> 'deposits', after the rent's own payment in the same database
     * transaction (the wallet is already locked by chargeRental). Card money first, as every payment.
     */
    async holdDeposit(
      tx: Tx,
      hold: { renterId: string; rentalId: string; amountCents: number; at: Date },
    ): Promise<{ balanceCents: number }> {
      const wallet = await accounts.lockWallet(tx, hold.renterId);
      if (hold.amountCents === 0) return { balanceCents: wallet.balanceCents };
      if (wallet.balanceCents < hold.amountCents) throw insufficientFunds();
      const takes = allocatePayment(await ledger.openCardFunds(tx, wallet.id), wallet.withdrawableCents, hold.amountCents);
      if (!takes) throw insufficientFunds();
      const deposits = await accounts.systemAccount(tx, 'deposits');
      try {
        await ledger.postTransaction(tx, {
          kind: 'deposit-hold',
          rentalId: hold.rentalId,
          createdAt: hold.at,
          postings: [
            {
              account: { id: wallet.id, isSystem: false },
              amountCents: -hold.amountCents,
              type: 'Rental Payment',
              funds: takes.map((take) => ({ ...take, amountCents: -take.amountCents })),
            },
            { account: deposits, amountCents: hold.amountCents, type: 'Rental Payment' },
          ],
        });
      } catch (error) {
        if (NON_NEGATIVE_CHECKS.some((name) => isCheckViolation(error, name))) throw insufficientFunds();
        throw error;
      }
      return { balanceCents: wallet.balanceCents - hold.amountCents };
    },

    /**
     * A cancellation, a decline or an expiry, in one ledger transaction: escrow gives the renter the
     * refund, 'deposits' gives the deposit back, the kept part splits between owner and company by the
     * company fee (the owner's share stays in escrow until the start when asked). Answers the shares.
     */
    async settleCancellation(tx: Tx, input: SettleInput): Promise<{ ownerCents: number; companyCents: number }> {
      if (input.refundCents < 0 || input.refundCents > input.paidCents) throw new Error('A refund must be within what was paid.');
      const wallet = await accounts.lockWallet(tx, input.renterId);
      const kept = input.paidCents - input.refundCents;
      const split = splitRentalPayment(kept, companyFeePercent, input.isCompanyProperty);
      const company = split.companyCents > 0 ? await accounts.companyRef(tx) : undefined;
      const owner = split.ownerCents > 0 && !input.ownerPendingUntilStart ? await accounts.walletRef(tx, input.ownerId) : undefined;
      const escrow = await accounts.systemAccount(tx, 'escrow');
      const deposits = await accounts.systemAccount(tx, 'deposits');
      const renter = { id: wallet.id, isSystem: false };
      const postings: PostingInput[] = [];
      if (input.refundCents > 0) {
        const paid = await entriesOf(tx, input.rentalId, wallet.id, 'rent');
        postings.push({
          account: renter,
          amountCents: input.refundCents,
          type: 'Refund',
          funds: refundBuckets(paid, input.paidCents, input.refundCents),
        });
      }
      if (input.depositCents > 0) {
        const held = await entriesOf(tx, input.rentalId, wallet.id, 'deposit-hold');
        postings.push({
          account: renter,
          amountCents: input.depositCents,
          type: 'Refund',
          funds: refundBuckets(held, input.depositCents, input.depositCents),
        });
        postings.push({ account: deposits, amountCents: -input.depositCents, type: 'Refund' });
      }
      const fromEscrow = input.refundCents + split.companyCents + (owner ? split.ownerCents : 0);
      if (fromEscrow > 0) postings.push({ account: escrow, amountCents: -fromEscrow, type: 'Refund' });
      if (company && split.companyCents > 0) {
        const type = input.isCompanyProperty ? 'Rental Profit' : 'Company Rental Fee Profit';
        postings.push({
          account: company,
          amountCents: split.companyCents,
          type,
          funds: company.isSystem ? undefined : [{ bucket: 'earned', amountCents: split.companyCents }],
        });
      }
      if (owner)
        postings.push({
          account: owner,
          amountCents: split.ownerCents,
          type: 'Rental Profit',
          funds: [{ bucket: 'earned', amountCents: split.ownerCents }],
        });
      if (postings.length > 0) {
        await ledger.postTransaction(tx, { kind: 'cancel', rentalId: input.rentalId, createdAt: input.at, postings });
      }
      return { ownerCents: split.ownerCents, companyCents: split.companyCents };
    },

    /** The owner's share of a cancellation, held in escrow until the rental's first day: escrow -> owner. */
    async payOwnerPending(tx: Tx, payout: { rentalId: string; ownerId: string; amountCents: number; at: Date }): Promise<void> {
      if (payout.amountCents === 0) return;
      const owner = await accounts.walletRef(tx, payout.ownerId);
      const escrow = await accounts.systemAccount(tx, 'escrow');
      await ledger.postTransaction(tx, {
        kind: 'complete',
        rentalId: payout.rentalId,
        createdAt: payout.at,
        postings: [
          { account: escrow, amountCents: -payout.amountCents, type: 'Rental Profit' },
          {
            account: owner,
            amountCents: payout.amountCents,
            type: 'Rental Profit',
            funds: [{ bucket: 'earned', amountCents: payout.amountCents }],
          },
        ],
      });
    },

    /** A completed rental's deposit back to the renter ('deposits' -> wallet), into the buckets it came from. */
    async releaseDeposit(tx: Tx, release: { rentalId: string; renterId: string; amountCents: number; at: Date }): Promise<void> {
      if (release.amountCents === 0) return;
      const wallet = await accounts.lockWallet(tx, release.renterId);
      const held = await entriesOf(tx, release.rentalId, wallet.id, 'deposit-hold');
      const deposits = await accounts.systemAccount(tx, 'deposits');
      await ledger.postTransaction(tx, {
        kind: 'deposit-release',
        rentalId: release.rentalId,
        createdAt: release.at,
        postings: [
          {
            account: { id: wallet.id, isSystem: false },
            amountCents: release.amountCents,
            type: 'Refund',
            funds: refundBuckets(held, release.amountCents, release.amountCents),
          },
          { account: deposits, amountCents: -release.amountCents, type: 'Refund' },
        ],
      });
    },

    /**
     * A damage claim decided (issue 27): the whole deposit leaves 'deposits' in one ledger transaction,
     * `ownerCents` to the owner (earned money) and the rest back to the renter into the buckets it came
     * from (card money first). The caller marks the deposit released in the same database transaction,
     * so a deposit is either released or paid, never both.
     */
    async settleDepositClaim(
      tx: Tx,
      claim: { rentalId: string; renterId: string; ownerId: string; depositCents: number; ownerCents: number; at: Date },
    ): Promise<void> {
      if (claim.ownerCents < 0 || claim.ownerCents > claim.depositCents) throw new Error('A claim pays at most the deposit.');
      if (claim.depositCents === 0) return;
      const refundCents = claim.depositCents - claim.ownerCents;
      // Wallets in a fixed order (by user id) so two decisions touching the same people never deadlock.
      const [first, second] = [claim.renterId, claim.ownerId].sort();
      const locked = new Map([[first!, await accounts.lockWallet(tx, first!)]]);
      if (second !== first) locked.set(second!, await accounts.lockWallet(tx, second!));
      const renter = locked.get(claim.renterId)!;
      const owner = locked.get(claim.ownerId)!;
      const deposits = await accounts.systemAccount(tx, 'deposits');
      const postings: PostingInput[] = [{ account: deposits, amountCents: -claim.depositCents, type: 'Refund' }];
      if (refundCents > 0) {
        const held = await entriesOf(tx, claim.rentalId, renter.id, 'deposit-hold');
        postings.push({
          account: { id: renter.id, isSystem: false },
          amountCents: refundCents,
          type: 'Refund',
          funds: refundBuckets(held, claim.depositCents, refundCents),
        });
      }
      if (claim.ownerCents > 0) {
        postings.push({
          account: { id: owner.id, isSystem: false },
          amountCents: claim.ownerCents,
          type: 'Rental Profit',
          funds: [{ bucket: 'earned', amountCents: claim.ownerCents }],
        });
      }
      await ledger.postTransaction(tx, { kind: 'deposit-claim', rentalId: claim.rentalId, createdAt: claim.at, postings });
    },
  };
}

export type BookingMoney = ReturnType<typeof createBookingMoney>;
