/**
 * The catalogue as every visitor reads it (the search form's types, categories and properties): in
 * the first load of home and the listing, so in a file of its own (a bundle splits by file), apart
 * from the employees' paths that edit it.
 */
export const CatalogueReadPaths = {
  types: '/api/vehicletype/types',
  categories: '/api/vehicletypecategory/all',
  properties: '/api/vehicletypeproperty/types/properties',
} as const;
