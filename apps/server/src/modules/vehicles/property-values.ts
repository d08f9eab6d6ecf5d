import { FUEL_TYPES, UNITS, VALUE_TYPES } from '@rentdrive/contracts/enums';
import { parsePropertyValue, VehicleMessages, type PropertyValueInput } from '@rentdrive/contracts/vehicles';
import { propertyAppliesToFuel } from '@rentdrive/domain/property-fuels';
import { AppError } from '../../lib/app-error';

interface TypeProperty {
  id: string;
  name: string;
  valueType: number;
  unitOfMeasurement: number;
}

const isBlank = (raw: unknown) => raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');

/**
 * The full set of values to store for a vehicle of a type: each given value (later ones win) or else
 * the vehicle's old value, parsed by the property's value type. Every property is required except
 * Booleans (missing is 'false') and those that do not concern the vehicle's fuel (a petrol car's
 * range, @rentdrive/domain/property-fuels): left empty, those are not stored. Field errors are keyed
 * `propertyValues.<propertyId>`.
 */
export function resolvePropertyValues(
  typeProperties: TypeProperty[],
  inputs: PropertyValueInput[],
  oldValues: Map<string, string>,
  fuelType: number,
): { propertyId: string; value: string }[] {
  const fuel = FUEL_TYPES[fuelType];
  const known = new Map(typeProperties.map((p) => [p.id, p]));
  const given = new Map<string, unknown>();
  const errors: Record<string, string[]> = {};
  const details: string[] = [];
  for (const input of inputs) {
    const id = input.propertyId.toLowerCase();
    if (!known.has(id)) {
      errors[`propertyValues.${input.propertyId}`] = [VehicleMessages.propertyNotOfType];
      details.push(VehicleMessages.propertyNotOfType);
      continue;
    }
    given.set(id, input.value);
  }
  const values: { propertyId: string; value: string }[] = [];
  for (const property of typeProperties) {
    const raw = given.has(property.id) ? given.get(property.id) : oldValues.get(property.id);
    const unit = UNITS[property.unitOfMeasurement] ?? 'None';
    if (isBlank(raw) && !propertyAppliesToFuel({ name: property.name, unitOfMeasurement: unit }, fuel)) continue;
    const parsed = parsePropertyValue(VALUE_TYPES[property.valueType] ?? 'String', raw);
    if (parsed.ok) {
      values.push({ propertyId: property.id, value: parsed.value });
    } else {
      errors[`propertyValues.${property.id}`] = [parsed.message];
      details.push(`${property.name}: ${parsed.message}`);
    }
  }
  if (details.length > 0) throw AppError.validation(details[0]!, errors);
  return values;
}
