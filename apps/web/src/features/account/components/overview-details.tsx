import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton, SkeletonGroup } from '../../../components/ui/skeleton';
import { Stars } from '../../../components/ui/stars';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useOverview } from '../api/get-overview';
import { EmailVerifiedMark } from './email-verified-mark';
import { PendingEmail } from './pending-email';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-card border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 break-words text-lg font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

/** Profile overview: the account facts and counters from GET /api/account/overview-details. */
export function OverviewDetails() {
  const { t } = useLingui();
  const format = useFormat();
  const { data, isPending, isError, error, refetch, isRefetching } = useOverview();

  if (isPending) {
    return (
      <SkeletonGroup label={t`Loading overview...`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} className="h-[82px] rounded-card" />
        ))}
      </SkeletonGroup>
    );
  }
  if (isError) {
    return <ErrorState message={t`Error: ${errorMessage(error)}`} onRetry={() => void refetch()} isRetrying={isRefetching} />;
  }

  // One decimal, 0 when none.
  const rating = Number.isFinite(data.userRating) ? data.userRating : 0;
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Item label={t`Username`}>{data.username}</Item>
      <Item label={t`Email`}>
        {data.email}
        <EmailVerifiedMark email={data.email} />
        <PendingEmail className="mt-2" />
      </Item>
      <Item label={t`Phone`}>{data.phoneNumber || t`N/A`}</Item>
      <Item label={t`Member since`}>{format.longDate(data.memberSince)}</Item>
      <Item label={t`Completed rentals`}>
        <span className="tabular-nums">{data.completedRentalsCount}</span>
      </Item>
      <Item label={t`User rating`}>
        {rating > 0 ? (
          <span className="flex flex-wrap items-center gap-2">
            <span className="tabular-nums">{format.number(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</span>
            <Stars rating={rating} />
          </span>
        ) : (
          // Ratings are 1 to 5 stars, so 0 means none yet: a plain 0, not '0.0'.
          <span className="flex flex-wrap items-baseline gap-2">
            <span className="tabular-nums">0</span>
            <span className="text-sm font-normal text-slate-600">
              <Trans>No ratings yet</Trans>
            </span>
          </span>
        )}
      </Item>
      <Item label={t`Vehicles listed`}>
        <span className="tabular-nums">{data.vehiclesListedCount}</span>
      </Item>
    </dl>
  );
}
