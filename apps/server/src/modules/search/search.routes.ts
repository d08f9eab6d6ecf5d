import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  BaseFilterPropertiesSchema,
  BaseFilterQuerySchema,
  FilterBodySchema,
  PropertyValueFilterSchema,
  RecentQuerySchema,
  SearchBodySchema,
  SearchPaths,
  SearchResultSchema,
  SearchVehiclesQuerySchema,
  VehicleCardSchema,
  type FilterBody,
  type SearchBody,
} from '@rentdrive/contracts/search';
import type { SearchService } from './search.service';

const Cards = z.array(VehicleCardSchema);

/** Cached answers are JSON text already; Fastify sends a string as is once the type is set. */
const sendJson = (reply: FastifyReply) => (json: string) => reply.type('application/json; charset=utf-8').send(json);
const tags = ['search'];

/** Thin routes: validate, call the service. All public reads (SPEC 6: visitors browse and filter). */
export function registerSearchRoutes(app: FastifyInstance, service: SearchService): void {
  app.get(SearchPaths.all, { schema: { tags, response: { 200: Cards } } }, (_request, reply) => service.all().then(sendJson(reply)));

  app.get<{ Querystring: z.infer<typeof RecentQuerySchema> }>(
    SearchPaths.recent,
    { schema: { tags, querystring: RecentQuerySchema, response: { 200: Cards } } },
    (request, reply) => service.recent(request.query.count).then(sendJson(reply)),
  );

  app.get(SearchPaths.activeListings, { schema: { tags, response: { 200: z.number().int() } } }, (_request, reply) =>
    service.activeListings().then(sendJson(reply)),
  );

  app.post<{ Body: FilterBody | null | undefined }>(
    SearchPaths.filter,
    { schema: { tags, body: FilterBodySchema.nullish(), response: { 200: z.array(z.string()) } } },
    (request) => service.filterIds(request.body ?? {}),
  );

  app.get<{ Querystring: z.infer<typeof SearchVehiclesQuerySchema> }>(
    SearchPaths.searchVehicles,
    { schema: { tags, querystring: SearchVehiclesQuerySchema, response: { 200: Cards } } },
    (request, reply) => service.textSearch(request.query.searchQuery).then(sendJson(reply)),
  );

  app.post<{ Body: SearchBody | null | undefined }>(
    SearchPaths.search,
    { schema: { tags, body: SearchBodySchema.nullish(), response: { 200: SearchResultSchema } } },
    (request, reply) => service.search(request.body ?? {}).then(sendJson(reply)),
  );

  app.get<{ Querystring: z.infer<typeof BaseFilterQuerySchema> }>(
    SearchPaths.baseFilterProperties,
    { schema: { tags, querystring: BaseFilterQuerySchema, response: { 200: BaseFilterPropertiesSchema } } },
    (request, reply) => service.baseFilterProperties(request.query).then(sendJson(reply)),
  );

  app.get<{ Params: { typeId: string } }>(
    '/api/vehicletypepropertyvalue/filter/:typeId',
    { schema: { tags, params: z.object({ typeId: z.string().max(100) }), response: { 200: PropertyValueFilterSchema } } },
    (request, reply) => service.propertyValueFilter(request.params.typeId).then(sendJson(reply)),
  );
}
