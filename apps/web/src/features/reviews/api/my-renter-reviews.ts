import { queryOptions, useQuery } from '@tanstack/react-query';
import { OwnerBookings } from '@rentdrive/contracts/owner-bookings';
import { callApi } from '../../../lib/api-client';

/** Every key of the renter's ratings starts with this: a review that publishes them refreshes it. */
export const MY_RENTER_REVIEWS_KEY = ['renter-reviews'] as const;

/** GET /api/rental/renter-reviews/mine (issue 27): owners' published ratings of the signed-in renter. */
export const myRenterReviewsQueryOptions = queryOptions({
  queryKey: [...MY_RENTER_REVIEWS_KEY, 'mine'],
  queryFn: ({ signal }) => callApi(OwnerBookings.myRenterReviews, { signal }),
  staleTime: 30_000,
});

export function useMyRenterReviews() {
  return useQuery(myRenterReviewsQueryOptions);
}
