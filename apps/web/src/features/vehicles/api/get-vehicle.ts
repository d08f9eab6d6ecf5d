import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { VehicleDetailPath } from '@rentdrive/contracts/paths/vehicle-detail';
import type { VehicleDetail, Vehicles } from '@rentdrive/contracts/vehicles';
import { callApi, isApiError, lazyEndpoint } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useHydrated } from '../../../lib/use-hydrated';
import { VEHICLES_QUERY_KEY } from './vehicles-query-key';

// Lazy: this file is on every page's first load, which carries no zod (lib/api-client.ts, lazyEndpoint).
const DetailEndpoint = lazyEndpoint<typeof Vehicles.detail>('GET', VehicleDetailPath, (c) => c.Vehicles.detail);

/** Loads what a vehicle's request needs (its endpoint's contract) ahead of it: a page with links to vehicles, once idle. */
export const preloadVehicleRequest = (): Promise<unknown> => DetailEndpoint.load();

/** The details screen shares its path with this endpoint: Accept: application/json (callApi's default) gets JSON. */
export function getVehicle(id: string, signal?: AbortSignal): Promise<VehicleDetail> {
  return callApi(DetailEndpoint, { params: { id }, signal });
}

/**
 * null when no vehicle has that id (404, or 400 for a malformed id): an answer, not a failure, so
 * a server-rendered 'Vehicle not found.' page hands it to the browser like any other data.
 */
async function findVehicle(id: string, signal: AbortSignal): Promise<VehicleDetail | null> {
  try {
    return await getVehicle(id, signal);
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const vehicleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...VEHICLES_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => findVehicle(id, signal),
  });

export function useVehicle(id: string) {
  return useQuery(vehicleQueryOptions(id));
}

/**
 * A listing hidden by a moderator (issue 28) is 'not found' for everyone but its owner and employees.
 * The server renders pages without the session (so a cached page is the same for all), so the owner
 * gets the not-found page first: once the browser knows who is signed in, a vehicle that came as not
 * found is asked for again with the session — once per vehicle and user.
 */
export function useVehicleRecheckedWithSession(id: string) {
  const { user } = useSession();
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const query = useVehicle(id);
  const checked = useRef<string | null>(null);
  const userId = user?.id;
  useEffect(() => {
    const key = `${id} ${userId}`;
    if (!hydrated || !userId || query.data !== null || checked.current === key) return;
    checked.current = key;
    void queryClient.refetchQueries({ queryKey: vehicleQueryOptions(id).queryKey, exact: true });
  }, [hydrated, userId, query.data, id, queryClient]);
  return query;
}
