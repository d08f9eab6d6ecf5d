import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { RentalStatus } from '@rentdrive/domain/rental-state';
import { cn } from '../../../lib/cn';

const STATUS_CLASSES: Record<RentalStatus, string> = {
  Active: 'bg-accent-50 text-accent-800 ring-accent-700/30',
  Completed: 'bg-green-50 text-money-in ring-money-in/30',
  Cancelled: 'bg-slate-100 text-slate-700 ring-slate-400/40',
  Requested: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  Declined: 'bg-slate-100 text-slate-700 ring-slate-400/40',
  Expired: 'bg-slate-100 text-slate-700 ring-slate-400/40',
};

export function RentalStatusBadge({ status }: { status: RentalStatus }) {
  const { t } = useLingui();
  const labels: Record<RentalStatus, string> = {
    Active: t`Active`,
    Completed: t`Completed`,
    Cancelled: t`Cancelled`,
    Requested: t`Requested`,
    Declined: t`Declined`,
    Expired: t`Expired`,
  };
  const label = labels[status];
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', STATUS_CLASSES[status])}
    >
      {label}
    </span>
  );
}
