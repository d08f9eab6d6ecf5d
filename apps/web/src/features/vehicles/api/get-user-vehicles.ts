import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyVehicle } from '@rentdrive/contracts/vehicles';
import { Vehicles } from '@rentdrive/contracts/vehicles';
import { callApi } from '../../../lib/api-client';
import { VEHICLES_QUERY_KEY } from './vehicles-query-key';

export function getUserVehicles(signal?: AbortSignal): Promise<MyVehicle[]> {
  return callApi(Vehicles.userVehicles, { signal });
}

export const userVehiclesQueryOptions = queryOptions({
  queryKey: [...VEHICLES_QUERY_KEY, 'mine'],
  queryFn: ({ signal }) => getUserVehicles(signal),
});

export function useUserVehicles() {
  return useQuery(userVehiclesQueryOptions);
}
