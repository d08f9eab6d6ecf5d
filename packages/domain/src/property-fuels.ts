/**
 * Which vehicle type properties concern which fuels (issue 29): a petrol car has no battery range,
 * an electric one no engine displacement or litres per 100 km. The catalogue names a property and
 * its unit only, so the property's unit and name say which drive it describes:
 *
 * - a battery or electric range (unit 'Wh', or a name with 'battery', 'charging' or 'range'):
 *   vehicles that drive on electricity (Electric, Hybrid, Hydrogen);
 * - an engine or tank (unit 'LPer100Km' or 'cc', or a name with 'fuel consumption', 'engine' or
 *   'tank'): vehicles that burn fuel (Petrol, Diesel, Hybrid, LPG).
 *
 * Every other property concerns every fuel. A property that does not concern the vehicle's fuel is
 * optional (the form and the server agree): it may be filled in, and is not stored when left empty.
 */
const ELECTRIC_DRIVE = new Set(['electric', 'hybrid', 'hydrogen']);
const COMBUSTION = new Set(['petrol', 'diesel', 'hybrid', 'lpg']);

export interface FuelScopedProperty {
  name: string;
  unitOfMeasurement: string;
}

function driveOf(property: FuelScopedProperty): 'electric' | 'combustion' | undefined {
  const unit = property.unitOfMeasurement;
  const name = property.name.toLowerCase();
  if (unit === 'Wh' || /battery|charging|\brange\b/.test(name)) return 'electric';
  if (unit === 'LPer100Km' || unit === 'cc' || /fuel consumption|engine|\btank\b/.test(name)) return 'combustion';
  return undefined;
}

/** True when the property describes a vehicle of this fuel; true for every property while the fuel is not chosen. */
export function propertyAppliesToFuel(property: FuelScopedProperty, fuel: string | null | undefined): boolean {
  if (!fuel) return true;
  const drive = driveOf(property);
  if (!drive) return true;
  const key = fuel.toLowerCase();
  return drive === 'electric' ? ELECTRIC_DRIVE.has(key) : COMBUSTION.has(key);
}
