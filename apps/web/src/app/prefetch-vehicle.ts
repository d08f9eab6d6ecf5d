import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type SyntheticEvent } from 'react';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import { vehicleQueryOptions } from '../features/vehicles/api/get-vehicle';

// In any language: '/api/vehicle/{id}', '/de/api/vehicle/{id}'.
const VEHICLE_PAGE = new RegExp(`^(?:/[a-z]{2})?${WebPaths.vehicle.pattern.replace(':id', '([^/]+)')}$`);

/**
 * A handler for pointer-over and focus events of a region with vehicle cards: when the pointer or the
 * focus reaches a link to a vehicle's page, that page's data and screen start loading, so a click
 * opens it without waiting for them one after the other (the router loads the screen, which then asks
 * for the vehicle). Each is asked for once; the query cache keeps the answer fresh for the click.
 */
export function usePrefetchVehicleOnIntent(): (event: SyntheticEvent) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (event: SyntheticEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      const id = VEHICLE_PAGE.exec(link.pathname)?.[1];
      if (!id) return;
      void queryClient.prefetchQuery(vehicleQueryOptions(decodeURIComponent(id)));
      void import('./routes/vehicle-details').catch(() => undefined);
    },
    [queryClient],
  );
}
