import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { SEARCH_QUERY_PREFIX } from '../../../lib/listing-queries';
import { SearchEndpoints } from './search-endpoints';

export const recentVehiclesQueryOptions = queryOptions({
  queryKey: [...SEARCH_QUERY_PREFIX, 'recent'],
  queryFn: ({ signal }) => callApi(SearchEndpoints.recent, { signal }),
});
