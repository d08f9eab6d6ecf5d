import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProperty, createVehicleType } from '../../../test/factories';
import { jpegPart, multipartBody, setUpVehicleWriteFixture } from '../../../test/helpers/vehicles';
import type { TestApp } from '../../../test/test-app';

/**
 * A property that does not concern the vehicle's fuel (a petrol car's range, an electric car's fuel
 * consumption) is not required, on create and on edit; one that does stays required.
 */
describe('type properties and the fuel', () => {
  let t: TestApp;
  let cookie: string;
  let jpeg: Buffer;

  beforeAll(async () => {
    ({ t, ownerCookie: cookie, jpeg } = await setUpVehicleWriteFixture());
  });
  afterAll(() => t.close());

  /** A fresh type (so any fuel is allowed for it) with Seats, Range (km) and Fuel Consumption (L/100 km). */
  async function carType() {
    const type = await createVehicleType(t.database);
    const category = await createCategory(t.database, type.id);
    const seats = await createProperty(t.database, type.id, { name: 'Seats', valueType: 1, unitOfMeasurement: 0 });
    const range = await createProperty(t.database, type.id, { name: 'Range', valueType: 1, unitOfMeasurement: 2 });
    const consumption = await createProperty(t.database, type.id, { name: 'Fuel Consumption', valueType: 2, unitOfMeasurement: 12 });
    return { type, category, seats, range, consumption };
  }

  const fields = (car: Awaited<ReturnType<typeof carType>>, fuel: string, values: [string, string][]): [string, string][] => [
    ['Make', 'Skoda'],
    ['Model', 'Octavia'],
    ['Color', 'Green'],
    ['PricePerDay', '45'],
    ['FuelType', fuel],
    ['DateOfProduction', '2019-03-15'],
    ['CurbWeightInKg', '1350'],
    ['Description', 'Roomy estate car.'],
    ['VehicleTypeId', String(car.type.id)],
    ['VehicleTypeCategoryId', String(car.category.id)],
    ...values.flatMap(([id, value], i): [string, string][] => [
      [`PropertyValues[${i}].PropertyId`, id],
      [`PropertyValues[${i}].Value`, value],
    ]),
  ];

  async function send(method: 'POST' | 'PUT', url: string, body: [string, string][], withImage = true) {
    const multipart = multipartBody(body, withImage ? [jpegPart(jpeg)] : []);
    return t.app.inject({ method, url, payload: multipart.payload, headers: { ...multipart.headers, cookie } });
  }

  it("lists a petrol car without its range, and does not store one; an electric car's range is still required", async () => {
    const petrol = await carType();
    const res = await send(
      'POST',
      '/api/vehicle/create',
      fields(petrol, 'Petrol', [
        [petrol.seats.id, '5'],
        [petrol.consumption.id, '6.5'],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .vehicleProperties.map((p: { vehicleTypePropertyName: string }) => p.vehicleTypePropertyName)
        .sort(),
    ).toEqual(['Fuel Consumption', 'Seats']);

    const electric = await carType();
    const refused = await send('POST', '/api/vehicle/create', fields(electric, 'Electric', [[electric.seats.id, '5']]));
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual([`propertyValues.${electric.range.id}`]);
    expect(refused.json().detail).toBe('Range: This field is required.');
    // Its fuel consumption does not concern it: left out, nothing is asked for it.
    const listed = await send(
      'POST',
      '/api/vehicle/create',
      fields(electric, 'Electric', [
        [electric.seats.id, '5'],
        [electric.range.id, '420'],
      ]),
    );
    expect(listed.statusCode, listed.body).toBe(200);
  });

  it('keeps a value given for a property that does not concern the fuel, and checks it', async () => {
    const car = await carType();
    const bad = await send(
      'POST',
      '/api/vehicle/create',
      fields(car, 'Diesel', [
        [car.seats.id, '5'],
        [car.consumption.id, '5'],
        [car.range.id, 'far'],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    const res = await send(
      'POST',
      '/api/vehicle/create',
      fields(car, 'Diesel', [
        [car.seats.id, '5'],
        [car.consumption.id, '5'],
        [car.range.id, '900'],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().vehicleProperties).toContainEqual({
      vehicleTypePropertyName: 'Range',
      vehicleTypePropertyValue: '900',
      unitOfMeasurement: 'Km',
    });
  });

  it('saves an edit of a petrol car that leaves the range empty, and clears it', async () => {
    const car = await carType();
    const created = await send(
      'POST',
      '/api/vehicle/create',
      fields(car, 'Petrol', [
        [car.seats.id, '5'],
        [car.consumption.id, '7'],
        [car.range.id, '800'],
      ]),
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    const edit = fields(car, 'Petrol', [])
      .filter(([key]) => key !== 'VehicleTypeId' && key !== 'VehicleTypeCategoryId')
      .concat([
        ['Id', id],
        ['VehicleTypePropertyInputValues[0].PropertyId', car.range.id],
        ['VehicleTypePropertyInputValues[0].Value', ''],
      ]);
    const res = await send('PUT', `/api/vehicle/edit/${id}`, edit, false);
    expect(res.statusCode, res.body).toBe(200);
    const detail = await t.app.inject({ method: 'GET', url: `/api/vehicle/${id}` });
    const names = detail.json().vehicleProperties.map((p: { vehicleTypePropertyName: string }) => p.vehicleTypePropertyName);
    expect(names.sort()).toEqual(['Fuel Consumption', 'Seats']);
  });
});
