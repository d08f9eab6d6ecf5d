import { Trans } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { Button } from '../../../components/ui/button';
import { Money } from '../../../components/ui/money';

export interface WalletBalanceProps {
  /** Euros; 0 when the user has no money yet. */
  balance: number;
  pendingBalance: number;
  /** The earned part of the balance: what can be withdrawn to a bank account. */
  withdrawableBalance: number;
  /** Card top-ups not yet spent: what can go back to the card it came from. */
  refundableToCard: number;
  onAddFunds: () => void;
  onWithdraw: () => void;
  onRefundToCard: () => void;
}

/**
 * Wallet: 'Balance:' with the amount to 2 decimals and the euro sign, then where it may go: 'Available
 * to withdraw' (earnings, to a bank account) and 'Refundable to card' (card top-ups not yet spent);
 * 'Add Funds', 'Withdraw' and 'Refund to card'.
 */
export function WalletBalance({
  balance,
  pendingBalance,
  withdrawableBalance,
  refundableToCard,
  onAddFunds,
  onWithdraw,
  onRefundToCard,
}: WalletBalanceProps) {
  return (
    <div className="flex flex-col gap-4 rounded-card border border-slate-200 bg-white p-5 shadow-sm lg:flex-row lg:items-center lg:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600">
          <Trans>Balance:</Trans>
        </p>
        <p className="text-3xl font-bold text-slate-900" data-testid="wallet-balance">
          <Money amount={balance} />
        </p>
        {pendingBalance > 0 && (
          <p className="mt-1 text-sm text-pending">
            <Trans>
              Pending: <Money amount={pendingBalance} />{' '}
              <span className="text-slate-600">(paid out when your renters' rentals complete)</span>
            </Trans>
          </p>
        )}
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_auto] sm:justify-start">
          <div className="flex items-baseline gap-2">
            <dt className="text-slate-600">
              <Trans>Available to withdraw:</Trans>
            </dt>
            <dd className="font-semibold tabular-nums text-slate-900" data-testid="wallet-withdrawable">
              <Money amount={withdrawableBalance} />
            </dd>
          </div>
          <div className="flex items-baseline gap-2">
            <dt className="text-slate-600">
              <Trans>Refundable to card:</Trans>
            </dt>
            <dd className="font-semibold tabular-nums text-slate-900" data-testid="wallet-refundable">
              <Money amount={refundableToCard} />
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button size="lg" onClick={onAddFunds}>
          <Trans>Add Funds</Trans>
        </Button>
        <Button size="lg" variant="secondary" onClick={onWithdraw}>
          <Trans>Withdraw</Trans>
        </Button>
        <Button size="lg" variant="secondary" onClick={onRefundToCard}>
          <Trans>Refund to card</Trans>
        </Button>
      </div>
    </div>
  );
}
