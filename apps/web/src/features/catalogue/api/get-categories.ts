import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleCategory } from '@rentdrive/contracts/catalogue';
import { apiFetch } from '../../../lib/api-client';
import { CataloguePaths } from '@rentdrive/contracts/paths';

export const CATEGORIES_QUERY_KEY = ['catalogue', 'categories'] as const;

export function getCategories(signal?: AbortSignal): Promise<VehicleCategory[]> {
  return apiFetch<VehicleCategory[]>(CataloguePaths.categories, { signal });
}

export const categoriesQueryOptions = queryOptions({
  queryKey: CATEGORIES_QUERY_KEY,
  queryFn: ({ signal }) => getCategories(signal),
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
