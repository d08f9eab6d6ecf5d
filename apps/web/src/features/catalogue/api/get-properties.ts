import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleProperty } from '@rentdrive/contracts/catalogue';
import { apiFetch } from '../../../lib/api-client';
import { CataloguePaths } from '@rentdrive/contracts/paths';

export const PROPERTIES_QUERY_KEY = ['catalogue', 'properties'] as const;

export function getProperties(signal?: AbortSignal): Promise<VehicleProperty[]> {
  return apiFetch<VehicleProperty[]>(CataloguePaths.properties, { signal });
}

export const propertiesQueryOptions = queryOptions({
  queryKey: PROPERTIES_QUERY_KEY,
  queryFn: ({ signal }) => getProperties(signal),
});

export function useProperties() {
  return useQuery(propertiesQueryOptions);
}
