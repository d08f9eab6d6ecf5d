import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { SEARCH_QUERY_PREFIX } from '../../../lib/listing-queries';
import { SearchEndpoints } from './search-endpoints';

export const activeListingsQueryOptions = queryOptions({
  queryKey: [...SEARCH_QUERY_PREFIX, 'active-listings'],
  queryFn: ({ signal }) => callApi(SearchEndpoints.activeListings, { signal }),
});

export function useActiveListings() {
  return useQuery(activeListingsQueryOptions);
}
