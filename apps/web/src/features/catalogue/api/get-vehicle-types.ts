import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleType } from '@rentdrive/contracts/catalogue';
import { apiFetch } from '../../../lib/api-client';
import { CataloguePaths } from '@rentdrive/contracts/paths';

export const VEHICLE_TYPES_QUERY_KEY = ['catalogue', 'vehicle-types'] as const;

export function getVehicleTypes(signal?: AbortSignal): Promise<VehicleType[]> {
  return apiFetch<VehicleType[]>(CataloguePaths.types, { signal });
}

export const vehicleTypesQueryOptions = queryOptions({
  queryKey: VEHICLE_TYPES_QUERY_KEY,
  queryFn: ({ signal }) => getVehicleTypes(signal),
});

export function useVehicleTypes() {
  return useQuery(vehicleTypesQueryOptions);
}
