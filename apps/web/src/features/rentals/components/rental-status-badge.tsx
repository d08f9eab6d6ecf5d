import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { RentalStatus } from '@rentdrive/domain/rental-state';
import { cn } from '../../../lib/cn';

const STATUS_CLASSES: Record<RentalStatus, string> = {
  Active: 'bg-accent-50 text-accent-800 ring-accent-700/30',
  Completed: 'bg-green-50 text-money-in ring-money-in/30',
  Cancelled: 'bg-slate-100 text-slate-700 ring-slate-400/40',
};

export function RentalStatusBadge({ status }: { status: RentalStatus }) {
  const { t } = useLingui();
  const label = status === 'Active' ? t`Active` : status === 'Completed' ? t`Completed` : t`Cancelled`;
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', STATUS_CLASSES[status])}
    >
      {label}
    </span>
  );
}
