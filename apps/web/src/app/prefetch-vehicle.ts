import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, type SyntheticEvent } from 'react';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import { preloadVehicleRequest, vehicleQueryOptions } from '../features/vehicles/api/get-vehicle';

// In any language: '/api/vehicle/{id}', '/de/api/vehicle/{id}'.
const VEHICLE_PAGE = new RegExp(`^(?:/[a-z]{2})?${WebPaths.vehicle.pattern.replace(':id', '([^/]+)')}$`);

/** The vehicle page's screen chunk (the router's own import of it: the same chunk, loaded once). */
const loadVehicleScreen = () => void import('./routes/vehicle-details').catch(() => undefined);
/** The screen, and the contract a vehicle's request is checked with (so a click's request leaves at once). */
const preloadVehiclePage = () => {
  loadVehicleScreen();
  void preloadVehicleRequest().catch(() => undefined);
};

/**
 * A handler for pointer-over and focus events of a region with vehicle cards: when the pointer or the
 * focus reaches a link to a vehicle's page, that page's data starts loading, so a click opens it
 * without waiting for it after the screen (the router loads the screen, which then asks for the
 * vehicle). Each is asked for once; the query cache keeps the answer fresh for the click.
 *
 * The screen's code (and the request's contract) do not wait for the pointer: a click comes a few milliseconds after it, too
 * soon for a chunk. It loads once the page has hydrated and the browser is idle, so the click on a card
 * finds it in and the vehicle page draws at once what the card already showed
 * (features/vehicles/lib/vehicle-preview.ts) while the rest of the vehicle loads.
 */
export function usePrefetchVehicleOnIntent(): (event: SyntheticEvent) => void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Effects run after hydration; the idle callback waits for the browser's own work after it.
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(preloadVehiclePage, 1000);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(preloadVehiclePage, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return useCallback(
    (event: SyntheticEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      const id = VEHICLE_PAGE.exec(link.pathname)?.[1];
      if (!id) return;
      void queryClient.prefetchQuery(vehicleQueryOptions(decodeURIComponent(id)));
      loadVehicleScreen();
    },
    [queryClient],
  );
}
