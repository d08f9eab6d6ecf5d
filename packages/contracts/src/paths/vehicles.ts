import { template } from './template';
import { VehicleDetailPath } from './vehicle-detail';

export const VehiclePaths = {
  /** A vehicle's JSON, and its details page for a browser (the two share the path). */
  detail: VehicleDetailPath,
  /** GET loads the edit form, PUT saves it. */
  edit: template('/api/vehicle/edit/:id'),
  create: '/api/vehicle/create',
  delete: template('/api/vehicle/delete/:id'),
  userVehicles: '/api/vehicle/user-vehicles',
  /** GET the owner's view of blocked and booked days; PUT the blocked days. */
  blockedDays: template('/api/vehicle/blocked-days/:vehicleId'),
} as const;
