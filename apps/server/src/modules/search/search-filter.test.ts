import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookDays, seedSearchCatalogue, type SearchCatalogue } from '../../../test/helpers/search';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('POST /api/vehicle/filter', () => {
  let t: TestApp;
  let c: SearchCatalogue;
  beforeAll(async () => {
    t = await createTestApp();
    c = await seedSearchCatalogue(t.database);
  });
  afterAll(() => t.close());

  const filter = async (body: unknown) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/vehicle/filter', payload: body as object });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<string[]>();
  };

  it('answers every live vehicle sorted by make then model when nothing is chosen', async () => {
    expect(await filter({})).toEqual([c.a4.id, c.x5.id, c.cbr.id, c.tesla.id, c.corolla.id, c.rav4.id]);
    const empty = await t.app.inject({ method: 'POST', url: '/api/vehicle/filter', headers: { 'content-type': 'application/json' } });
    expect(empty.json()).toHaveLength(6);
  });

  it('filters by type given as id or as name', async () => {
    expect(await filter({ vehicleTypeId: c.motorcycle.id })).toEqual([c.cbr.id]);
    expect(await filter({ vehicleTypeId: 'motorcycle' })).toEqual([c.cbr.id]);
    expect(await filter({ vehicleTypeId: String(c.motorcycle.id) })).toEqual([c.cbr.id]);
  });

  it('filters by category, by id or by name within the type', async () => {
    expect(await filter({ vehicleTypeCategoryId: c.suv.id })).toEqual([c.x5.id, c.rav4.id]);
    expect(await filter({ vehicleTypeId: 'Car', vehicleTypeCategoryId: 'suv' })).toEqual([c.x5.id, c.rav4.id]);
  });

  it('filters by makes and colors, case-insensitively, OR within the list', async () => {
    expect(await filter({ makes: ['toyota'] })).toEqual([c.corolla.id, c.rav4.id]);
    expect(await filter({ makes: ['Audi', 'BMW'] })).toEqual([c.a4.id, c.x5.id]);
    expect(await filter({ colors: ['RED'] })).toEqual([c.cbr.id, c.rav4.id]);
  });

  it("filters by fuel type by name or id, and treats 'None' as no filter", async () => {
    expect(await filter({ fuelType: 'Diesel' })).toEqual([c.a4.id, c.x5.id]);
    expect(await filter({ fuelType: 3 })).toEqual([c.tesla.id]);
    expect(await filter({ fuelType: 'None' })).toHaveLength(6);
    expect(await filter({ fuelType: 0 })).toHaveLength(6);
  });

  it('filters by price per day in euros, bounds included', async () => {
    expect(await filter({ minPrice: 60, maxPrice: 90 })).toEqual([c.a4.id, c.tesla.id, c.rav4.id]);
    expect(await filter({ maxPrice: '40' })).toEqual([c.cbr.id, c.corolla.id]);
    expect(await filter({ minPrice: 100 })).toEqual([c.x5.id]);
  });

  it('filters by year of production', async () => {
    expect(await filter({ minYear: 2021 })).toEqual([c.x5.id, c.tesla.id, c.rav4.id]);
    expect(await filter({ minYear: 2019, maxYear: 2020 })).toEqual([c.a4.id, c.cbr.id]);
  });

  it('filters by type properties: OR within one property, AND across properties', async () => {
    expect(await filter({ properties: [{ propertyId: c.seats.id, values: ['7'] }] })).toEqual([c.x5.id]);
    expect(await filter({ properties: [{ propertyId: c.seats.id, values: [5, 7] }] })).toEqual([
      c.a4.id,
      c.x5.id,
      c.tesla.id,
      c.corolla.id,
      c.rav4.id,
    ]);
    expect(
      await filter({
        properties: [
          { propertyId: c.seats.id, values: ['5'] },
          { propertyId: c.gearbox.id, values: ['Automatic'] },
        ],
      }),
    ).toEqual([c.a4.id, c.tesla.id, c.rav4.id]);
    // A property with no chosen values does not narrow anything.
    expect(await filter({ properties: [{ propertyId: c.seats.id, values: [] }] })).toHaveLength(6);
  });

  it('combines filters with AND', async () => {
    expect(await filter({ vehicleTypeId: 'Car', makes: ['Toyota'], maxPrice: 50 })).toEqual([c.corolla.id]);
    expect(await filter({ vehicleTypeId: 'Car', colors: ['Black'], fuelType: 'Diesel', minYear: 2020 })).toEqual([c.x5.id]);
    expect(await filter({ vehicleTypeId: 'Car', makes: ['Honda'] })).toEqual([]);
  });

  it('narrows by the text query too', async () => {
    expect(await filter({ searchQuery: 'toyta' })).toEqual([c.corolla.id, c.rav4.id]);
    expect(await filter({ searchQuery: 'suv', makes: ['BMW'] })).toEqual([c.x5.id]);
  });

  it('accepts the existing client spelling of property names', async () => {
    expect(await filter({ VehicleTypeId: c.motorcycle.id, Makes: ['Honda'] })).toEqual([c.cbr.id]);
  });

  it('leaves out deleted vehicles and keeps vehicles booked on other days', async () => {
    await bookDays(t.database, c.tesla.id, ['2026-07-01']);
    const ids = await filter({ makes: ['Audi', 'Tesla'] });
    expect(ids).toEqual([c.a4.id, c.tesla.id]);
    expect(ids).not.toContain(c.deleted.id);
  });
});
