import { z } from 'zod';
import type { ValueTypeName } from '@rentdrive/contracts/enums';
import {
  ColorSchema,
  CurbWeightSchema,
  DateOfProductionSchema,
  DescriptionSchema,
  MakeSchema,
  ModelSchema,
  PricePerDaySchema,
  VehicleMessages,
  parsePropertyValue,
} from '@rentdrive/contracts/vehicles';
import { propertyAppliesToFuel } from '@rentdrive/domain/property-fuels';

/** One property input of the chosen type. */
export interface PropertyField {
  propertyId: string;
  name: string;
  valueType: ValueTypeName;
  unitOfMeasurement: string;
}

/** What the inputs hold: text as typed (numbers too), booleans as checkboxes. */
export interface VehicleFormValues {
  make: string;
  model: string;
  color: string;
  dateOfProduction: string;
  pricePerDay: string;
  curbWeightInKg: string;
  fuelType: string;
  description: string;
  vehicleTypeId: string;
  vehicleTypeCategoryId: string;
  ownership: 'personal' | 'company';
  /** Keyed by propertyKey(propertyId). */
  properties: Record<string, string | boolean>;
  /** Issue 26: the pick-up place; null = required and not chosen yet (a new listing), undefined = may stay without one. */
  place?: VehiclePlaceValue | null;
}

/** The form's pick-up place: PUT /api/vehicle/location/{id}'s fields. */
export type VehiclePlaceValue = {
  address: string | null;
  postcode: string | null;
  city: string;
  country: string;
  lat: number;
  lng: number;
};

/** Form field names can't start with a digit segment safely, so property ids get a prefix. */
export function propertyKey(propertyId: string): string {
  return `p_${propertyId}`;
}

/** A number typed into a text-like input: empty says 'required', the rest is the contract's check. */
const fromNumberInput = (required: string, schema: z.ZodType<number, number>) =>
  z.string().trim().min(1, required).transform(Number).pipe(schema);

/** A property input left empty may stay so when it does not concern the chosen fuel (a petrol car's range). */
export function isPropertyOptional(field: PropertyField, fuel: string): boolean {
  return field.valueType === 'Boolean' || !propertyAppliesToFuel(field, fuel);
}

/**
 * The form's schema: the contract's field schemas (same texts as the server) plus the chosen type's
 * property inputs (required except booleans and those that do not concern the fuel, numbers at least 1).
 */
export function vehicleFormSchema(propertyFields: PropertyField[]) {
  return z
    .object({
      make: MakeSchema,
      model: ModelSchema,
      color: ColorSchema,
      dateOfProduction: DateOfProductionSchema.refine((day) => day <= new Date().toISOString().slice(0, 10), VehicleMessages.dateInFuture),
      pricePerDay: fromNumberInput('Price per day is required.', PricePerDaySchema),
      curbWeightInKg: fromNumberInput('Curb weight is required.', CurbWeightSchema),
      fuelType: z.string().min(1, VehicleMessages.fuelRequired),
      description: DescriptionSchema,
      vehicleTypeId: z.string().min(1, VehicleMessages.typeRequired),
      vehicleTypeCategoryId: z.string().min(1, VehicleMessages.categoryRequired),
      ownership: z.enum(['personal', 'company']),
      properties: z.record(z.string(), z.union([z.string(), z.boolean()])),
      // The section shows its own message (vehicle-place-section.tsx).
      place: z
        .custom<VehiclePlaceValue | null>()
        .optional()
        .refine((place) => place !== null, 'Place required.'),
    })
    .superRefine((values, ctx) => {
      for (const field of propertyFields) {
        const key = propertyKey(field.propertyId);
        const raw = values.properties[key];
        if ((raw === undefined || (typeof raw === 'string' && raw.trim() === '')) && isPropertyOptional(field, values.fuelType)) continue;
        const result = parsePropertyValue(field.valueType, raw);
        if (!result.ok) ctx.addIssue({ code: 'custom', path: ['properties', key], message: result.message });
      }
    });
}

/** The property values as the wire carries them: text, booleans 'true'/'false'. */
export function propertyValuesForWire(fields: PropertyField[], values: VehicleFormValues['properties']) {
  return fields.map((field) => {
    const raw = values[propertyKey(field.propertyId)];
    const value = field.valueType === 'Boolean' ? String(raw === true) : String(raw ?? '').trim();
    return { propertyId: field.propertyId, value };
  });
}
