import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VehicleCard } from '@rentdrive/contracts/search';
import { createVehicle } from '../../../test/factories';
import { eventually, seedSearchCatalogue, type SearchCatalogue } from '../../../test/helpers/search';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('text search and bad input', () => {
  let t: TestApp;
  let c: SearchCatalogue;
  beforeAll(async () => {
    t = await createTestApp();
    c = await seedSearchCatalogue(t.database);
  });
  afterAll(() => t.close());

  const textSearch = async (q: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/vehicle/search-vehicles?searchQuery=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<VehicleCard[]>().map((v) => v.id);
  };
  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

  it('finds a make despite a typo', async () => {
    expect(new Set(await textSearch('toyta'))).toEqual(new Set([c.corolla.id, c.rav4.id]));
    expect(await textSearch('teslaa')).toEqual([c.tesla.id]);
  });

  it('ranks the best match first', async () => {
    expect((await textSearch('toyota rav'))[0]).toBe(c.rav4.id);
    expect((await textSearch('Corolla'))[0]).toBe(c.corolla.id);
  });

  it('matches type, category, fuel, year and description words', async () => {
    expect(await textSearch('motorcycle')).toEqual([c.cbr.id]);
    expect(new Set(await textSearch('suv'))).toEqual(new Set([c.rav4.id, c.x5.id]));
    expect(await textSearch('hybrid')).toEqual([c.rav4.id]);
    expect(await textSearch('2023')).toEqual([c.tesla.id]);
    expect(await textSearch('premium')).toEqual([c.x5.id]);
  });

  it('treats % and _ typed by a user as literal characters', async () => {
    // Only the descriptions that contain the character itself match, not everything.
    expect(await textSearch('%')).toEqual([c.tesla.id]);
    expect(await textSearch('_')).toEqual([c.cbr.id]);
    expect(await textSearch('100%')).toEqual([c.tesla.id]);
    expect(await textSearch('for_track')).toEqual([c.cbr.id]);
    expect(await textSearch('t%a')).toEqual([]);
  });

  it('answers [] for an empty query and leaves out deleted vehicles', async () => {
    expect(await textSearch('')).toEqual([]);
    expect(await textSearch('   ')).toEqual([]);
    expect(await textSearch('A6')).not.toContain(c.deleted.id);
  });

  it('finds a vehicle listed after start and follows a renamed category', async () => {
    const added = await createVehicle(t.database, {
      ownerId: c.owner.id,
      vehicleTypeId: c.car.id,
      vehicleTypeCategoryId: c.sedan.id,
      make: 'Škoda',
      model: 'Octavia',
    });
    // Written straight to the database: the index learns of it by notification, a moment later.
    await eventually(async () => expect(await textSearch('octavia')).toEqual([added.id]));
    await t.database.db.execute(`update vehicle_type_categories set name = 'Saloon' where id = ${c.sedan.id}` as never);
    await eventually(async () => expect(await textSearch('saloon')).toContain(added.id));
  });

  it.each([
    ['an unknown type id', { vehicleTypeId: 999999 }, 'vehicleTypeId'],
    ['an unknown type name', { vehicleTypeId: 'Spaceship' }, 'vehicleTypeId'],
    ['a category of another type', { vehicleTypeId: 'Motorcycle', vehicleTypeCategoryId: 'SUV' }, 'vehicleTypeCategoryId'],
    ['minPrice above maxPrice', { minPrice: 100, maxPrice: 50 }, 'minPrice'],
    ['minYear above maxYear', { minYear: 2022, maxYear: 2020 }, 'minYear'],
    ['a negative price', { minPrice: -1 }, 'minPrice'],
    ['pageSize 1000', { pageSize: 1000 }, 'pageSize'],
    ['pageSize 0', { pageSize: 0 }, 'pageSize'],
    ['page 0', { page: 0 }, 'page'],
    ['a 10 KB search string', { searchQuery: 'a'.repeat(10_240) }, 'searchQuery'],
    ['an unknown sort', { sort: 'cheapest' }, 'sort'],
    ['an unknown fuel', { fuelType: 'Steam' }, 'fuelType'],
    ['an unknown property', { properties: [{ propertyId: '00000000-0000-4000-8000-000000000000', values: ['1'] }] }, 'properties'],
    ['a property id that is not a uuid', { properties: [{ propertyId: "1' or 1=1", values: ['1'] }] }, 'properties.0.propertyId'],
    ['makes that are not a list', { makes: 'Toyota' }, 'makes'],
    ['a malformed day', { availableFrom: '2026-13-45' }, 'availableFrom'],
    ['a window ending before it starts', { availableFrom: '2026-07-05', availableTo: '2026-07-01' }, 'availableFrom'],
    ['a window longer than a year', { availableFrom: '2026-01-01', availableTo: '2027-06-01' }, 'availableTo'],
  ])('refuses %s with a clear 400', async (_name, body, field) => {
    const res = await post('/api/vehicle/search', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const problem = res.json<{ code: string; detail: string; errors: Record<string, string[]> }>();
    expect(problem.code).toBe('validation_failed');
    expect(problem.detail.length).toBeGreaterThan(5);
    expect(Object.keys(problem.errors)).toContain(field);
  });

  it('refuses bad input on the other endpoints too', async () => {
    expect((await post('/api/vehicle/filter', { vehicleTypeId: 424242 })).statusCode).toBe(400);
    expect((await post('/api/vehicle/filter', { minPrice: 10, maxPrice: 5 })).json().detail).toBe(
      'The minimum price must not be above the maximum price.',
    );
    const long = await t.app.inject({ method: 'GET', url: `/api/vehicle/search-vehicles?searchQuery=${'x'.repeat(10_240)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toBe('Search text must be at most 200 characters.');
    expect((await t.app.inject({ method: 'GET', url: '/api/vehicle/base-filter-properties?vehicleTypeId=987654' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/vehicle/recent?count=1000' })).statusCode).toBe(400);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/vehicle/search',
      headers: { 'content-type': 'application/json' },
      payload: '{"makes": [',
    });
    expect(badJson.statusCode).toBe(400);
  });
});

describe('when the database cannot answer', () => {
  it('answers 503 problem+json that a client can retry, not a stale or broken answer', async () => {
    const t = await createTestApp();
    await seedSearchCatalogue(t.database);
    expect((await t.app.inject({ method: 'POST', url: '/api/vehicle/search', payload: {} })).statusCode).toBe(200);
    await t.database.close();
    try {
      for (const request of [
        { method: 'POST' as const, url: '/api/vehicle/search', payload: {} },
        { method: 'GET' as const, url: '/api/vehicle/recent' },
        { method: 'POST' as const, url: '/api/vehicle/filter', payload: {} },
      ]) {
        const res = await t.app.inject(request);
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json()).toMatchObject({
          code: 'service_unavailable',
          detail: 'Search is unavailable right now. Please try again in a moment.',
        });
      }
    } finally {
      await t.app.close();
    }
  });
});
