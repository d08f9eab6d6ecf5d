import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { RegionBoundary } from '../../../lib/region-boundary';
import { recentVehiclesQueryOptions } from '../api/get-recent-vehicles';
import { VehicleGrid, VehicleGridSkeleton } from './vehicle-grid';

/** As many as GET /api/vehicle/recent answers by default: the skeleton takes the cards' place. */
const RECENT_CARDS = 8;

/**
 * Home: 'Recent Listing' cards; 'Loading Recent Vehicles...' while loading. A region of its own
 * (ADR 016): home's page module does not load the cards, so the server sends the search above it
 * first and streams the cards when their answer is in (it travels in the page's data block).
 */
export function RecentListings() {
  const { t } = useLingui();
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
      <RegionBoundary
        fallback={<VehicleGridSkeleton label={t`Loading Recent Vehicles...`} count={RECENT_CARDS} />}
        errorMessage={t`Failed to fetch recent vehicles`}
      >
        <RecentCards />
      </RegionBoundary>
    </section>
  );
}

function RecentCards() {
  const { t } = useLingui();
  const { data } = useSuspenseQuery(recentVehiclesQueryOptions);
  return data.length === 0 ? <EmptyState message={t`No vehicles are listed yet.`} /> : <VehicleGrid vehicles={data} />;
}
