import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { VehicleIndex } from './index/vehicle-index';
import { createSearchCache } from './search-cache';
import { createSearchRepository } from './search.repository';
import { registerSearchRoutes } from './search.routes';
import { createSearchService } from './search.service';
import { createSearchFeed } from './sync/search-feed';
import { createSearchSync } from './sync/search-sync';

/**
 * Finding a vehicle: cards, filters, facets and the text search (issue 4). Facets, totals and the
 * order of pages come from an in-process index of every live vehicle that the change feed keeps
 * current (ADR 007); its first load starts here, and searches wait for it.
 */
export async function registerSearchModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const index = new VehicleIndex();
  const feed = createSearchFeed(db);
  const sync = createSearchSync({
    feed,
    sink: index,
    clock: deps.clock,
    onError: (error, during) => app.log.error({ err: error }, `search index: ${during} failed`),
  });
  app.addHook('onClose', () => sync.close());
  const cache = createSearchCache({ maxEntries: 500, ttlMs: 60_000 });
  const service = createSearchService({ index, sync, feed, repository: createSearchRepository(db), clock: deps.clock, cache });
  registerSearchRoutes(app, service);
}
