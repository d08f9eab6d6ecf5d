import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleCard } from '@rentdrive/contracts/search';
import { SearchPaths } from '@rentdrive/contracts/search-paths';
import { apiFetch } from '../../../lib/api-client';

export const recentVehiclesQueryOptions = queryOptions({
  queryKey: ['search', 'recent'],
  queryFn: ({ signal }) => apiFetch<VehicleCard[]>(SearchPaths.recent, { signal }),
});

export function useRecentVehicles() {
  return useQuery(recentVehiclesQueryOptions);
}
