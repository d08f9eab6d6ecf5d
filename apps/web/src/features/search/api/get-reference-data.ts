import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FuelItem, VehicleCategory, VehicleType } from '@rentdrive/contracts/catalogue';

import { apiFetch } from '../../../lib/api-client';
import { BasePaths, CataloguePaths } from '@rentdrive/contracts/paths';

/* The catalogue the search selects choose from; keys shared with the other features' caches. */
export const searchTypesQueryOptions = queryOptions({
  queryKey: ['catalogue', 'vehicle-types'],
  queryFn: ({ signal }) => apiFetch<VehicleType[]>(CataloguePaths.types, { signal }),
});

export const searchCategoriesQueryOptions = queryOptions({
  queryKey: ['catalogue', 'categories'],
  queryFn: ({ signal }) => apiFetch<VehicleCategory[]>(CataloguePaths.categories, { signal }),
});

export const searchFuelTypesQueryOptions = queryOptions({
  queryKey: ['base', 'fuel-types'],
  queryFn: ({ signal }) => apiFetch<FuelItem[]>(BasePaths.fuelTypes, { signal }),
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
