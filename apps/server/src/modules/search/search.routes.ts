import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Search, type SearchBody } from '@rentdrive/contracts/search';
import { requestLocale } from '../../lib/i18n';
import { varyByLanguage } from '../../lib/vary';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { dataVersionOf } from './data-version';
import type { SearchService } from './search.service';

/**
 * Thin routes: validate, call the service. All public reads: visitors browse and filter without an
 * account. Most answers are cached JSON text, sent as is and typed by the endpoint's response.
 */
export function registerSearchRoutes(
  app: FastifyInstance,
  service: SearchService,
  /** Told of each search and its answer (the dashboards' search log counts them in memory, issue 30). */
  onSearch?: (body: SearchBody, json: string) => void,
): void {
  const { route, jsonText } = endpointRoutes(app, { tags: ['search'] });
  // A client that just wrote brings its data version: the answer includes its write.
  const preHandler = (request: FastifyRequest) => service.catchUpTo(dataVersionOf(request));
  const options = { access: 'public', preHandler } as const;
  // Cards and facets name types, categories and properties in the request's language (issue 24).
  const locale = (request: FastifyRequest, reply: FastifyReply) => {
    varyByLanguage(reply);
    return requestLocale(request) ?? 'en';
  };

  jsonText(Search.all, options, (request, reply) => service.all(locale(request, reply)));
  jsonText(Search.recent, options, (request, reply) => service.recent(request.query.count, locale(request, reply)));
  jsonText(Search.activeListings, options, () => service.activeListings());
  route(Search.filter, options, (request) => service.filterIds(request.body ?? {}));
  jsonText(Search.searchVehicles, options, (request, reply) => service.textSearch(request.query.searchQuery, locale(request, reply)));
  jsonText(Search.search, options, async (request, reply) => {
    const json = await service.search(request.body ?? {}, locale(request, reply));
    onSearch?.(request.body ?? {}, json);
    return json;
  });
  jsonText(Search.baseFilterProperties, options, (request) => service.baseFilterProperties(request.query));
  jsonText(Search.propertyValueFilter, options, (request, reply) =>
    service.propertyValueFilter(request.params.typeId, locale(request, reply)),
  );
}
