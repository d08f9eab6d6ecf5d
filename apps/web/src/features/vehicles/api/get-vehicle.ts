import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleDetail } from '@rentdrive/contracts/vehicles';
import { apiFetch, isApiError } from '../../../lib/api-client';
import { VEHICLES_QUERY_KEY } from './vehicles-query-key';
import { VehiclePaths } from '@rentdrive/contracts/paths';

/** The details screen shares its path with this endpoint: Accept: application/json (apiFetch's default) gets JSON. */
export function getVehicle(id: string, signal?: AbortSignal): Promise<VehicleDetail> {
  return apiFetch<VehicleDetail>(VehiclePaths.detail(id), { signal });
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
