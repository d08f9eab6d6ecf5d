import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Search } from '@rentdrive/contracts/search';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { dataVersionOf } from './data-version';
import type { SearchService } from './search.service';

/**
 * Thin routes: validate, call the service. All public reads: visitors browse and filter without an
 * account. Most answers are cached JSON text, sent as is and typed by the endpoint's response.
 */
export function registerSearchRoutes(app: FastifyInstance, service: SearchService): void {
  const { route, jsonText } = endpointRoutes(app, { tags: ['search'] });
  // A client that just wrote brings its data version: the answer includes its write.
  const preHandler = (request: FastifyRequest) => service.catchUpTo(dataVersionOf(request));
  const options = { access: 'public', preHandler } as const;

  jsonText(Search.all, options, () => service.all());
  jsonText(Search.recent, options, (request) => service.recent(request.query.count));
  jsonText(Search.activeListings, options, () => service.activeListings());
  route(Search.filter, options, (request) => service.filterIds(request.body ?? {}));
  jsonText(Search.searchVehicles, options, (request) => service.textSearch(request.query.searchQuery));
  jsonText(Search.search, options, (request) => service.search(request.body ?? {}));
  jsonText(Search.baseFilterProperties, options, (request) => service.baseFilterProperties(request.query));
  jsonText(Search.propertyValueFilter, options, (request) => service.propertyValueFilter(request.params.typeId));
}
