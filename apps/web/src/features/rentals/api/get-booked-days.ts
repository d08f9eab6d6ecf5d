import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IsoDay } from '@rentdrive/domain/dates';
import { apiFetch } from '../../../lib/api-client';
import { rentalKeys } from './rental-keys';
import { RentalPaths } from '@rentdrive/contracts/paths';

/** GET /api/rental/{vehicleId}: the days renters cannot book (booked by Active rentals or blocked by the owner), sorted. */
export function getBookedDays(vehicleId: string, signal?: AbortSignal): Promise<IsoDay[]> {
  return apiFetch<IsoDay[]>(RentalPaths.bookedDates(vehicleId), { signal });
}

export function bookedDaysQueryOptions(vehicleId: string) {
  return queryOptions({
    queryKey: rentalKeys.bookedDays(vehicleId),
    queryFn: ({ signal }) => getBookedDays(vehicleId, signal),
  });
}

export function useBookedDays(vehicleId: string) {
  return useQuery(bookedDaysQueryOptions(vehicleId));
}
