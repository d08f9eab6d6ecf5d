import { queryOptions, useQuery } from '@tanstack/react-query';
import { Rentals } from '@rentdrive/contracts/rentals';
import type { IsoDay } from '@rentdrive/domain/dates';
import { callApi } from '../../../lib/api-client';
import { rentalKeys } from './rental-keys';

/** GET /api/rental/{vehicleId}: the days renters cannot book (booked by Active rentals or blocked by the owner), sorted. */
export function getBookedDays(vehicleId: string, signal?: AbortSignal): Promise<IsoDay[]> {
  return callApi(Rentals.bookedDates, { params: { vehicleId }, signal });
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
