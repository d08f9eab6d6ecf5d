import type { FastifyInstance } from 'fastify';
import { OwnerBookings } from '@rentdrive/contracts/owner-bookings';
import { Reviews } from '@rentdrive/contracts/reviews';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { requireUser } from '../../plugins/session';
import type { ReviewsService } from './reviews.service';

export function registerReviewsRoutes(app: FastifyInstance, reviews: ReviewsService): void {
  const { route } = endpointRoutes(app, { tags: ['reviews'] });
  route(Reviews.add, { access: 'owner' }, async (request) => {
    const user = requireUser(request);
    return reviews.add(user.id, request.body);
  });
  // Issue 27: the vehicle's owner rates the renter (double-blind with the renter's review).
  route(OwnerBookings.rateRenter, { access: 'owner' }, async (request) =>
    reviews.rateRenter(requireUser(request), request.params.id, request.body),
  );
  // The renter reads the owners' published ratings of them (My Rentals, the profile overview).
  route(OwnerBookings.myRenterReviews, { access: 'user' }, async (request) => reviews.renterReviewsOf(requireUser(request).id));
}
