import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Favourites } from '@rentdrive/contracts/favourites';
import { requestLocale } from '../../lib/i18n';
import { varyByLanguage } from '../../lib/vary';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { requireUser } from '../../plugins/session';
import type { FavouritesService } from './favourites.service';

export function registerFavouritesRoutes(app: FastifyInstance, favourites: FavouritesService): void {
  const { route } = endpointRoutes(app, { tags: ['favourites'] });
  // The cards name types and categories in the request's language, as the search's cards do (issue 24).
  const locale = (request: FastifyRequest, reply: FastifyReply) => {
    varyByLanguage(reply);
    return requestLocale(request);
  };
  route(Favourites.list, { access: 'user' }, async (request, reply) => favourites.list(requireUser(request).id, locale(request, reply)));
  route(Favourites.save, { access: 'user' }, async (request) => favourites.save(requireUser(request).id, request.params.vehicleId));
  route(Favourites.remove, { access: 'user' }, async (request) => favourites.remove(requireUser(request).id, request.params.vehicleId));
  route(Favourites.cards, { access: 'public' }, async (request, reply) => favourites.cards(request.query.ids, locale(request, reply)));
}
