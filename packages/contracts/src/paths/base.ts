/** The fixed enumerations as [{id, name}]. */
export const BasePaths = {
  fuelTypes: '/api/base/fuel-types',
  valueTypes: '/api/base/value-types',
  units: '/api/base/units',
} as const;
