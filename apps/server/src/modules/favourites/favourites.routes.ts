import type { FastifyInstance } from 'fastify';
import { Favourites } from '@rentdrive/contracts/favourites';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { requireUser } from '../../plugins/session';
import type { FavouritesService } from './favourites.service';

export function registerFavouritesRoutes(app: FastifyInstance, favourites: FavouritesService): void {
  const { route } = endpointRoutes(app, { tags: ['favourites'] });
  route(Favourites.list, { access: 'user' }, async (request) => favourites.list(requireUser(request).id));
  route(Favourites.save, { access: 'user' }, async (request) => favourites.save(requireUser(request).id, request.params.vehicleId));
  route(Favourites.remove, { access: 'user' }, async (request) => favourites.remove(requireUser(request).id, request.params.vehicleId));
  route(Favourites.cards, { access: 'public' }, async (request) => favourites.cards(request.query.ids));
}
