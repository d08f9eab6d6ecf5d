import { useQuery } from '@tanstack/react-query';
import {
  categoriesQueryOptions,
  fuelTypesQueryOptions,
  propertiesQueryOptions,
  vehicleTypesQueryOptions,
} from '../../../lib/reference-data';

/* The catalogue the vehicle form chooses from (lib/reference-data: the catalogue's edits refresh it). */

/** Types, categories, properties and fuels in one go, with one loading and one error state. */
export function useVehicleFormReferenceData() {
  const types = useQuery(vehicleTypesQueryOptions);
  const categories = useQuery(categoriesQueryOptions);
  const properties = useQuery(propertiesQueryOptions);
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
