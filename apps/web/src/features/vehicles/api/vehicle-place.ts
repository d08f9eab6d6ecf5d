import { queryOptions, useQuery } from '@tanstack/react-query';
import { Location, type VehicleLocationInput } from '@rentdrive/contracts/location';
import { callApi } from '../../../lib/api-client';
import { VEHICLES_QUERY_KEY } from './vehicles-query-key';

/** GET /api/vehicle/location/{id}: the exact pick-up place (owner, employee for company vehicles), null while it has none. */
export function vehiclePlaceQueryOptions(vehicleId: string) {
  return queryOptions({
    queryKey: [...VEHICLES_QUERY_KEY, 'place', vehicleId],
    queryFn: ({ signal }) => callApi(Location.get, { params: { id: vehicleId }, signal }),
  });
}

export function useVehiclePlace(vehicleId: string) {
  return useQuery(vehiclePlaceQueryOptions(vehicleId));
}

/** PUT /api/vehicle/location/{id}. */
export function saveVehiclePlace(vehicleId: string, place: VehicleLocationInput) {
  return callApi(Location.put, { params: { id: vehicleId }, body: place });
}
