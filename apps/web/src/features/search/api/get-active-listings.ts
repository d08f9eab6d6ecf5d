import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { SEARCH_QUERY_PREFIX } from '../../../lib/listing-queries';
import { SearchPaths } from '@rentdrive/contracts/paths';

export const activeListingsQueryOptions = queryOptions({
  queryKey: [...SEARCH_QUERY_PREFIX, 'active-listings'],
  queryFn: ({ signal }) => apiFetch<number>(SearchPaths.activeListings, { signal }),
});

export function useActiveListings() {
  return useQuery(activeListingsQueryOptions);
}
