import { queryOptions, useQuery } from '@tanstack/react-query';
import { Rentals } from '@rentdrive/contracts/rentals';
import type { VehicleBooking } from '@rentdrive/contracts/rentals';
import { callApi } from '../../../lib/api-client';
import { rentalKeys } from './rental-keys';

/** GET /api/rental/vehicle/{id}: the owner's view of a vehicle's bookings. */
export function getVehicleBookings(vehicleId: string, signal?: AbortSignal): Promise<VehicleBooking[]> {
  return callApi(Rentals.vehicleBookings, { params: { id: vehicleId }, signal });
}

export function vehicleBookingsQueryOptions(vehicleId: string) {
  return queryOptions({
    queryKey: rentalKeys.vehicleBookings(vehicleId),
    queryFn: ({ signal }) => getVehicleBookings(vehicleId, signal),
  });
}

export function useVehicleBookings(vehicleId: string | null) {
  return useQuery({ ...vehicleBookingsQueryOptions(vehicleId ?? ''), enabled: vehicleId !== null });
}
