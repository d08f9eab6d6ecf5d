import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useEffect, useState } from 'react';
import { useCompletePendingFavourite } from '../../../components/favourite-button';
import { ErrorState } from '../../../components/ui/error-state';
import { errorMessage } from '../../../lib/api-client';
import { useVehicleCards } from '../../../lib/favourites';
import { forgetViewed, recentlyViewedIds } from '../../../lib/recently-viewed';
import { useHydrated } from '../../../lib/use-hydrated';
import { VehicleGrid, VehicleGridSkeleton } from './vehicle-grid';

const NONE: string[] = [];

/**
 * Home's 'Recently viewed': the vehicles last opened on this device, newest first (removed ones are
 * left out). Nothing at all for a device that has opened none.
 */
export function RecentlyViewed() {
  const { t } = useLingui();
  // This device's list: read in the browser, after hydration (the server's markup has none).
  const isHydrated = useHydrated();
  const [stored] = useState(recentlyViewedIds);
  const ids = isHydrated ? stored : NONE;
  const cards = useVehicleCards(ids);
  useCompletePendingFavourite();
  useEffect(() => {
    // Vehicles removed since: they stop taking a place.
    if (cards.data && cards.data.length < ids.length) forgetViewed(cards.data.map((card) => card.id));
  }, [cards.data, ids.length]);

  if (ids.length === 0 || cards.data?.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-title" className="mx-auto max-w-7xl px-4 pb-12 sm:px-6">
      <h2 id="recently-viewed-title" className="mb-6 text-2xl font-bold text-slate-900">
        <Trans>Recently viewed</Trans>
      </h2>
      {cards.isPending ? (
        <VehicleGridSkeleton label={t`Loading recently viewed vehicles...`} count={Math.min(ids.length, 4)} />
      ) : cards.isError ? (
        <ErrorState
          message={errorMessage(cards.error, t`Recently viewed vehicles could not be loaded.`)}
          onRetry={() => void cards.refetch()}
          isRetrying={cards.isFetching}
        />
      ) : (
        <VehicleGrid vehicles={cards.data} />
      )}
    </section>
  );
}
