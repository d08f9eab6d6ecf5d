import type { FastifyInstance } from 'fastify';
import { Availability } from '@rentdrive/contracts/availability';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { requireUser } from '../../plugins/session';
import type { AvailabilityService } from './availability.service';

/** An owner's (or, for company vehicles, an employee's) blocked days. */
export function registerAvailabilityRoutes(app: FastifyInstance, availability: AvailabilityService): void {
  const { route } = endpointRoutes(app, { tags: ['vehicles'] });
  route(Availability.blockedDays, { access: 'owner' }, async (request) =>
    availability.blockedDays(requireUser(request), request.params.vehicleId),
  );
  route(Availability.replaceBlockedDays, { access: 'owner' }, async (request) =>
    availability.replaceBlockedDays(requireUser(request), request.params.vehicleId, request.body.days),
  );
}
