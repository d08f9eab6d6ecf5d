import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jpegPart,
  multipartBody,
  setUpVehicleWriteFixture,
  validCreateFields,
  type VehicleWriteFixture,
} from '../../../test/helpers/vehicles';

/** The vehicle create and edit forms (multipart) with and without the place fields (issue 26). */
describe('the vehicle forms’ place', { timeout: 120_000 }, () => {
  let f: VehicleWriteFixture;
  beforeAll(async () => {
    f = await setUpVehicleWriteFixture();
  });
  afterAll(() => f.t.close());

  const send = (method: 'POST' | 'PUT', url: string, fields: [string, string][]) => {
    const { payload, headers } = multipartBody(fields, method === 'POST' ? [jpegPart(f.jpeg)] : []);
    return f.t.app.inject({ method, url, payload, headers: { ...headers, cookie: f.ownerCookie } });
  };
  const placeOf = async (id: string) =>
    (await f.t.app.inject({ method: 'GET', url: `/api/vehicle/location/${id}`, headers: { cookie: f.ownerCookie } })).json();
  const place: [string, string][] = [
    ['Address', 'Dam 1'],
    ['Postcode', '1012 JS'],
    ['City', 'Amsterdam'],
    ['Country', 'NL'],
    ['Lat', '52.3731'],
    ['Lng', '4.8926'],
  ];

  it('saves the place sent with a new vehicle, then a vehicle sent without one (the existing client) takes it', async () => {
    const first = await send('POST', '/api/vehicle/create', [...validCreateFields(f.c), ...place]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ place: { city: 'Amsterdam', country: 'NL', radiusM: 500 } });
    expect(await placeOf(first.json().id)).toEqual({
      address: 'Dam 1',
      postcode: '1012 JS',
      city: 'Amsterdam',
      country: 'NL',
      lat: 52.3731,
      lng: 4.8926,
    });

    const second = await send('POST', '/api/vehicle/create', validCreateFields(f.c));
    expect(second.statusCode, second.body).toBe(200);
    expect(await placeOf(second.json().id)).toMatchObject({ city: 'Amsterdam', lat: 52.3731 });
  });

  it('refuses a bad or incomplete place with 400 naming the field, and lists nothing', async () => {
    const before = (await f.t.app.inject({ method: 'GET', url: '/api/vehicle/user-vehicles', headers: { cookie: f.ownerCookie } })).json()
      .length;
    const badLat = await send('POST', '/api/vehicle/create', [
      ...validCreateFields(f.c),
      ...place.filter(([k]) => k !== 'Lat'),
      ['Lat', '123'],
    ]);
    expect(badLat.statusCode).toBe(400);
    expect(Object.keys(badLat.json().errors)).toContain('lat');
    const noCountry = await send('POST', '/api/vehicle/create', [...validCreateFields(f.c), ...place.filter(([k]) => k !== 'Country')]);
    expect(noCountry.statusCode).toBe(400);
    expect(Object.keys(noCountry.json().errors)).toContain('country');
    const after = (await f.t.app.inject({ method: 'GET', url: '/api/vehicle/user-vehicles', headers: { cookie: f.ownerCookie } })).json()
      .length;
    expect(after).toBe(before);
  });

  it('moves the vehicle when the edit form sends a place, and keeps it when it sends none', async () => {
    const created = await send('POST', '/api/vehicle/create', [...validCreateFields(f.c), ...place]);
    const id = created.json().id as string;
    const base = validCreateFields(f.c).filter(([k]) => !/^(images|isCompanyProperty)/i.test(k));
    const moved = await send('PUT', `/api/vehicle/edit/${id}`, [
      ...base,
      ['City', 'Utrecht'],
      ['Country', 'NL'],
      ['Lat', '52.0907'],
      ['Lng', '5.1214'],
    ]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await placeOf(id)).toEqual({ address: null, postcode: null, city: 'Utrecht', country: 'NL', lat: 52.0907, lng: 5.1214 });
    const kept = await send('PUT', `/api/vehicle/edit/${id}`, base);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await placeOf(id)).toMatchObject({ city: 'Utrecht' });
  });
});
