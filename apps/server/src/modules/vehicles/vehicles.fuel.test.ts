import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createUser, createVehicle, createVehicleType } from '../../../test/factories';
import {
  setUpVehicleWriteFixture,
  jpegPart,
  multipartBody,
  validCreateFields,
  type CatalogueFixture,
} from '../../../test/helpers/vehicles';
import type { TestApp } from '../../../test/test-app';

const FUEL_NOT_OF_TYPE = 'This fuel type is not available for the chosen vehicle type.';

describe('a vehicle fuel must be one its type offers', () => {
  let t: TestApp;
  let c: CatalogueFixture;
  let ownerCookie: string;
  let jpeg: Buffer;

  beforeAll(async () => {
    ({ t, c, ownerCookie, jpeg } = await setUpVehicleWriteFixture());
    // The type's live listings use Petrol (1) and Diesel (2): those are its available fuels.
    const lister = await createUser(t.database);
    await createVehicle(t.database, { ownerId: lister.id, vehicleTypeId: c.type.id, vehicleTypeCategoryId: c.category.id, fuelType: 1 });
    await createVehicle(t.database, { ownerId: lister.id, vehicleTypeId: c.type.id, vehicleTypeCategoryId: c.category.id, fuelType: 2 });
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT', url: string, fields: [string, string][]) => {
    const body = multipartBody(fields, method === 'POST' ? [jpegPart(jpeg)] : []);
    return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, cookie: ownerCookie } });
  };
  const create = (overrides: Record<string, string | undefined>) => send('POST', '/api/vehicle/create', validCreateFields(c, overrides));
  const edit = (id: string, overrides: Record<string, string>) =>
    send(
      'PUT',
      `/api/vehicle/edit/${id}`,
      Object.entries({
        Id: id,
        Make: 'Skoda',
        Model: 'Octavia',
        Color: 'Green',
        PricePerDay: '45.5',
        FuelType: 'Diesel',
        DateOfProduction: '2019-03-15',
        CurbWeightInKg: '1350',
        Description: 'Roomy estate car.',
        ...overrides,
      }),
    );
  const expectFuelRefused = (res: Awaited<ReturnType<typeof create>>) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ detail: FUEL_NOT_OF_TYPE, errors: { fuelType: [FUEL_NOT_OF_TYPE] } });
  };

  it('refuses on create a fuel the type does not list (None, Hydrogen) and accepts the listed ones', async () => {
    expectFuelRefused(await create({ FuelType: 'None' }));
    expectFuelRefused(await create({ FuelType: 'Hydrogen' }));
    expect((await create({ FuelType: 'Petrol' })).statusCode).toBe(200);
    expect((await create({ FuelType: '2' })).statusCode).toBe(200);
  });

  it('accepts any fuel for a type nobody lists yet (its first vehicle)', async () => {
    const fresh = await createVehicleType(t.database);
    const category = await createCategory(t.database, fresh.id);
    // The fixture's property values belong to the other type: this one has no properties.
    const noProperties = Object.fromEntries(
      validCreateFields(c)
        .filter(([key]) => key.startsWith('PropertyValues'))
        .map(([key]) => [key, undefined]),
    );
    const fields = validCreateFields(c, {
      ...noProperties,
      FuelType: 'Hydrogen',
      VehicleTypeId: String(fresh.id),
      VehicleTypeCategoryId: String(category.id),
    });
    const res = await send('POST', '/api/vehicle/create', fields);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fuelType).toBe('Hydrogen');
  });

  it('refuses on edit a change to a fuel the type does not list, and keeps the vehicle unchanged', async () => {
    const created = await create({ FuelType: 'Diesel' });
    const id = created.json().id as string;
    expectFuelRefused(await edit(id, { FuelType: 'Electric' }));
    expect((await t.app.inject({ method: 'GET', url: `/api/vehicle/${id}` })).json().fuelType).toBe('Diesel');
    const ok = await edit(id, { FuelType: 'Petrol' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().fuelType).toBe('Petrol');
  });
});
