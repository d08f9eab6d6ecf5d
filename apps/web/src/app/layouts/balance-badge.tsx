import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import '../../i18n/more-messages';
import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { englishI18n } from '../../i18n/catalogues';
import { formatterFor } from '../../i18n/format';
import { cn } from '../../lib/cn';

/** Header: 'Balance: X.XX€', plus ' (Pending: X.XX€)' when the pending balance is above 0. */
export function balanceText(balance: number, pendingBalance: number, i18n: I18n = englishI18n()): string {
  const money = formatterFor(i18n.locale).money;
  const amount = money(balance);
  if (pendingBalance <= 0) return i18n._(msg`Balance: ${amount}`);
  const pending = money(pendingBalance);
  return i18n._(msg`Balance: ${amount} (Pending: ${pending})`);
}

export function BalanceBadge({ balance, pendingBalance, className }: { balance: number; pendingBalance: number; className?: string }) {
  const { i18n } = useLingui();
  return (
    <Link
      to="/profile/wallet"
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full bg-accent-50 px-3 py-1.5 text-sm font-medium tabular-nums text-accent-800 hover:bg-accent-100 focus-visible:outline-2 focus-visible:outline-accent-600',
        className,
      )}
      data-testid="header-balance"
    >
      {balanceText(balance, pendingBalance, i18n)}
    </Link>
  );
}
