import { queryOptions } from '@tanstack/react-query';
import { BasePaths } from '@rentdrive/contracts/paths/base';
import { CatalogueReadPaths } from '@rentdrive/contracts/paths/catalogue-read';
import { callApi, lazyEndpoint } from './api-client';

/**
 * The reference data every feature reads (vehicle types, categories, properties, fuels, value types,
 * units): one query options object and one key each, here only. The catalogue's editors invalidate
 * these keys, so the search selects and the vehicle form see an employee's edits.
 *
 * The listing's selects read them on the public pages' first load, which carries no zod: the
 * endpoints load with their first call (lazyEndpoint).
 */
export const referenceDataKeys = {
  vehicleTypes: ['catalogue', 'vehicle-types'],
  categories: ['catalogue', 'categories'],
  properties: ['catalogue', 'properties'],
  fuelTypes: ['base', 'fuel-types'],
  valueTypes: ['base', 'value-types'],
  units: ['base', 'units'],
} as const;

const TypesEndpoint = lazyEndpoint('GET', CatalogueReadPaths.types, (c) => c.Catalogue.types);
const CategoriesEndpoint = lazyEndpoint('GET', CatalogueReadPaths.categories, (c) => c.Catalogue.categories);
const PropertiesEndpoint = lazyEndpoint('GET', CatalogueReadPaths.properties, (c) => c.Catalogue.properties);
const FuelTypesEndpoint = lazyEndpoint('GET', BasePaths.fuelTypes, (c) => c.Base.fuelTypes);
const ValueTypesEndpoint = lazyEndpoint('GET', BasePaths.valueTypes, (c) => c.Base.valueTypes);
const UnitsEndpoint = lazyEndpoint('GET', BasePaths.units, (c) => c.Base.units);

export const vehicleTypesQueryOptions = queryOptions({
  queryKey: referenceDataKeys.vehicleTypes,
  queryFn: ({ signal }) => callApi(TypesEndpoint, { signal }),
});

export const categoriesQueryOptions = queryOptions({
  queryKey: referenceDataKeys.categories,
  queryFn: ({ signal }) => callApi(CategoriesEndpoint, { signal }),
});

export const propertiesQueryOptions = queryOptions({
  queryKey: referenceDataKeys.properties,
  queryFn: ({ signal }) => callApi(PropertiesEndpoint, { signal }),
});

/** The fixed enumerations never change while the app runs. */
export const fuelTypesQueryOptions = queryOptions({
  queryKey: referenceDataKeys.fuelTypes,
  queryFn: ({ signal }) => callApi(FuelTypesEndpoint, { signal }),
  staleTime: Infinity,
});

export const valueTypesQueryOptions = queryOptions({
  queryKey: referenceDataKeys.valueTypes,
  queryFn: ({ signal }) => callApi(ValueTypesEndpoint, { signal }),
  staleTime: Infinity,
});

export const unitsQueryOptions = queryOptions({
  queryKey: referenceDataKeys.units,
  queryFn: ({ signal }) => callApi(UnitsEndpoint, { signal }),
  staleTime: Infinity,
});
