import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeoPlace, VehicleLocation } from '@rentdrive/contracts/location';
import type { SearchResult } from '@rentdrive/contracts/search';
import { distanceKm } from '@rentdrive/domain/geo';
import { createUser, createVehicle, signIn } from '../../../test/factories';
import { createFundedUser, rent } from '../../../test/helpers/money';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Real places (WGS84) the tests put vehicles at. */
const PLACES = {
  berlinMitte: { city: 'Berlin', country: 'DE', postcode: '10117', lat: 52.5163, lng: 13.3777, address: 'Pariser Platz 1' },
  potsdam: { city: 'Potsdam', country: 'DE', postcode: '14467', lat: 52.3906, lng: 13.0645 },
  munich: { city: 'München', country: 'DE', postcode: '80331', lat: 48.1374, lng: 11.5755 },
  paris: { city: 'Paris', country: 'FR', postcode: '75001', lat: 48.8606, lng: 2.3376 },
  // Taveuni, Fiji: the island the 180th meridian runs across.
  fiji: { city: 'Waiyevo', country: 'FJ', lat: -16.7869, lng: 179.9802 },
  samoa: { city: 'Apia', country: 'WS', lat: -13.8333, lng: -171.7667 },
};

let t: TestApp;
let ownerCookie: string;
let ownerId: string;
let strangerCookie: string;
let employeeCookie: string;
const vehicleAt: Record<string, string> = {};
let placeless: string;
let typeId: number;

const inject = (method: 'GET' | 'PUT' | 'POST', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const putPlace = (id: string, cookie: string | undefined, body: unknown) => inject('PUT', `/api/vehicle/location/${id}`, cookie, body);
const search = async (body: unknown) => {
  const res = await inject('POST', '/api/vehicle/search', undefined, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResult>();
};
const problemFields = (res: { json: () => unknown }) => Object.keys((res.json() as { errors?: Record<string, string[]> }).errors ?? {});

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUser(t.database);
  ownerId = owner.id;
  ownerCookie = await signIn(t.database, owner);
  strangerCookie = await signIn(t.database, await createUser(t.database));
  employeeCookie = await signIn(t.database, await createUser(t.database, { isCompanyEmployee: true }));
  const first = await createVehicle(t.database, { ownerId, make: 'Placed' });
  typeId = first.vehicleTypeId;
  const names = Object.keys(PLACES) as (keyof typeof PLACES)[];
  for (const [i, name] of names.entries()) {
    const v =
      i === 0
        ? first
        : await createVehicle(t.database, {
            ownerId,
            make: 'Placed',
            vehicleTypeId: typeId,
            vehicleTypeCategoryId: first.vehicleTypeCategoryId,
          });
    vehicleAt[name] = v.id;
    const res = await putPlace(v.id, ownerCookie, PLACES[name]);
    expect(res.statusCode, res.body).toBe(200);
  }
  placeless = (
    await createVehicle(t.database, { ownerId, make: 'Nowhere', vehicleTypeId: typeId, vehicleTypeCategoryId: first.vehicleTypeCategoryId })
  ).id;
});
afterAll(() => t.close());

describe('GET and PUT /api/vehicle/location/{id}', () => {
  it('saves the owner’s place and reads it back exactly, address included; country codes are read in any case', async () => {
    const id = vehicleAt.potsdam!;
    const res = await putPlace(id, ownerCookie, {
      address: ' Am Neuen Markt 9 ',
      postcode: '14467',
      city: 'Potsdam',
      country: 'de',
      lat: 52.3906,
      lng: 13.0645,
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected: VehicleLocation = {
      address: 'Am Neuen Markt 9',
      postcode: '14467',
      city: 'Potsdam',
      country: 'DE',
      lat: 52.3906,
      lng: 13.0645,
    };
    expect(res.json()).toEqual(expected);
    expect((await inject('GET', `/api/vehicle/location/${id}`, ownerCookie)).json()).toEqual(expected);
  });

  it('answers null for a vehicle without a place yet', async () => {
    const res = await inject('GET', `/api/vehicle/location/${placeless}`, ownerCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it('is the owner’s (or an employee’s for company vehicles): 401 signed out, 403 a stranger, 404 unknown', async () => {
    const id = vehicleAt.berlinMitte!;
    expect((await inject('GET', `/api/vehicle/location/${id}`)).statusCode).toBe(401);
    expect((await inject('GET', `/api/vehicle/location/${id}`, strangerCookie)).statusCode).toBe(403);
    expect((await putPlace(id, strangerCookie, PLACES.paris)).statusCode).toBe(403);
    expect((await inject('GET', `/api/vehicle/location/${id}`, employeeCookie)).statusCode).toBe(403);
    expect((await inject('GET', '/api/vehicle/location/9b2f1c70-1111-4c1e-9a4e-2f1d6c8b9a01', ownerCookie)).statusCode).toBe(404);
    expect((await inject('GET', '/api/vehicle/location/not-a-uuid', ownerCookie)).statusCode).toBe(404);

    const company = await createUser(t.database, { isCompanyAccount: true });
    const companyVehicle = await createVehicle(t.database, { ownerId: company.id, isCompanyProperty: true });
    const byEmployee = await putPlace(companyVehicle.id, employeeCookie, PLACES.paris);
    expect(byEmployee.statusCode, byEmployee.body).toBe(200);
    expect((await inject('GET', `/api/vehicle/location/${companyVehicle.id}`, employeeCookie)).json()).toMatchObject({ city: 'Paris' });
  });

  it.each([
    ['a latitude above 90', { ...PLACES.paris, lat: 91 }, 'lat'],
    ['a longitude below -180', { ...PLACES.paris, lng: -180.5 }, 'lng'],
    ['a latitude as text', { ...PLACES.paris, lat: 'north' }, 'lat'],
    ['no longitude', { city: 'Paris', country: 'FR', lat: 48.8 }, 'lng'],
    ['a country that is no ISO code', { ...PLACES.paris, country: 'France' }, 'country'],
    ['an unassigned country code', { ...PLACES.paris, country: 'XX' }, 'country'],
    ['no city', { ...PLACES.paris, city: '  ' }, 'city'],
  ])('refuses %s with 400 naming the field', async (_what, body, field) => {
    const res = await putPlace(vehicleAt.paris!, ownerCookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(problemFields(res)).toContain(field);
  });
});

describe('the vehicle page shows the city and a rounded point, never the address', () => {
  it('GET /api/vehicle/{id}', async () => {
    const res = await inject('GET', `/api/vehicle/${vehicleAt.berlinMitte}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Pariser Platz');
    expect(res.body).not.toContain('52.5163');
    const { place } = res.json<{ place: { city: string; country: string; lat: number; lng: number; radiusM: number } }>();
    expect(place).toMatchObject({ city: 'Berlin', country: 'DE', radiusM: 500 });
    expect(distanceKm(place, PLACES.berlinMitte) * 1000).toBeLessThan(500);
    expect(place.lat).not.toBe(PLACES.berlinMitte.lat);
    expect((await inject('GET', `/api/vehicle/${placeless}`)).json()).toMatchObject({ place: null });
  });

  it('the owner’s edit load has the exact place', async () => {
    const res = await inject('GET', `/api/vehicle/edit/${vehicleAt.berlinMitte}`, ownerCookie);
    expect(res.json()).toMatchObject({ exactPlace: { address: 'Pariser Platz 1', lat: 52.5163, lng: 13.3777 } });
  });
});

describe('the renter of a booking', () => {
  it('sees the exact pick-up place, address included, on My Rentals; not once the booking is cancelled', async () => {
    const renter = await createFundedUser(t, 500);
    const day = new Date(t.clock.now().getTime() + 5 * 86_400_000).toISOString().slice(0, 10);
    const booked = await rent(t.app, renter.cookie, vehicleAt.berlinMitte!, [day]);
    expect(booked.statusCode, booked.body).toBe(200);
    const mine = (await inject('GET', '/api/rental/my-rentals', renter.cookie)).json<{ vehicleId: string; pickUp: unknown }[]>();
    expect(mine.find((r) => r.vehicleId === vehicleAt.berlinMitte)?.pickUp).toMatchObject({
      address: 'Pariser Platz 1',
      city: 'Berlin',
      lat: 52.5163,
      lng: 13.3777,
    });
    await inject('POST', `/api/rental/cancel-rental/${booked.json<{ id: string }>().id}`, renter.cookie);
    const after = (await inject('GET', '/api/rental/my-rentals', renter.cookie)).json<{ vehicleId: string; pickUp: unknown }[]>();
    expect(after.find((r) => r.vehicleId === vehicleAt.berlinMitte)?.pickUp).toBeNull();
  });
});

describe('search by place', () => {
  const berlin = { lat: 52.52, lng: 13.405 };

  it('filters by radius, sorts by distance and gives each card its city and distance', async () => {
    const r = await search({ near: { ...berlin, radiusKm: 50 }, sort: 'distance' });
    expect(r.items.map((i) => i.id)).toEqual([vehicleAt.berlinMitte, vehicleAt.potsdam]);
    expect(r.total).toBe(2);
    const [first, second] = r.items;
    expect(first).toMatchObject({ city: 'Berlin', country: 'DE' });
    expect(first!.distanceKm).toBeCloseTo(distanceKm(berlin, PLACES.berlinMitte), 1);
    expect(second!.distanceKm).toBeGreaterThan(20);
    expect(second!.distanceKm).toBeLessThan(30);
    // The card's point is the rounded one.
    expect(first!.point).not.toEqual({ lat: PLACES.berlinMitte.lat, lng: PLACES.berlinMitte.lng });
    // A smaller radius leaves Potsdam out.
    expect((await search({ near: { ...berlin, radiusKm: 10 } })).items.map((i) => i.id)).toEqual([vehicleAt.berlinMitte]);
  });

  it('counts facets within the place', async () => {
    const r = await search({ near: { ...berlin, radiusKm: 100 } });
    expect(r.facets.makes).toEqual([{ name: 'Placed', count: 2 }]);
    const anywhere = await search({ makes: ['Placed', 'Nowhere'] });
    expect(anywhere.facets.makes.find((m) => m.name === 'Nowhere')?.count).toBe(1);
  });

  it('keeps vehicles without a place in searches that name none, and leaves them out of those that do', async () => {
    expect((await search({ pageSize: 100 })).items.map((i) => i.id)).toContain(placeless);
    const cards = (await search({ pageSize: 100 })).items;
    expect(cards.find((c) => c.id === placeless)).toMatchObject({ city: null, point: null });
    expect(
      (await search({ bounds: { north: 90, south: -90, west: -180, east: 180 }, pageSize: 100 })).items.map((i) => i.id),
    ).not.toContain(placeless);
  });

  it('filters by the map’s bounds, across the 180th meridian too', async () => {
    const europe = await search({ makes: ['Placed'], bounds: { north: 60, south: 40, west: -5, east: 20 }, sort: 'distance' });
    expect(new Set(europe.items.map((i) => i.id))).toEqual(
      new Set([vehicleAt.berlinMitte, vehicleAt.potsdam, vehicleAt.munich, vehicleAt.paris]),
    );
    const pacific = await search({ bounds: { north: 0, south: -30, west: 170, east: -165 } });
    expect(new Set(pacific.items.map((i) => i.id))).toEqual(new Set([vehicleAt.fiji, vehicleAt.samoa]));
    // A circle around a point just east of the antimeridian reaches the vehicle just west of it (13 km).
    const acrossTheLine = await search({ near: { lat: -16.79, lng: -179.9, radiusKm: 25 } });
    expect(acrossTheLine.items.map((i) => i.id)).toEqual([vehicleAt.fiji]);
    expect(acrossTheLine.items[0]!.distanceKm).toBeLessThan(15);
  });

  it.each([
    ['a radius not offered', { near: { lat: 52.5, lng: 13.4, radiusKm: 7 } }, 'near.radiusKm'],
    ['a radius above 100 km', { near: { lat: 52.5, lng: 13.4, radiusKm: 1000 } }, 'near.radiusKm'],
    ['a latitude out of range', { near: { lat: 95, lng: 13.4, radiusKm: 10 } }, 'near.lat'],
    ['inverted bounds', { bounds: { north: 40, south: 50, west: 0, east: 10 } }, 'bounds.south'],
    ['a longitude out of range in bounds', { bounds: { north: 50, south: 40, west: 0, east: 190 } }, 'bounds.east'],
    ['an unknown sort', { sort: 'closest' }, 'sort'],
  ])('refuses %s with 400 naming the field', async (_what, body, field) => {
    const res = await inject('POST', '/api/vehicle/search', undefined, body);
    expect(res.statusCode).toBe(400);
    expect(problemFields(res)).toContain(field);
  });

  it('sorts by distance from the bounds’ centre without a near point, and as relevance without any place', async () => {
    const r = await search({ bounds: { north: 53, south: 47, west: 10, east: 15 }, sort: 'distance' });
    // Centre 50N 12.5E: Munich (~240 km) before Berlin (~280 km).
    expect(r.items[0]!.id).toBe(vehicleAt.munich);
    expect(r.items[0]!.distanceKm ?? null).toBeNull();
    expect((await search({ sort: 'distance' })).total).toBeGreaterThan(6);
  });

  it('measures from a near point without a radius (anywhere): every vehicle, nearest first, those without a place last', async () => {
    const all = await search({ pageSize: 100 });
    const r = await search({ near: berlin, sort: 'distance', pageSize: 100 });
    expect(r.total).toBe(all.total);
    expect(r.items.slice(0, 2).map((i) => i.id)).toEqual([vehicleAt.berlinMitte, vehicleAt.potsdam]);
    const distances = r.items.filter((i) => i.point).map((i) => i.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(r.items.findIndex((i) => i.id === placeless)).toBeGreaterThan(r.items.findLastIndex((i) => i.point !== null));
    expect(r.items.find((i) => i.id === placeless)?.distanceKm).toBeUndefined();
  });

  it('follows a moved vehicle at once (read your writes)', async () => {
    const id = vehicleAt.munich!;
    expect((await putPlace(id, ownerCookie, { ...PLACES.berlinMitte, address: null })).statusCode).toBe(200);
    expect((await search({ near: { ...berlin, radiusKm: 5 } })).items.map((i) => i.id)).toContain(id);
    expect((await putPlace(id, ownerCookie, PLACES.munich)).statusCode).toBe(200);
    expect((await search({ near: { ...berlin, radiusKm: 5 } })).items.map((i) => i.id)).not.toContain(id);
  });
});

describe('GET /api/geo/places', () => {
  const places = async (q: string, extra = '') => {
    const res = await inject('GET', `/api/geo/places?q=${encodeURIComponent(q)}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GeoPlace[]>();
  };

  it('ignores diacritics and case: Munchen finds München, koln Köln, and the English names find them too', async () => {
    expect((await places('Munchen'))[0]).toMatchObject({ name: 'München', country: 'DE' });
    expect((await places('koln'))[0]).toMatchObject({ name: 'Köln', country: 'DE' });
    expect((await places('Munich'))[0]).toMatchObject({ name: 'München' });
    expect((await places('ZURICH'))[0]).toMatchObject({ name: 'Zürich', country: 'CH' });
    expect((await places('Malmo'))[0]).toMatchObject({ name: 'Malmö', country: 'SE' });
  });

  it('ranks by population, at most 10, with the point and population of each', async () => {
    const b = await places('b');
    expect(b).toHaveLength(10);
    expect(b[0]).toMatchObject({ name: 'Berlin', country: 'DE' });
    const populations = b.map((p) => p.population);
    expect(populations).toEqual([...populations].sort((x, y) => y - x));
    expect(b[0]!.lat).toBeCloseTo(52.52, 1);
    expect(await places('Paris', '&limit=3')).toHaveLength(3);
    expect((await places('Frankfurt'))[0]).toMatchObject({ name: 'Frankfurt am Main' });
    // Only European places: Paris, France before any Paris elsewhere, and no American one at all.
    expect((await places('Paris')).every((p) => p.country !== 'US')).toBe(true);
  });

  it('finds postcodes of saved places, at their city’s point', async () => {
    const found = await places('1011');
    expect(found[0]).toMatchObject({ name: 'Berlin', postcode: '10117', country: 'DE' });
    expect(found[0]!.lat).toBeCloseTo(52.52, 1);
    expect((await places('75001'))[0]).toMatchObject({ name: 'Paris', postcode: '75001' });
    expect(await places('99999')).toEqual([]);
  });

  it('answers nothing for an empty text and 400 for a limit above 10', async () => {
    expect(await places('')).toEqual([]);
    expect((await inject('GET', '/api/geo/places?q=ber&limit=11')).statusCode).toBe(400);
  });
});

describe('the existing client’s vehicle without a place', () => {
  it('takes the place of the owner’s previous listing (the create form sends none)', async () => {
    // The service path the multipart create uses: savePlaceOfForm with no place.
    const { savePlaceOfForm, exactPlaceOf } = await import('./location.service');
    const v = await createVehicle(t.database, { ownerId, vehicleTypeId: typeId });
    await t.database.db.transaction((tx) => savePlaceOfForm(tx, v.id, ownerId, null, new Date(), true));
    const inherited = await exactPlaceOf(t.database.db, v.id);
    expect(inherited).not.toBeNull();
    expect(inherited!.city).toBeTruthy();
    const loner = await createUser(t.database);
    const first = await createVehicle(t.database, { ownerId: loner.id, vehicleTypeId: typeId });
    await t.database.db.transaction((tx) => savePlaceOfForm(tx, first.id, loner.id, null, new Date(), true));
    expect(await exactPlaceOf(t.database.db, first.id)).toBeNull();
  });
});
