/**
 * The vehicle endpoints' paths, apart from their zod schemas: the pages every shopper opens (a
 * vehicle's details) need the paths, not the validation library.
 */
export const VehiclePaths = {
  detail: (id: string) => `/api/vehicle/${id}`,
  editLoad: (id: string) => `/api/vehicle/edit/${id}`,
  create: '/api/vehicle/create',
  edit: (id: string) => `/api/vehicle/edit/${id}`,
  delete: (id: string) => `/api/vehicle/delete/${id}`,
  userVehicles: '/api/vehicle/user-vehicles',
} as const;
