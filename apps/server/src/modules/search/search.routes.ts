import type { FastifyInstance } from 'fastify';
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
const tags = ['search'];

/** Thin routes: validate, call the service. All public reads (SPEC 6: visitors browse and filter). */
export function registerSearchRoutes(app: FastifyInstance, service: SearchService): void {
  app.get(SearchPaths.all, { schema: { tags, response: { 200: Cards } } }, () => service.all());

  app.get<{ Querystring: z.infer<typeof RecentQuerySchema> }>(
    SearchPaths.recent,
    { schema: { tags, querystring: RecentQuerySchema, response: { 200: Cards } } },
    (request) => service.recent(request.query.count),
  );

  app.get(SearchPaths.activeListings, { schema: { tags, response: { 200: z.number().int() } } }, () => service.activeListings());

  app.post<{ Body: FilterBody | null | undefined }>(
    SearchPaths.filter,
    { schema: { tags, body: FilterBodySchema.nullish(), response: { 200: z.array(z.string()) } } },
    (request) => service.filterIds(request.body ?? {}),
  );

  app.get<{ Querystring: z.infer<typeof SearchVehiclesQuerySchema> }>(
    SearchPaths.searchVehicles,
    { schema: { tags, querystring: SearchVehiclesQuerySchema, response: { 200: Cards } } },
    (request) => service.textSearch(request.query.searchQuery),
  );

  app.post<{ Body: SearchBody | null | undefined }>(
    SearchPaths.search,
    { schema: { tags, body: SearchBodySchema.nullish(), response: { 200: SearchResultSchema } } },
    (request) => service.search(request.body ?? {}),
  );

  app.get<{ Querystring: z.infer<typeof BaseFilterQuerySchema> }>(
    SearchPaths.baseFilterProperties,
    { schema: { tags, querystring: BaseFilterQuerySchema, response: { 200: BaseFilterPropertiesSchema } } },
    (request) => service.baseFilterProperties(request.query),
  );

  app.get<{ Params: { typeId: string } }>(
    '/api/vehicletypepropertyvalue/filter/:typeId',
    { schema: { tags, params: z.object({ typeId: z.string().max(100) }), response: { 200: PropertyValueFilterSchema } } },
    (request) => service.propertyValueFilter(request.params.typeId),
  );
}
