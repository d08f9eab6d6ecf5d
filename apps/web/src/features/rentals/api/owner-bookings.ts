import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnerBookings } from '@rentdrive/contracts/owner-bookings';
import { BookingRulePaths } from '@rentdrive/contracts/paths/booking-rules';
import { callApi, lazyEndpointFrom } from '../../../lib/api-client';
import { WALLET_QUERY_KEY } from '../../../lib/wallet-queries';
import { rentalKeys } from './rental-keys';

/** Issue 27: the owner's side of a booking (cancel, rate the renter) and the vehicle page's booking terms. */

// Their schemas (and zod) load with the first call: the vehicle page's booking terms come with the
// page's data, so a visitor's page loads none of it (it cost ~120 ms of evaluation on a phone).
const contract = () => import('@rentdrive/contracts/owner-bookings').then((m) => m.OwnerBookings);
const bookingTerms = lazyEndpointFrom<typeof OwnerBookings.bookingTerms>('GET', BookingRulePaths.bookingTerms, () =>
  contract().then((c) => c.bookingTerms),
);
const ownerCancel = lazyEndpointFrom<typeof OwnerBookings.cancel>('POST', BookingRulePaths.ownerCancel, () =>
  contract().then((c) => c.cancel),
);

/** GET /api/rental/booking-terms/{vehicleId}: public; the vehicle page's server render prefetches it. */
export function bookingTermsQueryOptions(vehicleId: string) {
  return queryOptions({
    queryKey: ['booking-terms', vehicleId] as const,
    queryFn: ({ signal }) => callApi(bookingTerms, { params: { vehicleId }, signal }),
    staleTime: 60_000,
  });
}

export function useBookingTerms(vehicleId: string) {
  return useQuery(bookingTermsQueryOptions(vehicleId));
}

/** POST /api/rental/owner-cancel/{id}: the renter gets everything back; the days are free again. */
export function useOwnerCancel(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rentalId: string) => callApi(ownerCancel, { params: { id: rentalId } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rentalKeys.vehicleBookings(vehicleId) }),
        queryClient.invalidateQueries({ queryKey: rentalKeys.bookedDays(vehicleId) }),
        queryClient.invalidateQueries({ queryKey: ['booking-terms'] }),
        queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
      ]),
  });
}
