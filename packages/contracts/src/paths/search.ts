import { template } from './template';

export const SearchPaths = {
  all: '/api/vehicle/all',
  recent: '/api/vehicle/recent',
  activeListings: '/api/vehicle/active-listings',
  filter: '/api/vehicle/filter',
  searchVehicles: '/api/vehicle/search-vehicles',
  search: '/api/vehicle/search',
  baseFilterProperties: '/api/vehicle/base-filter-properties',
  propertyValueFilter: template('/api/vehicletypepropertyvalue/filter/:typeId'),
} as const;
