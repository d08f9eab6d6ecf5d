import { describe, expect, it } from 'vitest';
import { propertyKey, propertyValuesForWire, vehicleFormSchema, type PropertyField, type VehicleFormValues } from './vehicle-form-schema';

const fields: PropertyField[] = [
  { propertyId: 'seats', name: 'Seats', valueType: 'Int', unitOfMeasurement: 'None' },
  { propertyId: 'ac', name: 'Air conditioning', valueType: 'Boolean', unitOfMeasurement: 'None' },
];

const valid: VehicleFormValues = {
  make: 'Audi',
  model: 'A4',
  color: 'Black',
  dateOfProduction: '2020-03-01',
  pricePerDay: '55.5',
  curbWeightInKg: '1500',
  fuelType: 'Petrol',
  description: 'Nice',
  vehicleTypeId: '1',
  vehicleTypeCategoryId: '2',
  ownership: 'personal',
  properties: { [propertyKey('seats')]: '5', [propertyKey('ac')]: false },
};

function messages(values: VehicleFormValues) {
  const result = vehicleFormSchema(fields).safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('vehicleFormSchema', () => {
  it('accepts a complete vehicle whose boolean property is unchecked', () => {
    expect(messages(valid)).toEqual([]);
  });

  it('requires non-boolean properties and numbers of at least 1', () => {
    expect(messages({ ...valid, properties: { [propertyKey('seats')]: '' } })).toEqual(['This field is required.']);
    expect(messages({ ...valid, properties: { [propertyKey('seats')]: '0' } })).toEqual(['Please enter a whole number of at least 1.']);
  });

  it('refuses a price below 1 and an empty make with the shared texts', () => {
    expect(messages({ ...valid, pricePerDay: '0.5', make: ' ' })).toEqual(
      expect.arrayContaining(['Price per day must be at least 1.', 'Make is required.']),
    );
  });

  it('puts booleans on the wire as true/false text', () => {
    expect(propertyValuesForWire(fields, { [propertyKey('seats')]: ' 5 ', [propertyKey('ac')]: true })).toEqual([
      { propertyId: 'seats', value: '5' },
      { propertyId: 'ac', value: 'true' },
    ]);
  });
});
