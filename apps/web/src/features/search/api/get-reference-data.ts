import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FuelItem, VehicleCategory, VehicleType } from '@rentdrive/contracts/catalogue';

/* Literal paths (CataloguePaths lives beside zod schemas, which the home page must not load). */
const TYPES_PATH = '/api/vehicletype/types';
const CATEGORIES_PATH = '/api/vehicletypecategory/all';
import { apiFetch } from '../../../lib/api-client';

/* The catalogue the search selects choose from; keys shared with the other features' caches. */
export const searchTypesQueryOptions = queryOptions({
  queryKey: ['catalogue', 'vehicle-types'],
  queryFn: ({ signal }) => apiFetch<VehicleType[]>(TYPES_PATH, { signal }),
});

export const searchCategoriesQueryOptions = queryOptions({
  queryKey: ['catalogue', 'categories'],
  queryFn: ({ signal }) => apiFetch<VehicleCategory[]>(CATEGORIES_PATH, { signal }),
});

export const searchFuelTypesQueryOptions = queryOptions({
  queryKey: ['base', 'fuel-types'],
  queryFn: ({ signal }) => apiFetch<FuelItem[]>('/api/base/fuel-types', { signal }),
  staleTime: Infinity,
});

export function useSearchReferenceData() {
  const types = useQuery(searchTypesQueryOptions);
  const categories = useQuery(searchCategoriesQueryOptions);
  const fuels = useQuery(searchFuelTypesQueryOptions);
  return {
    types: types.data ?? [],
    categories: categories.data ?? [],
    fuels: fuels.data ?? [],
    isLoading: types.isPending || categories.isPending || fuels.isPending,
    error: types.error ?? categories.error ?? fuels.error,
    refetch: () => Promise.all([types.refetch(), categories.refetch(), fuels.refetch()]),
  };
}
