import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { ReadinessCheck } from '../../lib/readiness';
import { VehicleIndex } from './index/vehicle-index';
import { createSearchCache } from './search-cache';
import { toCard } from './search-wire';
import { createSearchService, type SearchService } from './search.service';
import { createSearchFeed } from './sync/search-feed';
import { createSearchSync } from './sync/search-sync';

export interface SearchDeps {
  database: Database;
  clock: Clock;
  /** Where a failed load or poll of the change feed is reported (the app's logger). */
  onError: (error: unknown, during: string) => void;
}

export interface Search {
  service: SearchService;
  /** /api/ready waits for the index's first load. */
  readiness: ReadinessCheck;
  /** Stops following the change feed. */
  close(): Promise<void>;
  /** Vehicles in the index, its version, and whether the change notifications are trusted (the metrics). */
  stats(): { vehicles: number; version: number; listening: boolean; lastPollAtMs: number };
}

/**
 * Finding a vehicle: cards, filters, facets and the text search. Everything is answered from an
 * in-process index of every live vehicle that the change feed keeps current (ADR 007); its first
 * load starts here, and searches wait for it.
 */
export function createSearch({ database, clock, onError }: SearchDeps): Search {
  const index = new VehicleIndex((card) => JSON.stringify(toCard(card)));
  const feed = createSearchFeed(database);
  const sync = createSearchSync({
    feed,
    sink: index,
    clock,
    onError,
    // Committed changes are announced (migration 0012): searches need no poll of their own.
    notifications: {
      start: ({ onChange, onState }) => database.listen('search_changes', { onNotify: onChange, onState }),
    },
  });
  const cache = createSearchCache({ maxEntries: 500, ttlMs: 60_000 });
  return {
    service: createSearchService({ index, sync, feed, clock, cache }),
    readiness: { name: 'search index', isReady: () => sync.isLoaded },
    close: () => sync.close(),
    stats: () => ({ vehicles: index.size, version: sync.version, listening: sync.isListening, lastPollAtMs: sync.lastPollAtMs }),
  };
}
