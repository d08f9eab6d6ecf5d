import type { FastifyInstance } from 'fastify';
import { RentalTestHooks } from '@rentdrive/contracts/rentals';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { requireUser } from '../../plugins/session';
import type { ReviewsService } from '../reviews/reviews.service';
import type { RentalsService } from './rentals.service';

/**
 * The end-to-end suite's time travel: never registered by the server itself. The e2e entry point
 * (apps/server/test/e2e-server.ts, started by scripts/e2e-server.mjs) adds them through buildApp's `extraRoutes`.
 */
export function registerRentalTestHooks(app: FastifyInstance, rentals: RentalsService, reviews?: Pick<ReviewsService, 'publishDue'>): void {
  const { route } = endpointRoutes(app, { tags: ['test'] });
  route(RentalTestHooks.shiftRentalPastEnd, { access: 'owner' }, async (request) =>
    rentals.shiftPastEnd(requireUser(request).id, request.params.id),
  );
  // The scheduled job's whole run: auto-complete, then the booking rules' expiries, owner payouts and deposit releases,
  // then the reviews due for publication (issue 27).
  route(RentalTestHooks.autoCompleteRentals, { access: 'public' }, async () => {
    const completed = await rentals.completeDueRentals();
    await rentals.runBookingRuleJobs();
    await reviews?.publishDue();
    return { completed };
  });
}
