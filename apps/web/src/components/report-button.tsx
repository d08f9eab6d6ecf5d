import { Trans, useLingui } from '@lingui/react/macro';
import '../i18n/more-messages';
import { lazy, Suspense, useState } from 'react';
import type { ReportTargetType } from '@rentdrive/contracts/moderation';
import { cn } from '../lib/cn';
import { useSession } from '../lib/session';
import { useHydrated } from '../lib/use-hydrated';
import { buttonClasses } from './ui/button';

// The dialog and its schemas load on the first click: the vehicle page's first load stays as it is.
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

export interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: string;
  /** Who wrote or owns the target: nobody reports themselves, so the button is not shown to them. */
  ownerId?: string;
  className?: string;
  /** 'link': a small text button (beside a chat message). */
  look?: 'button' | 'link';
}

/** 'Report' (issue 28): signed-in people other than the target's owner; opens the report dialog. */
export function ReportButton({ targetType, targetId, ownerId, className, look = 'button' }: ReportButtonProps) {
  const { t } = useLingui();
  const { user } = useSession();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  if (!hydrated || !user || user.id === ownerId) return null;
  return (
    <>
      <button
        type="button"
        aria-label={{ vehicle: t`Report this listing`, user: t`Report this user`, message: t`Report this message` }[targetType]}
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className={cn(
          look === 'link'
            ? 'rounded text-xs text-slate-600 underline-offset-2 hover:text-red-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600'
            : buttonClasses('ghost', 'sm'),
          className,
        )}
      >
        <Trans>Report</Trans>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <ReportDialog open={open} onOpenChange={setOpen} targetType={targetType} targetId={targetId} />
        </Suspense>
      )}
    </>
  );
}
