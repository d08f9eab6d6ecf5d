import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchBody } from '@rentdrive/contracts/search';
import { callApi } from '../../../lib/api-client';
import { SEARCH_QUERY_PREFIX } from '../../../lib/listing-queries';
import { SearchEndpoints } from './search-endpoints';

export function searchVehiclesQueryOptions(body: SearchBody) {
  return queryOptions({
    queryKey: [...SEARCH_QUERY_PREFIX, 'results', body],
    queryFn: ({ signal }) => callApi(SearchEndpoints.search, { body, signal }),
    // The previous page stays on screen while the next one loads (no flash of an empty grid).
    placeholderData: keepPreviousData,
    // A choice's results are fetched before its URL changes (listing-screen.tsx): the listing that
    // then shows them takes them as they are, whatever the client's default (the app's is the same).
    staleTime: 30_000,
  });
}

export function useSearchVehicles(body: SearchBody) {
  return useQuery(searchVehiclesQueryOptions(body));
}

/** Slider bounds of a type/category. */
export function baseFilterPropertiesQueryOptions(type: string | undefined, category: string | undefined) {
  return queryOptions({
    queryKey: [...SEARCH_QUERY_PREFIX, 'base-filter-properties', type ?? null, category ?? null],
    queryFn: ({ signal }) =>
      callApi(SearchEndpoints.baseFilterProperties, {
        query: { vehicleTypeId: type || undefined, vehicleTypeCategoryId: category || undefined },
        signal,
      }),
  });
}
