import { memo } from 'react';
import { useSearchParams } from 'react-router';
import type { VehicleCard as VehicleCardData } from '@rentdrive/contracts/search';
import { Skeleton, SkeletonGroup } from '../../../components/ui/skeleton';
import { VehicleCard } from './vehicle-card';

/** DESIGN.md: 4 columns on desktop, 3 on laptops, 2 on tablets, 1 on phones. */
const GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/**
 * Cards whose photo is fetched first: a phone shows one card above the fold, a wide screen a row of
 * up to four. Their photo is the page's largest paint; the rest load lazily as they scroll in.
 */
const PRIORITY_CARDS = 2;

/** Memoized: the listing's renders for a choice still waiting for its results leave the cards alone. */
export const VehicleGrid = memo(function VehicleGrid({ vehicles, columns = GRID }: { vehicles: VehicleCardData[]; columns?: string }) {
  // A listing searched for days: each card shows their total and its link carries them.
  const [params] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return (
    <ul className={columns}>
      {vehicles.map((vehicle, i) => (
        <li key={vehicle.id}>
          <VehicleCard vehicle={vehicle} isPriority={i < PRIORITY_CARDS} from={from} to={to} />
        </li>
      ))}
    </ul>
  );
});

/** Card-shaped placeholders with the spec's loading text for screen readers (and shown under them). */
export function VehicleGridSkeleton({ label, count = 8, columns = GRID }: { label: string; count?: number; columns?: string }) {
  return (
    <SkeletonGroup label={label}>
      <p className="mb-4 text-center text-sm text-slate-600" aria-hidden="true">
        {label}
      </p>
      <div className={columns}>
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="overflow-hidden rounded-card border border-slate-200 bg-white">
            <Skeleton className="aspect-[4/3] w-full rounded-none" />
            <div className="space-y-2 p-4">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-3 w-full" />
            </div>
          </div>
        ))}
      </div>
    </SkeletonGroup>
  );
}
