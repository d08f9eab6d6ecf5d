import { Button } from '../../../components/ui/button';
import { Money } from '../../../components/ui/money';

export interface WalletBalanceProps {
  /** Euros; 0 when the user has no money yet. */
  balance: number;
  pendingBalance: number;
  onAddFunds: () => void;
  onWithdraw: () => void;
}

/** Wallet: 'Balance:' with the amount to 2 decimals and the euro sign, 'Add Funds' and 'Withdraw'. */
export function WalletBalance({ balance, pendingBalance, onAddFunds, onWithdraw }: WalletBalanceProps) {
  return (
    <div className="flex flex-col gap-4 rounded-card border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div>
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
      </div>
      <div className="flex flex-wrap gap-3">
        <Button size="lg" onClick={onAddFunds}>
          Add Funds
        </Button>
        <Button size="lg" variant="secondary" onClick={onWithdraw}>
          Withdraw
        </Button>
      </div>
    </div>
  );
}
