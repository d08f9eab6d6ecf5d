import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleEditLoad } from '@rentdrive/contracts/vehicles';
import { Vehicles } from '@rentdrive/contracts/vehicles';
import { callApi, isApiError } from '../../../lib/api-client';
import { VEHICLES_QUERY_KEY } from './vehicles-query-key';

export function getVehicleForEdit(id: string, signal?: AbortSignal): Promise<VehicleEditLoad> {
  return callApi(Vehicles.editLoad, { params: { id }, signal });
}

export const vehicleForEditQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...VEHICLES_QUERY_KEY, 'edit', id],
    queryFn: ({ signal }) => getVehicleForEdit(id, signal),
    retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 1,
    // The form copies these values once; a background refetch must not reset what the user typed.
    staleTime: Infinity,
    gcTime: 0,
  });

export function useVehicleForEdit(id: string) {
  return useQuery(vehicleForEditQueryOptions(id));
}
