import { queryOptions, useQuery } from '@tanstack/react-query';
import { SearchPaths } from '@rentdrive/contracts/search-paths';
import { apiFetch } from '../../../lib/api-client';

export const activeListingsQueryOptions = queryOptions({
  queryKey: ['search', 'active-listings'],
  queryFn: ({ signal }) => apiFetch<number>(SearchPaths.activeListings, { signal }),
});

export function useActiveListings() {
  return useQuery(activeListingsQueryOptions);
}
