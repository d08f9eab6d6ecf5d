import type { FastifyInstance } from 'fastify';
import { BookingRules, RequestAnswers } from '@rentdrive/contracts/booking-rules';
import { OwnerBookings } from '@rentdrive/contracts/owner-bookings';
import { Rentals } from '@rentdrive/contracts/rentals';
import { parseIdempotencyKey } from '../../lib/idempotency-key';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { requireUser } from '../../plugins/session';
import type { RentalsService } from './rentals.service';

/** Thin routes: who is calling, one service call. The paths are the existing client's (packages/contracts/src/paths.ts). */
export function registerRentalsRoutes(app: FastifyInstance, rentals: RentalsService): void {
  const { route } = endpointRoutes(app, { tags: ['rentals'] });
  route(Rentals.myRentals, { access: 'user' }, async (request) => rentals.myRentals(requireUser(request).id));
  route(Rentals.vehicleBookings, { access: 'owner-or-employee' }, async (request) =>
    rentals.vehicleBookings(requireUser(request), request.params.id),
  );
  route(Rentals.bookedDates, { access: 'public' }, async (request) => rentals.bookedDates(request.params.vehicleId));
  route(Rentals.rent, { access: 'user' }, async (request) => {
    const user = requireUser(request);
    const key = parseIdempotencyKey(request.headers['idempotency-key']);
    return rentals.rent(user.id, request.params.vehicleId, request.body.bookedDates, key);
  });
  route(Rentals.confirm, { access: 'owner' }, async (request) => rentals.confirm(requireUser(request).id, request.params.id));
  route(Rentals.cancel, { access: 'owner' }, async (request) => rentals.cancel(requireUser(request).id, request.params.id));

  // Booking rules (issue 27).
  route(BookingRules.get, { access: 'owner' }, async (request) => rentals.bookingRules.get(requireUser(request), request.params.id));
  route(BookingRules.put, { access: 'owner' }, async (request) =>
    rentals.bookingRules.put(requireUser(request), request.params.id, request.body),
  );
  route(BookingRules.quote, { access: 'public' }, async (request) =>
    rentals.bookingRules.quote(request.params.vehicleId, request.body.bookedDates),
  );
  route(BookingRules.cancelPreview, { access: 'owner' }, async (request) =>
    rentals.cancelPreview(requireUser(request).id, request.params.id),
  );
  route(RequestAnswers.accept, { access: 'owner' }, async (request) => rentals.accept(requireUser(request), request.params.id));
  route(RequestAnswers.decline, { access: 'owner' }, async (request) => rentals.decline(requireUser(request), request.params.id));
  route(OwnerBookings.cancel, { access: 'owner' }, async (request) =>
    rentals.ownerBookings.cancel(requireUser(request), request.params.id),
  );
  route(OwnerBookings.bookingTerms, { access: 'public' }, async (request) => rentals.ownerBookings.bookingTerms(request.params.vehicleId));
}
