import type { FastifyInstance } from 'fastify';
import { Favourites } from '@rentdrive/contracts/favourites';
import { Moderation } from '@rentdrive/contracts/moderation';
import { RentalPaths, VehiclePaths } from '@rentdrive/contracts/paths';
import { VehicleMessages } from '@rentdrive/contracts/vehicles';
import { AppError } from '../../lib/app-error';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { requireUser } from '../../plugins/session';
import type { ModerationService } from './moderation.service';

/**
 * The public routes that name one vehicle by its path: a hidden listing is 'not found' there for
 * everyone but its owner and employees (the search index and the sitemap leave it out themselves).
 */
const VEHICLE_ROUTES: { method: string; url: string; param: string }[] = [
  { method: 'GET', url: VehiclePaths.detail.pattern, param: 'id' },
  { method: 'HEAD', url: VehiclePaths.detail.pattern, param: 'id' },
  { method: 'GET', url: RentalPaths.bookedDates.pattern, param: 'vehicleId' },
  { method: 'POST', url: RentalPaths.rent.pattern, param: 'vehicleId' },
  { method: 'PUT', url: Favourites.save.pattern, param: 'vehicleId' },
];

export function registerModerationRoutes(app: FastifyInstance, moderation: ModerationService): void {
  const { route } = endpointRoutes(app, { tags: ['moderation'] });
  route(Moderation.report, { access: 'user' }, (request) => moderation.report(requireUser(request), request.body));
  route(Moderation.reports, { access: 'employee' }, () => moderation.queue());
  route(Moderation.decide, { access: 'employee' }, (request) =>
    moderation.decide(requireUser(request), request.params.id, request.body, request.ip),
  );
  route(Moderation.users, { access: 'employee' }, (request) => moderation.searchUsers(request.query.q));
  route(Moderation.user, { access: 'employee' }, (request) => moderation.user(request.params.id));
  route(Moderation.myDecisions, { access: 'user' }, (request) => moderation.myDecisions(requireUser(request).id));
  route(Moderation.complain, { access: 'owner' }, (request) => moderation.complain(requireUser(request), request.params.id, request.body));

  const guarded = new Map(VEHICLE_ROUTES.map((r) => [`${r.method} ${r.url.toLowerCase()}`, r.param]));
  app.addHook('preHandler', async (request) => {
    const param = guarded.get(`${request.method} ${(request.routeOptions.url ?? '').toLowerCase()}`);
    if (!param) return;
    const vehicleId = (request.params as Record<string, string | undefined>)[param];
    if (!vehicleId) return;
    const ownerId = await moderation.hiddenVehicleOwner(vehicleId);
    if (ownerId === undefined) return;
    const user = request.user;
    if (user && (user.id === ownerId || user.isCompanyEmployee)) return;
    throw AppError.notFound(VehicleMessages.notFound);
  });
}
