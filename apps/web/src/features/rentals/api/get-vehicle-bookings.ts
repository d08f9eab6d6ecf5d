import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { rentalKeys } from './rental-keys';
import type { VehicleBooking } from '@rentdrive/contracts/rentals';
import { RentalPaths } from '@rentdrive/contracts/paths';

/** GET /api/rental/vehicle/{id}: the owner's view of a vehicle's bookings. */
export function getVehicleBookings(vehicleId: string, signal?: AbortSignal): Promise<VehicleBooking[]> {
  return apiFetch<VehicleBooking[]>(RentalPaths.vehicleBookings(vehicleId), { signal });
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
