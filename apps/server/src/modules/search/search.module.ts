import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { VehicleIndex } from './index/vehicle-index';
import { createSearchCache } from './search-cache';
import { registerSearchRoutes } from './search.routes';
import { createSearchService, toCard } from './search.service';
import { createSearchFeed } from './sync/search-feed';
import { createSearchSync } from './sync/search-sync';

/**
 * Finding a vehicle: cards, filters, facets and the text search (issue 4). Everything is answered
 * from an in-process index of every live vehicle that the change feed keeps current (ADR 007); its
 * first load starts here, and searches wait for it.
 */
export async function registerSearchModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const index = new VehicleIndex((card) => JSON.stringify(toCard(card)));
  const feed = createSearchFeed(deps.database);
  const sync = createSearchSync({
    feed,
    sink: index,
    clock: deps.clock,
    onError: (error, during) => app.log.error({ err: error }, `search index: ${during} failed`),
  });
  app.addHook('onClose', () => sync.close());
  (deps.services.readiness ??= []).push({ name: 'search index', isReady: () => sync.isLoaded });
  const cache = createSearchCache({ maxEntries: 500, ttlMs: 60_000 });
  registerSearchRoutes(app, createSearchService({ index, sync, feed, clock: deps.clock, cache }));
}
