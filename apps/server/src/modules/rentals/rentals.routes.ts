import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BookedDatesResponseSchema,
  MyRentalsResponseSchema,
  RentalActionResponseSchema,
  RentRequestSchema,
  RentResponseSchema,
  VehicleBookingsResponseSchema,
} from '@rentdrive/contracts/rentals';
import { requireUser } from '../../plugins/session';

// Anonymous callers get 401 before their body is validated.
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify waits for a hook without `done` only when it returns a promise; async turns the throw into a rejection.
const requireSignedIn = async (request: FastifyRequest) => {
  requireUser(request);
};
import { parseIdempotencyKey } from '../../lib/idempotency-key';
import type { RentalsService } from './rentals.service';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { RentalPaths, TestHookPaths } from '@rentdrive/contracts/paths';

const VehicleParams = z.object({ vehicleId: z.string() });
const IdParams = z.object({ id: z.string() });

/** Thin routes: who is calling, one service call. The paths are the existing client's (packages/contracts/src/paths.ts). */
export function registerRentalsRoutes(app: FastifyInstance, rentals: RentalsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    RentalPaths.myRentals,
    { config: { access: 'user' }, schema: { tags: ['rentals'], response: { 200: MyRentalsResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      return rentals.myRentals(user.id);
    },
  );

  api.get(
    RentalPaths.vehicleBookings.pattern,
    {
      config: { access: 'owner-or-employee' },
      schema: { tags: ['rentals'], params: IdParams, response: { 200: VehicleBookingsResponseSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      return rentals.vehicleBookings(user, request.params.id);
    },
  );

  api.get(
    RentalPaths.bookedDates.pattern,
    { config: { access: 'public' }, schema: { tags: ['rentals'], params: VehicleParams, response: { 200: BookedDatesResponseSchema } } },
    async (request) => rentals.bookedDates(request.params.vehicleId),
  );

  api.post(
    RentalPaths.rent.pattern,
    {
      config: { access: 'user' },
      onRequest: requireSignedIn,
      schema: { tags: ['rentals'], params: VehicleParams, body: RentRequestSchema, response: { 200: RentResponseSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      return rentals.rent(user.id, request.params.vehicleId, request.body.bookedDates, key);
    },
  );

  // Body-less POSTs: the existing client sends `Content-Type: application/json` with an empty body.
  api.post(
    RentalPaths.confirm.pattern,
    { config: { access: 'owner' }, schema: { tags: ['rentals'], params: IdParams, response: { 200: RentalActionResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      return rentals.confirm(user.id, request.params.id);
    },
  );

  api.post(
    RentalPaths.cancel.pattern,
    { config: { access: 'owner' }, schema: { tags: ['rentals'], params: IdParams, response: { 200: RentalActionResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      return rentals.cancel(user.id, request.params.id);
    },
  );
}

/** E2E-only hooks (config.e2eTestHooks): never registered otherwise. */
export function registerRentalTestHooks(app: FastifyInstance, rentals: RentalsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    TestHookPaths.shiftRentalPastEnd.pattern,
    { config: { access: 'owner' }, schema: { tags: ['test'], params: IdParams } },
    async (request) => {
      const user = requireUser(request);
      return rentals.shiftPastEnd(user.id, request.params.id);
    },
  );
  api.post(TestHookPaths.autoCompleteRentals, { config: { access: 'public' }, schema: { tags: ['test'] } }, async () => ({
    completed: await rentals.completeDueRentals(),
  }));
}
