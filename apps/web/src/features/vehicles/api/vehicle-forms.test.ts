import { describe, expect, it } from 'vitest';
import { buildCreateForm } from './create-vehicle';
import { buildEditForm } from './edit-vehicle';

const base = {
  make: 'Audi',
  model: 'A4',
  color: 'Black',
  pricePerDay: 55.5,
  fuelType: 'Petrol',
  dateOfProduction: '2020-03-01',
  curbWeightInKg: 1500,
  description: 'Nice',
  vehicleTypeId: 1,
  vehicleTypeCategoryId: 2,
  propertyValues: [
    { propertyId: 'p1', value: '5' },
    { propertyId: 'p2', value: 'true' },
  ],
};
const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });

describe('vehicle multipart forms', () => {
  it('uses the field names the existing client sends on create, with indexed property values and repeated Images', () => {
    const form = buildCreateForm({ ...base, isCompanyProperty: true, images: [file('a.png'), file('b.png')] });
    expect(form.get('Make')).toBe('Audi');
    expect(form.get('PricePerDay')).toBe('55.5');
    expect(form.get('isCompanyProperty')).toBe('true');
    expect(form.get('FuelType')).toBe('Petrol');
    expect(form.get('DateOfProduction')).toBe('2020-03-01');
    expect(form.get('CurbWeightInKg')).toBe('1500');
    expect(form.get('VehicleTypeId')).toBe('1');
    expect(form.get('VehicleTypeCategoryId')).toBe('2');
    expect(form.get('PropertyValues[0].PropertyId')).toBe('p1');
    expect(form.get('PropertyValues[1].Value')).toBe('true');
    expect(form.getAll('Images').map((f) => (f as File).name)).toEqual(['a.png', 'b.png']);
  });

  it('sends Id, NewImages, RemovedImageIds and VehicleTypePropertyInputValues on edit', () => {
    const form = buildEditForm({ ...base, id: 'v1', newImages: [file('c.png')], removedImageIds: ['i1', 'i2'] });
    expect(form.get('Id')).toBe('v1');
    expect(form.get('VehicleTypePropertyInputValues[0].PropertyId')).toBe('p1');
    expect(form.get('VehicleTypePropertyInputValues[1].Value')).toBe('true');
    expect(form.getAll('RemovedImageIds')).toEqual(['i1', 'i2']);
    expect(form.getAll('NewImages')).toHaveLength(1);
    expect(form.has('Images')).toBe(false);
    expect(form.has('isCompanyProperty')).toBe(false);
  });
});
