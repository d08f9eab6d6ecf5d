import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult, VehicleCard } from '@rentdrive/contracts/search';
import { createVehicle } from '../../../test/factories';
import { bookDays, eventually, seedSearchCatalogue, type SearchCatalogue } from '../../../test/helpers/search';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { vehicles } from '../../db/schema/index';

describe('POST /api/vehicle/search', () => {
  let t: TestApp;
  let c: SearchCatalogue;
  beforeAll(async () => {
    t = await createTestApp();
    c = await seedSearchCatalogue(t.database);
    await bookDays(t.database, c.rav4.id, ['2026-07-01', '2026-07-02', '2026-07-03']);
  });
  afterAll(() => t.close());

  const search = async (body: unknown) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/vehicle/search', payload: body as object });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SearchResult>();
  };
  const ids = (r: SearchResult) => r.items.map((i) => i.id);

  it('answers cards, total, page and facets; facet counts leave out their own selection', async () => {
    const r = await search({ vehicleTypeId: 'Car', makes: ['Toyota'] });
    expect(r.total).toBe(2);
    expect(r.page).toBe(1);
    expect(r.pageSize).toBe(24);
    expect(new Set(ids(r))).toEqual(new Set([c.corolla.id, c.rav4.id]));
    // Choosing Toyota still shows how many of each other make there are.
    expect(r.facets.makes).toEqual([
      { name: 'Audi', count: 1 },
      { name: 'BMW', count: 1 },
      { name: 'Tesla', count: 1 },
      { name: 'Toyota', count: 2 },
    ]);
    // Colors count within the chosen make; colors of other cars stay listed with 0.
    expect(r.facets.colors).toEqual([
      { name: 'Black', count: 0 },
      { name: 'Blue', count: 1 },
      { name: 'Red', count: 1 },
      { name: 'White', count: 0 },
    ]);
    expect(r.facets.fuelTypes).toEqual([
      { id: 1, name: 'Petrol', count: 1 },
      { id: 2, name: 'Diesel', count: 0 },
      { id: 3, name: 'Electric', count: 0 },
      { id: 4, name: 'Hybrid', count: 1 },
    ]);
    expect(r.facets.price).toEqual({ min: 40, max: 70 });
    expect(r.facets.year).toEqual({ min: 2018, max: 2021 });
  });

  it('keeps the price range of everything else while a price range is chosen', async () => {
    const r = await search({ vehicleTypeId: 'Car', minPrice: 50, maxPrice: 65 });
    expect(ids(r)).toEqual([c.a4.id]);
    expect(r.facets.price).toEqual({ min: 40, max: 120 });
    expect(r.facets.year).toEqual({ min: 2019, max: 2019 });
    expect(r.facets.makes.find((m) => m.name === 'Toyota')?.count).toBe(0);
  });

  it("counts a type's property values, each property leaving out its own selection", async () => {
    const r = await search({ vehicleTypeId: c.car.id, properties: [{ propertyId: c.seats.id, values: ['5'] }] });
    expect(r.total).toBe(4);
    const seats = r.facets.properties.find((p) => p.propertyId === c.seats.id);
    expect(seats).toMatchObject({ propertyName: 'Seats', valueType: 'Int' });
    expect(seats?.propertyValues).toEqual([
      { propertyValue: '5', unitOfMeasurement: 'None', count: 4 },
      { propertyValue: '7', unitOfMeasurement: 'None', count: 1 },
    ]);
    const gearbox = r.facets.properties.find((p) => p.propertyId === c.gearbox.id);
    expect(gearbox?.propertyValues).toEqual([
      { propertyValue: 'Automatic', unitOfMeasurement: 'None', count: 3 },
      { propertyValue: 'Manual', unitOfMeasurement: 'None', count: 1 },
    ]);
    expect((await search({})).facets.properties).toEqual([]);
  });

  it('pages through the results without gaps or repeats', async () => {
    // One after the other: pages after the first reuse the first one's facets and query only their cards.
    const pages: SearchResult[] = [];
    for (const page of [1, 2, 3, 4]) pages.push(await search({ sort: 'price-asc', page, pageSize: 2 }));
    expect(pages.map((p) => p.total)).toEqual([6, 6, 6, 6]);
    expect(pages.map((p) => p.facets)).toEqual([pages[0]!.facets, pages[0]!.facets, pages[0]!.facets, pages[0]!.facets]);
    const descending = await search({ sort: 'price-desc', page: 1, pageSize: 2 });
    expect(ids(descending)).toEqual([c.x5.id, c.tesla.id]);
    const typoPage2 = await search({ searchQuery: 'toyta', sort: 'relevance', page: 2, pageSize: 1 });
    expect(typoPage2.total).toBe(2);
    expect(typoPage2.items).toHaveLength(1);
    expect(pages.map(ids)).toEqual([[c.cbr.id, c.corolla.id], [c.a4.id, c.rav4.id], [c.tesla.id, c.x5.id], []]);
  });

  it('sorts by price, year, rating and age', async () => {
    expect(ids(await search({ sort: 'price-desc' }))[0]).toBe(c.x5.id);
    expect(ids(await search({ sort: 'year-desc' })).slice(0, 2)).toEqual([c.tesla.id, c.x5.id]);
    expect(ids(await search({ sort: 'rating-desc' })).slice(0, 2)).toEqual([c.x5.id, c.corolla.id]);
    expect(ids(await search({ sort: 'newest' }))).toEqual([c.tesla.id, c.cbr.id, c.x5.id, c.a4.id, c.rav4.id, c.corolla.id]);
    // Relevance without a text query falls back to newest first.
    expect(ids(await search({}))[0]).toBe(c.tesla.id);
  });

  it('ranks the best text match first', async () => {
    const r = await search({ searchQuery: 'corola', sort: 'relevance' });
    expect(ids(r)[0]).toBe(c.corolla.id);
  });

  it('keeps only vehicles free on every day of the window', async () => {
    const during = await search({ availableFrom: '2026-07-03', availableTo: '2026-07-05' });
    expect(ids(during)).not.toContain(c.rav4.id);
    expect(during.total).toBe(5);
    const after = await search({ availableFrom: '2026-07-04', availableTo: '2026-07-05', makes: ['Toyota'] });
    expect(new Set(ids(after))).toEqual(new Set([c.corolla.id, c.rav4.id]));
    const oneDay = await search({ availableFrom: '2026-07-02', makes: ['Toyota'] });
    expect(ids(oneDay)).toEqual([c.corolla.id]);
  });

  it('answers fresh results after vehicles are listed, deleted or booked (no stale cache)', async () => {
    expect((await search({ makes: ['Toyota'] })).total).toBe(2);
    const added = await createVehicle(t.database, {
      ownerId: c.owner.id,
      vehicleTypeId: c.car.id,
      vehicleTypeCategoryId: c.suv.id,
      make: 'Toyota',
    });
    // Written straight to the database: the index learns of each change by notification, a moment later.
    await eventually(async () => expect((await search({ makes: ['Toyota'] })).total).toBe(3));
    await bookDays(t.database, added.id, ['2026-08-01']);
    await eventually(async () => expect((await search({ makes: ['Toyota'], availableFrom: '2026-08-01' })).total).toBe(2));
    await t.database.db.update(vehicles).set({ deletedAt: new Date() }).where(eq(vehicles.id, added.id));
    await eventually(async () => expect((await search({ makes: ['Toyota'] })).total).toBe(2));
  });

  it('answers cards with the spec fields', async () => {
    const r = await search({ makes: ['Toyota'], sort: 'price-asc' });
    const card = r.items[0]!;
    expect(card).toEqual({
      id: c.corolla.id,
      make: 'Toyota',
      model: 'Corolla',
      vehicleType: 'Car',
      vehicleTypeCategory: 'Sedan',
      yearOfProduction: 2018,
      pricePerDay: 40,
      fuelType: 'Petrol',
      imageURL: expect.stringMatching(/^images\/vehicles\/.+-thumb\.webp$/),
      description: 'Economical compact for the city.',
      ownerName: 'search_owner',
      starsRating: 3,
      reviewCount: 1,
      // Issue 26: no place was given to this vehicle.
      city: null,
      country: null,
      point: null,
    });
  });
});

describe('card lists, counters and base filters', () => {
  let t: TestApp;
  let c: SearchCatalogue;
  beforeAll(async () => {
    t = await createTestApp();
    c = await seedSearchCatalogue(t.database);
  });
  afterAll(() => t.close());
  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  it('lists all live vehicles and the newest ones', async () => {
    const all = await get<VehicleCard[]>('/api/vehicle/all');
    expect(all.map((v) => v.id).sort()).toEqual([c.corolla.id, c.rav4.id, c.a4.id, c.x5.id, c.cbr.id, c.tesla.id].sort());
    const recent = await get<VehicleCard[]>('/api/vehicle/recent');
    expect(recent.map((v) => v.id)).toEqual([c.tesla.id, c.cbr.id, c.x5.id, c.a4.id, c.rav4.id, c.corolla.id]);
    expect(await get<VehicleCard[]>('/api/vehicle/recent?count=2')).toHaveLength(2);
    expect(all.find((v) => v.id === c.x5.id)).toMatchObject({ starsRating: 4.5, reviewCount: 2, pricePerDay: 120 });
  });

  it('counts active listings', async () => {
    expect(await get<number>('/api/vehicle/active-listings')).toBe(6);
  });

  it('answers the base filter properties of a type or category', async () => {
    expect(await get(`/api/vehicle/base-filter-properties?vehicleTypeId=${c.car.id}`)).toEqual({
      makes: [
        { name: 'Audi', count: 1 },
        { name: 'BMW', count: 1 },
        { name: 'Tesla', count: 1 },
        { name: 'Toyota', count: 2 },
      ],
      colors: [
        { name: 'Black', count: 2 },
        { name: 'Blue', count: 1 },
        { name: 'Red', count: 1 },
        { name: 'White', count: 1 },
      ],
      fuelTypes: [
        { id: 1, name: 'Petrol' },
        { id: 2, name: 'Diesel' },
        { id: 3, name: 'Electric' },
        { id: 4, name: 'Hybrid' },
      ],
      minPrice: 40,
      maxPrice: 120,
      minYearOfProduction: 2018,
      maxYearOfProduction: 2023,
    });
    const suv = await get<{ makes: unknown[]; minPrice: number }>(
      `/api/vehicle/base-filter-properties?vehicleTypeId=${c.car.id}&vehicleTypeCategoryId=${c.suv.id}`,
    );
    expect(suv.makes).toEqual([
      { name: 'BMW', count: 1 },
      { name: 'Toyota', count: 1 },
    ]);
    expect(suv.minPrice).toBe(70);
    expect(await get('/api/vehicle/base-filter-properties')).toMatchObject({ minPrice: 35, maxPrice: 120 });
  });

  it('reads a type or category of 0 or empty as no filter, as the web client sends on /listing without a type', async () => {
    const unfiltered = await get('/api/vehicle/base-filter-properties');
    for (const query of [
      'vehicleTypeId=0&vehicleTypeCategoryId=',
      'vehicleTypeId=0&vehicleTypeCategoryId=0',
      'vehicleTypeId=&vehicleTypeCategoryId=',
    ]) {
      expect(await get(`/api/vehicle/base-filter-properties?${query}`), query).toEqual(unfiltered);
    }
    const carOnly = await get(`/api/vehicle/base-filter-properties?vehicleTypeId=${c.car.id}`);
    expect(await get(`/api/vehicle/base-filter-properties?vehicleTypeId=${c.car.id}&vehicleTypeCategoryId=0`)).toEqual(carOnly);
  });

  it('answers the property values of a type with counts', async () => {
    const r = await get<{ typeId: number; name: string; properties: { propertyName: string; propertyValues: unknown[] }[] }>(
      `/api/vehicletypepropertyvalue/filter/${c.car.id}`,
    );
    expect(r.typeId).toBe(c.car.id);
    expect(r.name).toBe('Car');
    expect(r.properties.map((p) => p.propertyName)).toEqual(['Seats', 'Transmission']);
    expect(r.properties[0]!.propertyValues).toEqual([
      { propertyValue: '5', unitOfMeasurement: 'None', count: 4 },
      { propertyValue: '7', unitOfMeasurement: 'None', count: 1 },
    ]);
    const bike = await get<{ properties: unknown[] }>(`/api/vehicletypepropertyvalue/filter/${c.motorcycle.id}`);
    expect(bike.properties).toEqual([]);
    const missing = await t.app.inject({ method: 'GET', url: '/api/vehicletypepropertyvalue/filter/999999' });
    expect(missing.statusCode).toBe(404);
  });

  it('answers empty lists and neutral bounds when nothing is listed', async () => {
    const empty = await createTestApp();
    try {
      expect((await empty.app.inject({ method: 'GET', url: '/api/vehicle/all' })).json()).toEqual([]);
      expect((await empty.app.inject({ method: 'GET', url: '/api/vehicle/recent' })).json()).toEqual([]);
      expect((await empty.app.inject({ method: 'GET', url: '/api/vehicle/active-listings' })).json()).toBe(0);
      const base = (await empty.app.inject({ method: 'GET', url: '/api/vehicle/base-filter-properties' })).json();
      expect(base).toEqual({
        makes: [],
        colors: [],
        fuelTypes: [],
        minPrice: 0,
        maxPrice: 0,
        minYearOfProduction: 1970,
        maxYearOfProduction: 2026,
      });
      const res = await empty.app.inject({ method: 'POST', url: '/api/vehicle/search', payload: {} });
      expect(res.json()).toMatchObject({ items: [], total: 0, facets: { makes: [], price: { min: null, max: null } } });
    } finally {
      await empty.close();
    }
  });
});
