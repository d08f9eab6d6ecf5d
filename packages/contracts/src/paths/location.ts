import { template } from './template';

/** Where a vehicle stands (issue 26): its exact pick-up place, and the offline place suggestions. */
export const LocationPaths = {
  /** GET and PUT: the owner, or an employee for a company vehicle. */
  vehicle: template('/api/vehicle/location/:id'),
  /** Public: `?q=` cities and postcodes, at most 10. */
  places: '/api/geo/places',
} as const;
