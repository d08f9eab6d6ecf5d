import type { FastifyInstance } from 'fastify';
import { enumItems, FUEL_TYPES, UNITS, VALUE_TYPES } from '@rentdrive/contracts/enums';
import { BasePaths } from '@rentdrive/contracts/paths';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';

const EnumListSchema = z.array(z.object({ id: z.number().int(), name: z.string() }));

/** The fixed enumerations as [{id, name}]; they never change while the server runs, so browsers may cache them for an hour. */
export function registerBaseRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const lists = [
    [BasePaths.fuelTypes, enumItems(FUEL_TYPES)],
    [BasePaths.valueTypes, enumItems(VALUE_TYPES)],
    [BasePaths.units, enumItems(UNITS)],
  ] as const;
  for (const [path, items] of lists) {
    api.get(
      path,
      { config: { access: 'public' }, schema: { tags: ['base'], response: { 200: EnumListSchema } } },
      async (_request, reply) => {
        reply.header('Cache-Control', 'public, max-age=3600');
        return items;
      },
    );
  }
}
