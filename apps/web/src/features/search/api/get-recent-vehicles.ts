import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleCard } from '@rentdrive/contracts/search';
import { apiFetch } from '../../../lib/api-client';
import { SEARCH_QUERY_PREFIX } from '../../../lib/listing-queries';
import { SearchPaths } from '@rentdrive/contracts/paths';

export const recentVehiclesQueryOptions = queryOptions({
  queryKey: [...SEARCH_QUERY_PREFIX, 'recent'],
  queryFn: ({ signal }) => apiFetch<VehicleCard[]>(SearchPaths.recent, { signal }),
});

export function useRecentVehicles() {
  return useQuery(recentVehiclesQueryOptions);
}
