import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { createSearchCache } from './search-cache';
import { createSearchRepository } from './search.repository';
import { registerSearchRoutes } from './search.routes';
import { createSearchService } from './search.service';

/** Finding a vehicle: cards, filters, facets and the text search (issue 4). */
export async function registerSearchModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const repository = createSearchRepository(deps.database.db);
  const cache = createSearchCache({ maxEntries: 500, ttlMs: 30_000 });
  const service = createSearchService({ repository, clock: deps.clock, cache });
  registerSearchRoutes(app, service);
}
