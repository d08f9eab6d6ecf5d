import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProperty, createUser, createVehicle, createVehicleType, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('catalogue routes', () => {
  let t: TestApp;
  let employee: string;
  let user: string;
  let ownerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const emp = await createUser(t.database, { isCompanyEmployee: true });
    const plain = await createUser(t.database);
    ownerId = plain.id;
    employee = await signIn(t.database, emp);
    user = await signIn(t.database, plain);
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as never, headers: cookie ? { cookie } : {} });

  describe('vehicle types', () => {
    it('lets an employee create, rename and delete a type; the list shows it with its fuels', async () => {
      const created = await send('POST', '/api/vehicletype/create', employee, { Id: 'tmp-1', Name: '  Tractor ', IsNew: true });
      expect(created.statusCode).toBe(200);
      const type = created.json();
      expect(type).toEqual({ id: expect.any(Number), name: 'Tractor', availableFuels: [] });

      await createVehicle(t.database, { ownerId, vehicleTypeId: type.id, fuelType: 2 });
      await createVehicle(t.database, { ownerId, vehicleTypeId: type.id, fuelType: 2 });
      await createVehicle(t.database, { ownerId, vehicleTypeId: type.id, fuelType: 1, deletedAt: new Date() });
      const list = await t.app.inject({ method: 'GET', url: '/api/vehicletype/types' });
      expect(list.statusCode).toBe(200);
      const listed = list.json().find((x: { id: number }) => x.id === type.id);
      expect(listed).toEqual({ id: type.id, name: 'Tractor', availableFuels: [{ id: 2, name: 'Diesel' }] });

      const renamed = await send('PUT', `/api/vehicletype/edit/${type.id}`, employee, { id: type.id, name: 'Farm Tractor' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ id: type.id, name: 'Farm Tractor' });
    });

    it('refuses anonymous users (401) and non-employees (403)', async () => {
      expect((await send('POST', '/api/vehicletype/create', undefined, { name: 'X' })).statusCode).toBe(401);
      const forbidden = await send('POST', '/api/vehicletype/create', user, { name: 'X' });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.headers['content-type']).toContain('application/problem+json');
      const type = await createVehicleType(t.database);
      expect((await send('PUT', `/api/vehicletype/edit/${type.id}`, user, { name: 'Y' })).statusCode).toBe(403);
      expect((await send('DELETE', `/api/vehicletype/delete/${type.id}`, user)).statusCode).toBe(403);
      expect((await send('DELETE', `/api/vehicletype/delete/${type.id}`)).statusCode).toBe(401);
    });

    it("answers 'Name cannot be empty.' for an empty name", async () => {
      const res = await send('POST', '/api/vehicletype/create', employee, { name: '   ' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: 'Name cannot be empty.', errors: { name: ['Name cannot be empty.'] } });
      const long = await send('POST', '/api/vehicletype/create', employee, { name: 'x'.repeat(51) });
      expect(long.statusCode).toBe(400);
    });

    it('refuses a duplicate name case-insensitively (409), on create and rename', async () => {
      await createVehicleType(t.database, { name: 'Boat' });
      const dup = await send('POST', '/api/vehicletype/create', employee, { name: 'boat' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().detail).toBe('A vehicle type named "boat" already exists.');
      const other = await createVehicleType(t.database);
      expect((await send('PUT', `/api/vehicletype/edit/${other.id}`, employee, { name: 'BOAT' })).statusCode).toBe(409);
    });

    it('refuses to delete a type used by live vehicles (409) and soft-deletes an unused one', async () => {
      const type = await createVehicleType(t.database);
      await createVehicle(t.database, { ownerId, vehicleTypeId: type.id });
      await createVehicle(t.database, { ownerId, vehicleTypeId: type.id });
      const inUse = await send('DELETE', `/api/vehicletype/delete/${type.id}`, employee);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json().detail).toBe('This vehicle type is used by 2 vehicles and cannot be deleted.');

      const unused = await createVehicleType(t.database, { name: 'Hovercraft' });
      const category = await createCategory(t.database, unused.id);
      await createVehicle(t.database, { ownerId, vehicleTypeId: unused.id, vehicleTypeCategoryId: category.id, deletedAt: new Date() });
      const deleted = await send('DELETE', `/api/vehicletype/delete/${unused.id}`, employee);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ id: unused.id, succeeded: true });
      const types = (await t.app.inject({ method: 'GET', url: '/api/vehicletype/types' })).json();
      expect(types.some((x: { id: number }) => x.id === unused.id)).toBe(false);
      const categories = (await t.app.inject({ method: 'GET', url: '/api/vehicletypecategory/all' })).json();
      expect(categories.some((c: { id: number }) => c.id === category.id)).toBe(false);
      // The name is free again once deleted.
      expect((await send('POST', '/api/vehicletype/create', employee, { name: 'Hovercraft' })).statusCode).toBe(200);
      expect((await send('DELETE', `/api/vehicletype/delete/${unused.id}`, employee)).statusCode).toBe(404);
    });

    it('answers 404 for unknown or malformed ids', async () => {
      expect((await send('PUT', '/api/vehicletype/edit/999999', employee, { name: 'Z' })).statusCode).toBe(404);
      expect((await send('DELETE', '/api/vehicletype/delete/abc', employee)).statusCode).toBe(404);
    });
  });

  describe('categories', () => {
    it('lets an employee create, edit and delete a category (trailing slash tolerated)', async () => {
      const type = await createVehicleType(t.database);
      const created = await send('POST', '/api/vehicletypecategory/create/', employee, {
        Id: 0,
        Name: 'Pickup',
        Description: 'Open cargo bed',
        VehicleTypeId: String(type.id),
      });
      expect(created.statusCode).toBe(200);
      const category = created.json();
      expect(category).toEqual({ id: expect.any(Number), name: 'Pickup', description: 'Open cargo bed', vehicleTypeId: type.id });

      const all = (await t.app.inject({ method: 'GET', url: '/api/vehicletypecategory/all' })).json();
      expect(all).toContainEqual(category);

      const edited = await send('PUT', `/api/vehicletypecategory/edit/${category.id}`, employee, {
        id: category.id,
        name: 'Pickup Truck',
        description: 'Open bed',
        vehicleTypeId: type.id,
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toEqual({ id: category.id, name: 'Pickup Truck', description: 'Open bed', vehicleTypeId: type.id });

      const deleted = await send('DELETE', `/api/vehicletypecategory/delete/${category.id}`, employee);
      expect(deleted.json()).toEqual({ id: category.id, succeeded: true });
    });

    it("answers 'Please enter valid data!' when name, description or type is missing", async () => {
      for (const body of [
        { description: 'd', vehicleTypeId: 1 },
        { name: 'n', vehicleTypeId: 1 },
        { name: 'n', description: 'd' },
        // Beyond PostgreSQL's integer: refused as the caller's mistake, not a 500 from the insert.
        { name: 'n', description: 'd', vehicleTypeId: 2_147_483_648 },
      ]) {
        const res = await send('POST', '/api/vehicletypecategory/create', employee, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().detail).toBe('Please enter valid data!');
      }
    });

    it('refuses an unknown type (400), a duplicate in the same type (409), and allows the same name in another type', async () => {
      expect(
        (await send('POST', '/api/vehicletypecategory/create', employee, { name: 'A', description: 'd', vehicleTypeId: 987654 }))
          .statusCode,
      ).toBe(400);
      const type = await createVehicleType(t.database);
      const other = await createVehicleType(t.database);
      await createCategory(t.database, type.id, { name: 'Compact' });
      const dup = await send('POST', '/api/vehicletypecategory/create', employee, {
        name: 'COMPACT',
        description: 'd',
        vehicleTypeId: type.id,
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().detail).toContain('already has a category named');
      expect(
        (await send('POST', '/api/vehicletypecategory/create', employee, { name: 'Compact', description: 'd', vehicleTypeId: other.id }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses to delete or re-type a category used by live vehicles (409); employees only', async () => {
      const type = await createVehicleType(t.database);
      const other = await createVehicleType(t.database);
      const category = await createCategory(t.database, type.id);
      await createVehicle(t.database, { ownerId, vehicleTypeId: type.id, vehicleTypeCategoryId: category.id });
      const del = await send('DELETE', `/api/vehicletypecategory/delete/${category.id}`, employee);
      expect(del.statusCode).toBe(409);
      expect(del.json().detail).toBe('This category is used by 1 vehicle and cannot be deleted.');
      const retype = await send('PUT', `/api/vehicletypecategory/edit/${category.id}`, employee, {
        name: category.name,
        description: 'x',
        vehicleTypeId: other.id,
      });
      expect(retype.statusCode).toBe(409);
      expect((await send('DELETE', `/api/vehicletypecategory/delete/${category.id}`, user)).statusCode).toBe(403);
      expect(
        (await send('POST', '/api/vehicletypecategory/create', undefined, { name: 'n', description: 'd', vehicleTypeId: type.id }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('type properties', () => {
    it('lets an employee create (enums as names or ids), edit and delete a property', async () => {
      const type = await createVehicleType(t.database);
      const created = await send('POST', '/api/vehicletypeproperty/create', employee, {
        id: 'temp-123',
        name: 'Engine displacement',
        valueType: 'Int',
        unitOfMeasurement: 5,
        isNew: true,
        vehicleTypeId: type.id,
      });
      expect(created.statusCode).toBe(200);
      const property = created.json();
      expect(property).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Engine displacement',
        valueType: 'Int',
        unitOfMeasurement: 'cc',
        vehicleTypeId: type.id,
      });
      const list = (await t.app.inject({ method: 'GET', url: '/api/vehicletypeproperty/types/properties' })).json();
      expect(list).toContainEqual(property);

      const edited = await send('PUT', `/api/vehicletypeproperty/edit/${property.id}`, employee, {
        id: property.id,
        name: 'Displacement',
        valueType: '2',
        unitOfMeasurement: 'l',
        vehicleTypeId: type.id,
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ name: 'Displacement', valueType: 'Double', unitOfMeasurement: 'L' });

      const deleted = await send('DELETE', `/api/vehicletypeproperty/delete/${property.id}`, employee);
      expect(deleted.json()).toEqual({ id: property.id, succeeded: true });
      expect((await send('DELETE', `/api/vehicletypeproperty/delete/${property.id}`, employee)).statusCode).toBe(404);
    });

    it('refuses bad enums, empty names, duplicates and non-employees', async () => {
      const type = await createVehicleType(t.database);
      const bad = await send('POST', '/api/vehicletypeproperty/create', employee, {
        name: 'P',
        valueType: 'Color',
        unitOfMeasurement: 'None',
        vehicleTypeId: type.id,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.valueType).toBeDefined();
      const badUnit = await send('POST', '/api/vehicletypeproperty/create', employee, {
        name: 'P',
        valueType: 'Int',
        unitOfMeasurement: 99,
        vehicleTypeId: type.id,
      });
      expect(badUnit.statusCode).toBe(400);
      const empty = await send('POST', '/api/vehicletypeproperty/create', employee, {
        name: '',
        valueType: 'Int',
        unitOfMeasurement: 'None',
        vehicleTypeId: type.id,
      });
      expect(empty.json().detail).toBe('Name cannot be empty.');
      await createProperty(t.database, type.id, { name: 'Seats' });
      const dup = await send('POST', '/api/vehicletypeproperty/create', employee, {
        name: 'seats',
        valueType: 'Int',
        unitOfMeasurement: 'None',
        vehicleTypeId: type.id,
      });
      expect(dup.statusCode).toBe(409);
      expect(
        (
          await send('POST', '/api/vehicletypeproperty/create', user, {
            name: 'Q',
            valueType: 'Int',
            unitOfMeasurement: 'None',
            vehicleTypeId: type.id,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await send('PUT', '/api/vehicletypeproperty/edit/not-a-uuid', employee, {
            name: 'Q',
            valueType: 'Int',
            unitOfMeasurement: 'None',
            vehicleTypeId: type.id,
          })
        ).statusCode,
      ).toBe(404);
    });

    it('refuses to delete a property with values on live vehicles, or to change its value type (409)', async () => {
      const type = await createVehicleType(t.database);
      const property = await createProperty(t.database, type.id, { valueType: 1 });
      await createVehicle(t.database, { ownerId, vehicleTypeId: type.id, properties: { [property.id]: '4' } });
      const del = await send('DELETE', `/api/vehicletypeproperty/delete/${property.id}`, employee);
      expect(del.statusCode).toBe(409);
      expect(del.json().detail).toBe('This property has values on 1 vehicle and cannot be deleted.');
      const retype = await send('PUT', `/api/vehicletypeproperty/edit/${property.id}`, employee, {
        name: property.name,
        valueType: 'String',
        unitOfMeasurement: 'None',
        vehicleTypeId: type.id,
      });
      expect(retype.statusCode).toBe(409);
      // A new unit or name is fine.
      const renamed = await send('PUT', `/api/vehicletypeproperty/edit/${property.id}`, employee, {
        name: 'Renamed',
        valueType: 'Int',
        unitOfMeasurement: 'Kg',
        vehicleTypeId: type.id,
      });
      expect(renamed.statusCode).toBe(200);
    });
  });
});
