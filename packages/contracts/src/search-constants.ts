/**
 * Search limits and choices without zod, so the home page's bundle can use them without loading the
 * schemas (the home page's first load is kept small). packages/contracts/src/search.ts re-exports them.
 */
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_PAGE_SIZE_MAX = 100;
export const SEARCH_PAGE_SIZE_DEFAULT = 24;
export const RECENT_VEHICLES_DEFAULT = 8;
/** The spec's 250 ms text-search debounce; filter changes use the same delay. */
export const SEARCH_DEBOUNCE_MS = 250;

export const VEHICLE_SORTS = ['relevance', 'price-asc', 'price-desc', 'year-desc', 'rating-desc', 'newest'] as const;
export type VehicleSort = (typeof VEHICLE_SORTS)[number];

/**
 * The search body's sorts: VEHICLE_SORTS plus 'distance' (issue 26: from `near`, else the map bounds'
 * centre; without a place it sorts as 'relevance').
 */
export const SEARCH_SORTS = [...VEHICLE_SORTS, 'distance'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
