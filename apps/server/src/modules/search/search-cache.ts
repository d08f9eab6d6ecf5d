/**
 * Answers of the read endpoints, kept while the index version (ADR 007: it grows whenever the change
 * feed applies a write) is unchanged. Popular listing pages are asked again and again; a repeat then
 * costs the feed poll every answer makes and no computation. The TTL only bounds how long an answer
 * nobody asks for stays in memory.
 */
export interface SearchCache {
  get<T>(key: string, version: string | number): T | undefined;
  set(key: string, version: string | number, value: unknown): void;
}

export function createSearchCache(options: { maxEntries: number; ttlMs: number; nowMs?: () => number }): SearchCache {
  const nowMs = options.nowMs ?? Date.now;
  // A Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const entries = new Map<string, { version: string | number; storedAtMs: number; value: unknown }>();
  return {
    get<T>(key: string, version: string | number): T | undefined {
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

/** A cache that never holds anything (a service built without one computes every answer). */
export const noSearchCache: SearchCache = { get: () => undefined, set: () => undefined };
