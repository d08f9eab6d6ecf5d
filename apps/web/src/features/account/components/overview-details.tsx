import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton, SkeletonGroup } from '../../../components/ui/skeleton';
import { Stars } from '../../../components/ui/stars';
import { errorMessage } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/format-date';
import { useOverview } from '../api/get-overview';

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
  const { data, isPending, isError, error, refetch, isRefetching } = useOverview();

  if (isPending) {
    return (
      <SkeletonGroup label="Loading overview..." className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} className="h-[82px] rounded-card" />
        ))}
      </SkeletonGroup>
    );
  }
  if (isError) {
    return <ErrorState message={`Error: ${errorMessage(error)}`} onRetry={() => void refetch()} isRetrying={isRefetching} />;
  }

  // One decimal, 0 when none.
  const rating = Number.isFinite(data.userRating) ? data.userRating : 0;
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Item label="Username">{data.username}</Item>
      <Item label="Email">{data.email}</Item>
      <Item label="Phone">{data.phoneNumber || 'N/A'}</Item>
      <Item label="Member since">{formatLongDate(data.memberSince)}</Item>
      <Item label="Completed rentals">
        <span className="tabular-nums">{data.completedRentalsCount}</span>
      </Item>
      <Item label="User rating">
        {rating > 0 ? (
          <span className="flex flex-wrap items-center gap-2">
            <span className="tabular-nums">{rating.toFixed(1)}</span>
            <Stars rating={rating} />
          </span>
        ) : (
          // Ratings are 1 to 5 stars, so 0 means none yet: a plain 0, not '0.0'.
          <span className="flex flex-wrap items-baseline gap-2">
            <span className="tabular-nums">0</span>
            <span className="text-sm font-normal text-slate-600">No ratings yet</span>
          </span>
        )}
      </Item>
      <Item label="Vehicles listed">
        <span className="tabular-nums">{data.vehiclesListedCount}</span>
      </Item>
    </dl>
  );
}
