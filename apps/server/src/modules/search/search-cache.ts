/**
 * Answers of the read endpoints, kept while the data version (a sequence every write to vehicles,
 * images, property values, booked days or the catalogue advances; migration 0006) is unchanged. Facet
 * counts cost a pass over every matching row, and popular listing pages are asked again and again,
 * so a repeat costs one tiny query instead. The TTL bounds the one race a pre-commit version bump
 * leaves open (a reader can see the new version before the write is visible).
 */
export interface SearchCache {
  get<T>(key: string, version: string): T | undefined;
  set(key: string, version: string, value: unknown): void;
}

export function createSearchCache(options: { maxEntries: number; ttlMs: number; nowMs?: () => number }): SearchCache {
  const nowMs = options.nowMs ?? Date.now;
  // A Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const entries = new Map<string, { version: string; storedAtMs: number; value: unknown }>();
  return {
    get<T>(key: string, version: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version !== version || nowMs() - entry.storedAtMs > options.ttlMs) {
        entries.delete(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry.value as T;
    },
    set(key, version, value) {
      entries.delete(key);
      entries.set(key, { version, storedAtMs: nowMs(), value });
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
  };
}

/** A cache that never holds anything (SEARCH_CACHE off, or a benchmark of the raw queries). */
export const noSearchCache: SearchCache = { get: () => undefined, set: () => undefined };
