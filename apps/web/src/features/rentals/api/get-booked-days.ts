import { queryOptions, useQuery } from '@tanstack/react-query';
import { RentalPaths } from '@rentdrive/contracts/paths/rentals';
import type { Rentals } from '@rentdrive/contracts/rentals';
import type { IsoDay } from '@rentdrive/domain/dates';
import { callApi, lazyEndpointFrom } from '../../../lib/api-client';
import { rentalKeys } from './rental-keys';

// Its schema (and zod) loads with the first call: the vehicle page's calendar gets its days with the page.
const bookedDates = lazyEndpointFrom<typeof Rentals.bookedDates>('GET', RentalPaths.bookedDates, () =>
  import('@rentdrive/contracts/rentals').then((m) => m.Rentals.bookedDates),
);

/** GET /api/rental/{vehicleId}: the days renters cannot book (booked by Active rentals or blocked by the owner), sorted. */
export function getBookedDays(vehicleId: string, signal?: AbortSignal): Promise<IsoDay[]> {
  return callApi(bookedDates, { params: { vehicleId }, signal });
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
