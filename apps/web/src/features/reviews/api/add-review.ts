import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddReviewRequest, ReviewResponse } from '@rentdrive/contracts/reviews';
import { Reviews } from '@rentdrive/contracts/reviews';
import { callApi } from '../../../lib/api-client';
import { SEARCH_QUERY_PREFIX } from '../../../lib/listing-queries';
import { MY_RENTER_REVIEWS_KEY } from './my-renter-reviews';

/** POST /api/vehiclereview/add: one review per completed rental, by its renter. */
export function addReview(body: AddReviewRequest): Promise<ReviewResponse> {
  return callApi(Reviews.add, { body });
}

/**
 * Features don't import each other, so the caches a review changes are named by prefix: the
 * rentals list (hasReviewedVehicle), vehicle data and listing cards (stars and review counts); and
 * the renter's own ratings by owners, which the review may publish (double-blind, issue 27).
 */
const AFFECTED_QUERY_PREFIXES = [['rentals'], ['vehicles'], ['vehicle'], SEARCH_QUERY_PREFIX, MY_RENTER_REVIEWS_KEY] as const;

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSuccess: () => Promise.all(AFFECTED_QUERY_PREFIXES.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}
