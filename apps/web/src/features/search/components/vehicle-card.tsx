import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { Link } from 'react-router';
import { VehiclePaths } from '@rentdrive/contracts/paths/vehicles';
import type { VehicleCard as VehicleCardData } from '@rentdrive/contracts/search';
import { Stars } from '../../../components/ui/stars';
import { useFormat } from '../../../i18n/format';
import { fuelName } from '../../../lib/fuel-name';
import { imageSrc } from '../../../lib/image-src';
import { lazyRegion } from '../../../lib/lazy-region';

// The heart: its own chunk, so the listing's and home's first load stay as they were.
const FavouriteHeart = lazyRegion(() => import('../../../components/favourite-button').then((m) => m.FavouriteButton));

/** The days from `from` to `to` (YYYY-MM-DD, both included); 0 without both or when reversed. */
function dayCount(from: string, to: string): number {
  const first = Date.parse(from),
    last = Date.parse(to);
  return last >= first ? (last - first) / 864e5 + 1 : 0;
}

/**
 * A listing card: photo first, then make and model, price, stars, facts. Memoized: a listing that
 * re-renders (a filter chosen, the results dimmed while new ones load) redraws only the cards whose
 * vehicle or days changed; the days come from the grid (one read of the URL, not one per card).
 */
export const VehicleCard = memo(function VehicleCard({
  vehicle,
  isPriority = false,
  from = '',
  to = '',
}: {
  vehicle: VehicleCardData;
  /** Above the fold: fetch the photo first. */ isPriority?: boolean;
  /** The listing's days (YYYY-MM-DD, its `from` and `to`), when it was searched for some. */
  from?: string;
  to?: string;
}) {
  const format = useFormat();
  const { i18n } = useLingui();
  const title = `${vehicle.make} ${vehicle.model}`;
  // A listing searched for days shows what those days cost beside the price per day.
  // ...and its link carries them, so they arrive selected on the vehicle page (lib/vehicle-dates reads them there).
  const days = dayCount(from, to);
  const path = VehiclePaths.detail(vehicle.id);
  const total = days > 0 ? format.money((Math.round(vehicle.pricePerDay * 100) * days) / 100) : '';
  const facts = [
    String(vehicle.yearOfProduction),
    vehicle.fuelType === 'None' ? undefined : fuelName(i18n, vehicle.fuelType),
    vehicle.vehicleType,
    vehicle.vehicleTypeCategory,
    vehicle.city,
    // Issue 26: km from the searched place, as the language writes numbers ('3.2 km', '3,2 km').
    vehicle.distanceKm == null ? undefined : `${format.number(vehicle.distanceKm)} km`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card border border-slate-200 bg-white transition-shadow duration-150 focus-within:shadow-md hover:shadow-md">
      <div className="relative aspect-[4/3] w-full bg-slate-100">
        {vehicle.imageURL ? (
          <img
            src={imageSrc(vehicle.imageURL)}
            alt=""
            loading={isPriority ? 'eager' : 'lazy'}
            fetchPriority={isPriority ? 'high' : undefined}
            decoding="async"
            width={480}
            height={360}
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full items-center justify-center text-sm text-slate-500">
            <Trans>No photo</Trans>
          </div>
        )}
        <FavouriteHeart vehicle={vehicle} name={title} />
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        {/* Make and model get the card's full width and wrap rather than being cut ('Merced…'). */}
        <h3 className="text-base font-semibold break-words text-slate-900">
          <Link
            to={days > 0 ? `${path}?${new URLSearchParams({ from, to }).toString()}` : path}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            <span className="block" data-testid="card-make">
              {vehicle.make}
            </span>
            <span className="block text-sm font-normal text-slate-600">{vehicle.model}</span>
          </Link>
        </h3>
        <p className="flex flex-wrap items-baseline gap-1">
          <span className="text-lg font-bold tabular-nums text-accent-800">{format.money(vehicle.pricePerDay)}</span>
          <span className="text-xs text-slate-600">
            <Trans>per day</Trans>
          </span>
          {days > 0 && (
            <span className="ml-auto text-sm font-semibold tabular-nums text-slate-800" data-testid="card-total">
              <Plural value={days} one={`${total} for # day`} other={`${total} for # days`} />
            </span>
          )}
        </p>
        <Stars rating={vehicle.starsRating} reviewCount={vehicle.reviewCount} />
        <p className="text-xs text-slate-600">{facts}</p>
        <p className="line-clamp-2 text-sm text-slate-700">{vehicle.description}</p>
        <p className="mt-auto pt-1 text-xs text-slate-600">
          <Trans>
            Listed by <span className="font-medium text-slate-800">{vehicle.ownerName}</span>
          </Trans>
        </p>
      </div>
      <span className="sr-only">{title}</span>
    </article>
  );
});
