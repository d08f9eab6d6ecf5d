import { ErrorCode } from '@rentdrive/contracts/errors';
import { RentalMessages } from '@rentdrive/contracts/rentals';
import { splitRentalPayment } from '@rentdrive/domain/fees';
import type { Tx } from '../../db/client';
import { isCheckViolation } from '../../db/db-errors';
import { AppError } from '../../lib/app-error';
import { allocatePayment } from './fund-allocation';
import type { FundEntryInput, LedgerRepository, PostingInput } from './ledger.repository';
import type { WalletAccounts } from './wallet-accounts';

export interface RentalCharge {
  renterId: string;
  rentalId: string;
  amountCents: number;
  at: Date;
}

export interface RentalPayout {
  rentalId: string;
  ownerId: string;
  isCompanyProperty: boolean;
  totalCents: number;
  at: Date;
}

/** The constraints that refuse a wallet (or one of its buckets) going below zero: the last line of defence. */
const NON_NEGATIVE_CHECKS = ['ledger_accounts_wallet_non_negative_ck', 'ledger_accounts_withdrawable_ck', 'card_funds_remaining_ck'];

function insufficientFunds(): AppError {
  return AppError.unprocessable(RentalMessages.insufficientFunds, ErrorCode.InsufficientFunds);
}

/**
 * The rentals' money movements, each one call that locks the wallets it needs, checks, posts and
 * raises its own errors, inside the caller's transaction (so a rental and its money commit together).
 */
export function createRentalMoney(ledger: LedgerRepository, accounts: WalletAccounts, companyFeePercent: number) {
  return {
    /**
     * Rent: renter -> escrow 'Rental Payment'. Locks the renter's wallet, checks the balance covers the
     * amount (422 insufficient_funds otherwise) and spends card money first, oldest top-up first, then
     * earned money (fund-allocation.ts). Answers the renter's balance after the payment.
     */
    async chargeRental(tx: Tx, charge: RentalCharge): Promise<{ balanceCents: number }> {
      const wallet = await accounts.lockWallet(tx, charge.renterId);
      if (wallet.balanceCents < charge.amountCents) throw insufficientFunds();
      // A statement of its own after the lock, so it reads what the wallet's previous holder committed
      // (a subquery in the locking statement would read the snapshot taken before the wait).
      const takes = allocatePayment(await ledger.openCardFunds(tx, wallet.id), wallet.withdrawableCents, charge.amountCents);
      if (!takes) throw insufficientFunds();
      const escrow = await accounts.systemAccount(tx, 'escrow');
      try {
        await ledger.postTransaction(tx, {
          kind: 'rent',
          rentalId: charge.rentalId,
          createdAt: charge.at,
          postings: [
            {
              account: { id: wallet.id, isSystem: false },
              amountCents: -charge.amountCents,
              type: 'Rental Payment',
              funds: takes.map((take) => ({ ...take, amountCents: -take.amountCents })),
            },
            { account: escrow, amountCents: charge.amountCents, type: 'Rental Payment' },
          ],
        });
      } catch (error) {
        if (NON_NEGATIVE_CHECKS.some((name) => isCheckViolation(error, name))) throw insufficientFunds();
        throw error;
      }
      return { balanceCents: wallet.balanceCents - charge.amountCents };
    },

    /**
     * Cancel: escrow -> renter 'Refund', in full, into the buckets the payment came from (card money
     * back to its top-ups, earned money withdrawable again). A payment made before the buckets existed
     * (migration 0018) is refunded as earned money.
     */
    async refundRental(tx: Tx, charge: RentalCharge): Promise<void> {
      const wallet = await accounts.lockWallet(tx, charge.renterId);
      const paid = await ledger.rentalPaymentEntries(tx, charge.rentalId, wallet.id);
      const paidCents = paid.reduce((sum, entry) => sum + entry.amountCents, 0);
      let funds: FundEntryInput[] = [{ bucket: 'earned', amountCents: charge.amountCents }];
      if (paidCents === -charge.amountCents) {
        funds = paid.map((entry) =>
          entry.bucket === 'card'
            ? { bucket: 'card', cardFundId: entry.cardFundId!, amountCents: -entry.amountCents }
            : { bucket: 'earned', amountCents: -entry.amountCents },
        );
      }
      const escrow = await accounts.systemAccount(tx, 'escrow');
      await ledger.postTransaction(tx, {
        kind: 'cancel',
        rentalId: charge.rentalId,
        createdAt: charge.at,
        postings: [
          { account: { id: wallet.id, isSystem: false }, amountCents: charge.amountCents, type: 'Refund', funds },
          { account: escrow, amountCents: -charge.amountCents, type: 'Refund' },
        ],
      });
    },

    /**
     * Completion: escrow pays the owner (100 - fee)% 'Rental Profit' and the company the fee
     * 'Company Rental Fee Profit'; company property pays the company everything ('Rental Profit', it
     * is the company's own rental). Both are earned money (withdrawable). The split never creates or
     * loses a cent. Answers the vehicle owner's share.
     */
    async payOutRental(tx: Tx, payout: RentalPayout): Promise<{ ownerCents: number }> {
      const escrow = await accounts.systemAccount(tx, 'escrow');
      const company = await accounts.companyRef(tx);
      const split = splitRentalPayment(payout.totalCents, companyFeePercent, payout.isCompanyProperty);
      const earned = (account: { isSystem: boolean }, amountCents: number): FundEntryInput[] | undefined =>
        account.isSystem ? undefined : [{ bucket: 'earned', amountCents }];
      const postings: PostingInput[] = [{ account: escrow, amountCents: -payout.totalCents, type: 'Rental Profit' }];
      if (payout.isCompanyProperty) {
        postings.push({
          account: company,
          amountCents: split.companyCents,
          type: 'Rental Profit',
          funds: earned(company, split.companyCents),
        });
      } else {
        const owner = await accounts.walletRef(tx, payout.ownerId);
        if (split.ownerCents > 0) {
          postings.push({ account: owner, amountCents: split.ownerCents, type: 'Rental Profit', funds: earned(owner, split.ownerCents) });
        }
        if (split.companyCents > 0) {
          postings.push({
            account: company,
            amountCents: split.companyCents,
            type: 'Company Rental Fee Profit',
            funds: earned(company, split.companyCents),
          });
        }
      }
      await ledger.postTransaction(tx, { kind: 'complete', rentalId: payout.rentalId, createdAt: payout.at, postings });
      // What the vehicle's owner earned: for company property the company is the owner and takes all.
      return { ownerCents: payout.isCompanyProperty ? split.companyCents : split.ownerCents };
    },
  };
}
