import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OwnerBookings } from '@rentdrive/contracts/owner-bookings';
import { callApi } from '../../../lib/api-client';
import { WALLET_QUERY_KEY } from '../../../lib/wallet-queries';
import { rentalKeys } from './rental-keys';

/** Issue 27: the owner's side of a booking (cancel, rate the renter) and the vehicle page's booking terms. */

/** GET /api/rental/booking-terms/{vehicleId}: public; the vehicle page's server render prefetches it. */
export function bookingTermsQueryOptions(vehicleId: string) {
  return queryOptions({
    queryKey: ['booking-terms', vehicleId] as const,
    queryFn: ({ signal }) => callApi(OwnerBookings.bookingTerms, { params: { vehicleId }, signal }),
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
    mutationFn: (rentalId: string) => callApi(OwnerBookings.cancel, { params: { id: rentalId } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rentalKeys.vehicleBookings(vehicleId) }),
        queryClient.invalidateQueries({ queryKey: rentalKeys.bookedDays(vehicleId) }),
        queryClient.invalidateQueries({ queryKey: ['booking-terms'] }),
        queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
      ]),
  });
}
