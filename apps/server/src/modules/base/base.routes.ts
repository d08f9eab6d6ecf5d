import type { FastifyInstance } from 'fastify';
import { Base } from '@rentdrive/contracts/base';
import { enumItems, FUEL_TYPES, UNITS, VALUE_TYPES } from '@rentdrive/contracts/enums';
import { endpointRoutes } from '../../plugins/endpoint-routes';

/** The fixed enumerations as [{id, name}]; they never change while the server runs, so browsers may cache them for an hour. */
export function registerBaseRoutes(app: FastifyInstance): void {
  const { route } = endpointRoutes(app, { tags: ['base'] });
  const lists = [
    [Base.fuelTypes, enumItems(FUEL_TYPES)],
    [Base.valueTypes, enumItems(VALUE_TYPES)],
    [Base.units, enumItems(UNITS)],
  ] as const;
  for (const [endpoint, items] of lists) {
    route(endpoint, { access: 'public' }, (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return items;
    });
  }
}
