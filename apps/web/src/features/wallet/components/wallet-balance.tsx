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
        <p className="text-sm font-medium text-slate-600">Balance:</p>
        <p className="text-3xl font-bold text-slate-900" data-testid="wallet-balance">
          <Money amount={balance} />
        </p>
        {pendingBalance > 0 && (
          <p className="mt-1 text-sm text-pending">
            Pending: <Money amount={pendingBalance} />{' '}
            <span className="text-slate-600">(paid out when your renters' rentals complete)</span>
          </p>
        )}
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_auto] sm:justify-start">
          <div className="flex items-baseline gap-2">
            <dt className="text-slate-600">Available to withdraw:</dt>
            <dd className="font-semibold tabular-nums text-slate-900" data-testid="wallet-withdrawable">
              <Money amount={withdrawableBalance} />
            </dd>
          </div>
          <div className="flex items-baseline gap-2">
            <dt className="text-slate-600">Refundable to card:</dt>
            <dd className="font-semibold tabular-nums text-slate-900" data-testid="wallet-refundable">
              <Money amount={refundableToCard} />
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button size="lg" onClick={onAddFunds}>
          Add Funds
        </Button>
        <Button size="lg" variant="secondary" onClick={onWithdraw}>
          Withdraw
        </Button>
        <Button size="lg" variant="secondary" onClick={onRefundToCard}>
          Refund to card
        </Button>
      </div>
    </div>
  );
}
