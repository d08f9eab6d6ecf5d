import { useQuery } from '@tanstack/react-query';
import { categoriesQueryOptions, fuelTypesQueryOptions, vehicleTypesQueryOptions } from '../../../lib/reference-data';

/* The catalogue the search selects choose from (lib/reference-data: one key each, shared by every feature). */
export {
  categoriesQueryOptions as searchCategoriesQueryOptions,
  fuelTypesQueryOptions as searchFuelTypesQueryOptions,
  vehicleTypesQueryOptions as searchTypesQueryOptions,
};

export function useSearchReferenceData() {
  const types = useQuery(vehicleTypesQueryOptions);
  const categories = useQuery(categoriesQueryOptions);
  const fuels = useQuery(fuelTypesQueryOptions);
  return {
    types: types.data ?? [],
    categories: categories.data ?? [],
    fuels: fuels.data ?? [],
    isLoading: types.isPending || categories.isPending || fuels.isPending,
    error: types.error ?? categories.error ?? fuels.error,
    refetch: () => Promise.all([types.refetch(), categories.refetch(), fuels.refetch()]),
  };
}
