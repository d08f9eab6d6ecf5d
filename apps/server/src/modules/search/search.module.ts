import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { createSearchRepository } from './search.repository';
import { registerSearchRoutes } from './search.routes';
import { createSearchService } from './search.service';

/** Finding a vehicle: cards, filters, facets and the text search (issue 4). */
export async function registerSearchModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const repository = createSearchRepository(deps.database.db);
  const service = createSearchService({ repository, clock: deps.clock });
  registerSearchRoutes(app, service);
}
