import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { errorMessage } from '../../../lib/api-client';
import { useRecentVehicles } from '../api/get-recent-vehicles';
import { VehicleGrid, VehicleGridSkeleton } from './vehicle-grid';

/** Home: 'Recent Listing' cards; 'Loading Recent Vehicles...' while loading. */
export function RecentListings() {
  const { t } = useLingui();
  const recent = useRecentVehicles();
  return (
    <section aria-labelledby="recent-title" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id="recent-title" className="text-2xl font-bold text-slate-900">
          <Trans>Recent Listing</Trans>
        </h2>
        <Link to="/listing" className="text-sm font-medium text-accent-700 hover:text-accent-800 hover:underline">
          <Trans>View all vehicles</Trans>
        </Link>
      </div>
      {recent.isPending ? (
        <VehicleGridSkeleton label={t`Loading Recent Vehicles...`} count={4} />
      ) : recent.isError ? (
        <ErrorState
          message={errorMessage(recent.error, t`Failed to fetch recent vehicles`)}
          onRetry={() => void recent.refetch()}
          isRetrying={recent.isFetching}
        />
      ) : recent.data.length === 0 ? (
        <EmptyState message={t`No vehicles are listed yet.`} />
      ) : (
        <VehicleGrid vehicles={recent.data} />
      )}
    </section>
  );
}
