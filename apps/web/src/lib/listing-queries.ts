/**
 * Every query of the search feature (results, recent, counters, filter bounds) starts with this key.
 * Features don't import each other, so a change that shows in listings (a vehicle listed, edited or
 * deleted, a booking, a review) refreshes them by this prefix; otherwise the listing would show the
 * old answer for as long as it stays fresh in the cache.
 */
export const SEARCH_QUERY_PREFIX = ['search'] as const;
