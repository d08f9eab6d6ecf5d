import { describe, expect, it } from 'vitest';
import { createSearchCache } from './search-cache';

describe('search cache', () => {
  it('answers a value only while the data version is unchanged', () => {
    const cache = createSearchCache({ maxEntries: 10, ttlMs: 1000, nowMs: () => 0 });
    cache.set('a', '1', 42);
    expect(cache.get('a', '1')).toBe(42);
    expect(cache.get('a', '2')).toBeUndefined();
    expect(cache.get('a', '1')).toBeUndefined();
  });

  it('forgets values older than the TTL and the least recently used beyond the limit', () => {
    let now = 0;
    const cache = createSearchCache({ maxEntries: 2, ttlMs: 1000, nowMs: () => now });
    cache.set('a', 'v', 1);
    cache.set('b', 'v', 2);
    expect(cache.get('a', 'v')).toBe(1); // a is now the most recent
    cache.set('c', 'v', 3);
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('a', 'v')).toBe(1);
    now = 1001;
    expect(cache.get('c', 'v')).toBeUndefined();
  });
});
