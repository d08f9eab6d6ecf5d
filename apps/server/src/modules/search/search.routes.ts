import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BaseFilterPropertiesSchema,
  BaseFilterQuerySchema,
  FilterBodySchema,
  PropertyValueFilterSchema,
  RecentQuerySchema,
  SearchBodySchema,
  SearchResultSchema,
  SearchVehiclesQuerySchema,
  VehicleCardSchema,
} from '@rentdrive/contracts/search';
import type { SearchService } from './search.service';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { SearchPaths } from '@rentdrive/contracts/paths';
import { dataVersionOf } from './data-version';

const Cards = z.array(VehicleCardSchema);

/**
 * Cached answers are JSON text already; Fastify sends a string as is once the type is set. The
 * handler waits for the reply to finish: resolving to undefined while an asynchronous onSend hook
 * (compression) still runs makes Fastify send an empty body of its own.
 */
const sendJson =
  (reply: FastifyReply) =>
  async (json: string): Promise<void> => {
    await reply.type('application/json; charset=utf-8').send(json);
  };
const tags = ['search'];

/** Thin routes: validate, call the service. All public reads: visitors browse and filter without an account. */
export function registerSearchRoutes(app: FastifyInstance, service: SearchService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A client that just wrote brings its data version: the answer includes its write.
  const preHandler = (request: FastifyRequest) => service.catchUpTo(dataVersionOf(request));
  api.get(SearchPaths.all, { config: { access: 'public' }, preHandler, schema: { tags, response: { 200: Cards } } }, (_request, reply) =>
    service.all().then(sendJson(reply)),
  );

  api.get(
    SearchPaths.recent,
    { config: { access: 'public' }, preHandler, schema: { tags, querystring: RecentQuerySchema, response: { 200: Cards } } },
    (request, reply) => service.recent(request.query.count).then(sendJson(reply)),
  );

  api.get(
    SearchPaths.activeListings,
    { config: { access: 'public' }, preHandler, schema: { tags, response: { 200: z.number().int() } } },
    (_request, reply) => service.activeListings().then(sendJson(reply)),
  );

  api.post(
    SearchPaths.filter,
    {
      config: { access: 'public' },
      preHandler,
      schema: { tags, body: FilterBodySchema.nullish(), response: { 200: z.array(z.string()) } },
    },
    (request) => service.filterIds(request.body ?? {}),
  );

  api.get(
    SearchPaths.searchVehicles,
    { config: { access: 'public' }, preHandler, schema: { tags, querystring: SearchVehiclesQuerySchema, response: { 200: Cards } } },
    (request, reply) => service.textSearch(request.query.searchQuery).then(sendJson(reply)),
  );

  api.post(
    SearchPaths.search,
    { config: { access: 'public' }, preHandler, schema: { tags, body: SearchBodySchema.nullish(), response: { 200: SearchResultSchema } } },
    (request, reply) => service.search(request.body ?? {}).then(sendJson(reply)),
  );

  api.get(
    SearchPaths.baseFilterProperties,
    {
      config: { access: 'public' },
      preHandler,
      schema: { tags, querystring: BaseFilterQuerySchema, response: { 200: BaseFilterPropertiesSchema } },
    },
    (request, reply) => service.baseFilterProperties(request.query).then(sendJson(reply)),
  );

  api.get(
    SearchPaths.propertyValueFilter.pattern,
    {
      config: { access: 'public' },
      preHandler,
      schema: { tags, params: z.object({ typeId: z.string().max(100) }), response: { 200: PropertyValueFilterSchema } },
    },
    (request, reply) => service.propertyValueFilter(request.params.typeId).then(sendJson(reply)),
  );
}
