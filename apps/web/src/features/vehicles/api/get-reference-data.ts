import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FuelItem, VehicleCategory, VehicleProperty, VehicleType } from '@rentdrive/contracts/catalogue';
import { apiFetch } from '../../../lib/api-client';
import { BasePaths, CataloguePaths } from '@rentdrive/contracts/paths';

/*
 * The catalogue the vehicle form chooses from. The keys match the
 * catalogue feature's, so an employee's edits there refresh these too.
 */
export const formVehicleTypesQueryOptions = queryOptions({
  queryKey: ['catalogue', 'vehicle-types'],
  queryFn: ({ signal }) => apiFetch<VehicleType[]>(CataloguePaths.types, { signal }),
});

export const formCategoriesQueryOptions = queryOptions({
  queryKey: ['catalogue', 'categories'],
  queryFn: ({ signal }) => apiFetch<VehicleCategory[]>(CataloguePaths.categories, { signal }),
});

export const formPropertiesQueryOptions = queryOptions({
  queryKey: ['catalogue', 'properties'],
  queryFn: ({ signal }) => apiFetch<VehicleProperty[]>(CataloguePaths.properties, { signal }),
});

export const fuelTypesQueryOptions = queryOptions({
  queryKey: ['base', 'fuel-types'],
  queryFn: ({ signal }) => apiFetch<FuelItem[]>(BasePaths.fuelTypes, { signal }),
  staleTime: Infinity,
});

/** Types, categories, properties and fuels in one go, with one loading and one error state. */
export function useVehicleFormReferenceData() {
  const types = useQuery(formVehicleTypesQueryOptions);
  const categories = useQuery(formCategoriesQueryOptions);
  const properties = useQuery(formPropertiesQueryOptions);
  const fuels = useQuery(fuelTypesQueryOptions);
  const all = [types, categories, properties, fuels];
  return {
    data:
      types.data && categories.data && properties.data && fuels.data
        ? { types: types.data, categories: categories.data, properties: properties.data, fuels: fuels.data }
        : undefined,
    isPending: all.some((q) => q.isPending),
    error: all.find((q) => q.error)?.error ?? null,
    refetch: () => Promise.all(all.map((q) => q.refetch())),
  };
}
