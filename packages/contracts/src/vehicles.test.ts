import { describe, expect, it } from 'vitest';
import { VehiclePropertySaveRequestSchema } from './catalogue';
import { DateOfProductionSchema, parsePropertyValue, VehicleCreateFieldsSchema } from './vehicles';

describe('parsePropertyValue', () => {
  it('parses each value type and keeps a canonical text', () => {
    expect(parsePropertyValue('Int', ' 05 ')).toEqual({ ok: true, value: '5' });
    expect(parsePropertyValue('Double', '2.50')).toEqual({ ok: true, value: '2.5' });
    expect(parsePropertyValue('Boolean', 'TRUE')).toEqual({ ok: true, value: 'true' });
    expect(parsePropertyValue('Boolean', undefined)).toEqual({ ok: true, value: 'false' });
    expect(parsePropertyValue('String', ' Sport ')).toEqual({ ok: true, value: 'Sport' });
  });

  it('refuses values of the wrong type, numbers below 1 and missing required values', () => {
    expect(parsePropertyValue('Int', '1.5')).toMatchObject({ ok: false });
    expect(parsePropertyValue('Int', '0')).toMatchObject({ ok: false });
    expect(parsePropertyValue('Double', '0.5')).toMatchObject({ ok: false });
    expect(parsePropertyValue('Double', '1e3')).toMatchObject({ ok: false });
    expect(parsePropertyValue('Boolean', 'yes')).toMatchObject({ ok: false });
    expect(parsePropertyValue('String', 'x'.repeat(101))).toMatchObject({ ok: false });
    expect(parsePropertyValue('String', '  ')).toEqual({ ok: false, message: 'This field is required.' });
  });
});

describe('DateOfProductionSchema', () => {
  it('keeps the day of an ISO date or date-time and refuses impossible dates', () => {
    expect(DateOfProductionSchema.parse('2020-02-29')).toBe('2020-02-29');
    expect(DateOfProductionSchema.parse('2020-02-29T00:00:00.000Z')).toBe('2020-02-29');
    expect(DateOfProductionSchema.safeParse('2021-02-29').success).toBe(false);
    expect(DateOfProductionSchema.safeParse('1899-12-31').success).toBe(false);
    expect(DateOfProductionSchema.safeParse('2020-01-01Tnonsense').success).toBe(false);
  });
});

describe('form schemas', () => {
  it('accept enums by name or id and multipart booleans', () => {
    const parsed = VehicleCreateFieldsSchema.parse({
      make: 'A',
      model: 'B',
      color: 'C',
      pricePerDay: 1,
      fuelType: 'lpg',
      dateOfProduction: '2020-01-01',
      curbWeightInKg: 1,
      description: 'D',
      vehicleTypeId: 1,
      vehicleTypeCategoryId: 1,
      isCompanyProperty: 'False',
    });
    expect(parsed).toMatchObject({ fuelType: 5, isCompanyProperty: false, propertyValues: [] });
    expect(
      VehiclePropertySaveRequestSchema.parse({ name: 'N', valueType: 3, unitOfMeasurement: 'kmperhour', vehicleTypeId: 2 }),
    ).toMatchObject({
      valueType: 3,
      unitOfMeasurement: 11,
    });
  });
});
