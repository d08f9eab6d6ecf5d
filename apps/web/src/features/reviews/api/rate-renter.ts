import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OwnerBookings, type RenterReviewRequest } from '@rentdrive/contracts/owner-bookings';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/rental/renter-review/{id} (issue 27): the vehicle's owner rates the renter of a completed
 * rental. The owner's booking history (the rentals feature's ['rentals', ...] queries) and the
 * vehicle's page (a review published by it) change: named by prefix, as features don't import each other.
 */
export function useRateRenter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rentalId, ...body }: RenterReviewRequest & { rentalId: string }) =>
      callApi(OwnerBookings.rateRenter, { params: { id: rentalId }, body }),
    onSuccess: () => Promise.all([['rentals'], ['vehicle'], ['vehicles']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
