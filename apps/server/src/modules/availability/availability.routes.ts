import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BlockedDaysRequestSchema, BlockedDaysResponseSchema } from '@rentdrive/contracts/availability';
import { VehiclePaths } from '@rentdrive/contracts/paths';
import { requireUser } from '../../plugins/session';
import { type ZodTypeProvider } from '../../plugins/zod-schemas';
import type { AvailabilityService } from './availability.service';

// Anonymous callers get 401 before their body is validated.
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify waits for a hook without `done` only when it returns a promise; async turns the throw into a rejection.
const requireSignedIn = async (request: FastifyRequest) => {
  requireUser(request);
};

const VehicleParams = z.object({ vehicleId: z.string() });

/** An owner's (or, for company vehicles, an employee's) blocked days. */
export function registerAvailabilityRoutes(app: FastifyInstance, availability: AvailabilityService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    VehiclePaths.blockedDays.pattern,
    {
      onRequest: requireSignedIn,
      config: { access: 'owner' },
      schema: { tags: ['vehicles'], params: VehicleParams, response: { 200: BlockedDaysResponseSchema } },
    },
    async (request) => availability.blockedDays(requireUser(request), request.params.vehicleId),
  );

  api.put(
    VehiclePaths.blockedDays.pattern,
    {
      onRequest: requireSignedIn,
      config: { access: 'owner' },
      schema: { tags: ['vehicles'], params: VehicleParams, body: BlockedDaysRequestSchema, response: { 200: BlockedDaysResponseSchema } },
    },
    async (request) => availability.replaceBlockedDays(requireUser(request), request.params.vehicleId, request.body.days),
  );
}
