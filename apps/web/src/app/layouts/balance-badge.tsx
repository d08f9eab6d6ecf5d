import { Link } from 'react-router';
import { formatMoney } from '../../components/ui/money';
import { cn } from '../../lib/cn';

/** Header: 'Balance: X.XX€', plus ' (Pending: X.XX€)' when the pending balance is above 0. */
export function balanceText(balance: number, pendingBalance: number): string {
  const pending = pendingBalance > 0 ? ` (Pending: ${formatMoney(pendingBalance)})` : '';
  return `Balance: ${formatMoney(balance)}${pending}`;
}

export function BalanceBadge({ balance, pendingBalance, className }: { balance: number; pendingBalance: number; className?: string }) {
  return (
    <Link
      to="/profile/wallet"
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full bg-accent-50 px-3 py-1.5 text-sm font-medium tabular-nums text-accent-800 hover:bg-accent-100 focus-visible:outline-2 focus-visible:outline-accent-600',
        className,
      )}
      data-testid="header-balance"
    >
      {/* On mid-size screens the pending part wraps under the balance to save width. */}
      <span className="flex flex-col items-end leading-tight xl:flex-row xl:items-center">
        <span>Balance: {formatMoney(balance)}</span>
        {pendingBalance > 0 && <span className="text-xs xl:ml-1 xl:text-sm"> (Pending: {formatMoney(pendingBalance)})</span>}
      </span>
    </Link>
  );
}
