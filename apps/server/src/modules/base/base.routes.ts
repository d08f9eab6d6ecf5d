import type { FastifyInstance } from 'fastify';
import { enumItems, FUEL_TYPES, UNITS, VALUE_TYPES } from '@rentdrive/contracts/enums';
import { z } from 'zod';
import { type ZodTypeProvider } from '../../plugins/zod-schemas';

const EnumListSchema = z.array(z.object({ id: z.number().int(), name: z.string() }));

/** The enumerations of API.md as [{id, name}]; fixed lists, so browsers may cache them for an hour. */
export function registerBaseRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const lists = { 'fuel-types': enumItems(FUEL_TYPES), 'value-types': enumItems(VALUE_TYPES), units: enumItems(UNITS) };
  for (const [path, items] of Object.entries(lists)) {
    api.get(`/api/base/${path}`, { schema: { tags: ['base'], response: { 200: EnumListSchema } } }, async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return items;
    });
  }
}
