import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyVehicle } from '@rentdrive/contracts/vehicles';
import { apiFetch } from '../../../lib/api-client';
import { VEHICLES_QUERY_KEY } from './vehicles-query-key';
import { VehiclePaths } from '@rentdrive/contracts/paths';

export function getUserVehicles(signal?: AbortSignal): Promise<MyVehicle[]> {
  return apiFetch<MyVehicle[]>(VehiclePaths.userVehicles, { signal });
}

export const userVehiclesQueryOptions = queryOptions({
  queryKey: [...VEHICLES_QUERY_KEY, 'mine'],
  queryFn: ({ signal }) => getUserVehicles(signal),
});

export function useUserVehicles() {
  return useQuery(userVehiclesQueryOptions);
}
