import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BaseFilterProperties, SearchBody, SearchResult } from '@rentdrive/contracts/search';
import { apiFetch } from '../../../lib/api-client';
import { SEARCH_QUERY_PREFIX } from '../../../lib/listing-queries';
import { SearchPaths } from '@rentdrive/contracts/paths';

export function searchVehiclesQueryOptions(body: SearchBody) {
  return queryOptions({
    queryKey: [...SEARCH_QUERY_PREFIX, 'results', body],
    queryFn: ({ signal }) => apiFetch<SearchResult>(SearchPaths.search, { method: 'POST', json: body, signal }),
    // The previous page stays on screen while the next one loads (no flash of an empty grid).
    placeholderData: keepPreviousData,
  });
}

export function useSearchVehicles(body: SearchBody) {
  return useQuery(searchVehiclesQueryOptions(body));
}

/** Slider bounds of a type/category. */
export function baseFilterPropertiesQueryOptions(type: string | undefined, category: string | undefined) {
  const params = new URLSearchParams();
  if (type) params.set('vehicleTypeId', type);
  if (category) params.set('vehicleTypeCategoryId', category);
  const query = params.toString();
  return queryOptions({
    queryKey: [...SEARCH_QUERY_PREFIX, 'base-filter-properties', type ?? null, category ?? null],
    queryFn: ({ signal }) => apiFetch<BaseFilterProperties>(`${SearchPaths.baseFilterProperties}${query ? `?${query}` : ''}`, { signal }),
  });
}

export function useBaseFilterProperties(type: string | undefined, category: string | undefined) {
  return useQuery(baseFilterPropertiesQueryOptions(type, category));
}
