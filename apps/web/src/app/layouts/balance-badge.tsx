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
      {balanceText(balance, pendingBalance)}
    </Link>
  );
}
