/** Every catalogue query key starts with this, so one invalidation refreshes types, categories and properties. */
export const CATALOGUE_QUERY_KEY = ['catalogue'] as const;
