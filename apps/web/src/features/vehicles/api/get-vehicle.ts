import { queryOptions, useQuery } from '@tanstack/react-query';
import { VehiclePaths } from '@rentdrive/contracts/vehicle-paths';
import type { VehicleDetail } from '@rentdrive/contracts/vehicles';
import { apiFetch, isApiError } from '../../../lib/api-client';
import { VEHICLES_QUERY_KEY } from './vehicles-query-key';

/** The details screen shares its path with this endpoint: Accept: application/json (apiFetch's default) gets JSON. */
export function getVehicle(id: string, signal?: AbortSignal): Promise<VehicleDetail> {
  return apiFetch<VehicleDetail>(VehiclePaths.detail(id), { signal });
}

export const vehicleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...VEHICLES_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => getVehicle(id, signal),
    // A 404 will not change on a retry.
    retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 1,
  });

export function useVehicle(id: string) {
  return useQuery(vehicleQueryOptions(id));
}
