import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VehicleCard } from '@rentdrive/contracts/search';
import { createCategory, createUser, createVehicle, createVehicleType, signIn } from '../../../test/factories';
import { seedSearchCatalogue, type SearchCatalogue } from '../../../test/helpers/search';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { vehicleTypeCategories, vehicleTypeProperties, vehicleTypes } from '../../db/schema/index';

/**
 * Catalogue names per language (issue 24): every answer that names a type, category or property
 * answers in the request's language (Accept-Language), English when it asks for none; employees
 * save a name per language; the text search finds vehicles by the translated names.
 */
describe('catalogue names in the request language', () => {
  let t: TestApp;
  let c: SearchCatalogue;
  let employee: string;
  let bicycle: { id: number };
  let cityBike: { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    c = await seedSearchCatalogue(t.database);
    const db = t.database.db;
    await db
      .update(vehicleTypes)
      .set({ translations: { de: 'Auto', fr: 'Voiture', nl: 'Auto' } })
      .where(eq(vehicleTypes.id, c.car.id));
    await db
      .update(vehicleTypeCategories)
      .set({ translations: { de: 'Limousine', fr: 'Berline' } })
      .where(eq(vehicleTypeCategories.id, c.sedan.id));
    await db
      .update(vehicleTypeProperties)
      .set({ translations: { de: 'Sitze', fr: 'Places' } })
      .where(eq(vehicleTypeProperties.id, c.seats.id));
    bicycle = await createVehicleType(t.database, { name: 'Bicycle' });
    await db
      .update(vehicleTypes)
      .set({ translations: { de: 'Fahrrad', fr: 'Vélo', it: 'Bicicletta' } })
      .where(eq(vehicleTypes.id, bicycle.id));
    const city = await createCategory(t.database, bicycle.id, { name: 'City' });
    cityBike = await createVehicle(t.database, {
      ownerId: c.owner.id,
      vehicleTypeId: bicycle.id,
      vehicleTypeCategoryId: city.id,
      make: 'Gazelle',
      model: 'Esprit',
      fuelType: 0,
      description: 'Upright commuter with a basket.',
    });
    employee = await signIn(t.database, await createUser(t.database, { isCompanyEmployee: true }));
  });
  afterAll(() => t.close());

  const get = (url: string, language?: string) =>
    t.app.inject({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} });
  const names = (rows: { id: number | string; name: string }[], id: number | string) => rows.find((r) => r.id === id)?.name;

  it('answers the reference data in German for a German request, and in English without a language', async () => {
    const german = await get('/api/vehicletype/types', 'de-DE,de;q=0.9');
    expect(german.statusCode).toBe(200);
    expect(names(german.json(), c.car.id)).toBe('Auto');
    expect(names(german.json(), c.motorcycle.id)).toBe('Motorcycle'); // no German name saved: English
    expect(german.headers.vary).toMatch(/Accept-Language/i);

    const english = await get('/api/vehicletype/types');
    expect(english.json().find((x: { id: number }) => x.id === c.car.id)).toEqual({
      id: c.car.id,
      name: 'Car',
      availableFuels: expect.any(Array),
    });

    expect(names((await get('/api/vehicletypecategory/all', 'de')).json(), c.sedan.id)).toBe('Limousine');
    expect(names((await get('/api/vehicletypecategory/all')).json(), c.sedan.id)).toBe('Sedan');
    expect(names((await get('/api/vehicletypeproperty/types/properties', 'fr')).json(), c.seats.id)).toBe('Places');
  });

  it('names type, category and properties of cards, facets and vehicle details in the request language', async () => {
    const search = (language?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/vehicle/search',
        payload: { vehicleTypeId: 'Car', pageSize: 50 },
        headers: language ? { 'accept-language': language } : {},
      });
    const german = (await search('de')).json();
    const corolla = german.items.find((v: VehicleCard) => v.id === c.corolla.id);
    expect(corolla).toMatchObject({ vehicleType: 'Auto', vehicleTypeCategory: 'Limousine' });
    expect(german.facets.properties.map((p: { propertyName: string }) => p.propertyName)).toContain('Sitze');

    const english = (await search()).json();
    expect(english.items.find((v: VehicleCard) => v.id === c.corolla.id)).toMatchObject({
      vehicleType: 'Car',
      vehicleTypeCategory: 'Sedan',
    });
    expect(english.facets.properties.map((p: { propertyName: string }) => p.propertyName)).toContain('Seats');

    const details = await get(`/api/vehicle/${c.corolla.id}`, 'fr');
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ vehicleType: 'Voiture', vehicleTypeCategory: 'Berline' });
    expect(JSON.stringify(details.json())).toContain('Places');
    expect((await get(`/api/vehicle/${c.corolla.id}`)).json()).toMatchObject({ vehicleType: 'Car', vehicleTypeCategory: 'Sedan' });

    const props = (await get(`/api/vehicletypepropertyvalue/filter/${c.car.id}`, 'de')).json();
    expect(props.name).toBe('Auto');
  });

  it('filters by a type named in another language, as the web puts the shown name in its links', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/vehicle/search', payload: { vehicleTypeId: 'Fahrrad' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((v: VehicleCard) => v.id)).toEqual([cityBike.id]);
  });

  it("finds bicycles by 'Fahrrad' and cars by 'Auto' or 'voiture' in the text search", async () => {
    const textSearch = async (q: string, language?: string) => {
      const res = await get(`/api/vehicle/search-vehicles?searchQuery=${encodeURIComponent(q)}`, language);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<VehicleCard[]>();
    };
    const bikes = await textSearch('Fahrrad', 'de');
    expect(bikes.map((v) => v.id)).toEqual([cityBike.id]);
    expect(bikes[0]!.vehicleType).toBe('Fahrrad');
    expect((await textSearch('velo')).map((v) => v.id)).toEqual([cityBike.id]); // accents optional
    const cars = new Set([c.corolla.id, c.rav4.id, c.a4.id, c.x5.id, c.tesla.id]);
    expect(new Set((await textSearch('Auto')).map((v) => v.id))).toEqual(cars);
    expect(new Set((await textSearch('voiture')).map((v) => v.id))).toEqual(cars);
    // Together with other words: a translated type and a make.
    expect((await textSearch('voiture tesla')).map((v) => v.id)).toEqual([c.tesla.id]);
    // A fuel in another language ('Benzin' is Petrol).
    const petrol = await textSearch('benzin');
    expect(petrol.length).toBeGreaterThan(0);
    expect(petrol.every((v) => v.fuelType === 'Petrol')).toBe(true);
  });

  it('lets an employee save a French name, which a French request then sees (and English stays)', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/vehicletype/edit/${c.motorcycle.id}`,
      payload: { name: 'Motorcycle', translations: { fr: '  Moto ', de: '' } },
      headers: { cookie: employee },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ id: c.motorcycle.id, name: 'Motorcycle', availableFuels: expect.any(Array) });

    expect(names((await get('/api/vehicletype/types', 'fr')).json(), c.motorcycle.id)).toBe('Moto');
    expect(names((await get('/api/vehicletype/types', 'de')).json(), c.motorcycle.id)).toBe('Motorcycle');
    expect(names((await get('/api/vehicletype/types')).json(), c.motorcycle.id)).toBe('Motorcycle');

    const translations = await get('/api/catalogue/translations');
    expect(translations.statusCode).toBe(401);
    const forEmployee = await t.app.inject({ method: 'GET', url: '/api/catalogue/translations', headers: { cookie: employee } });
    expect(forEmployee.json().types).toContainEqual({ id: c.motorcycle.id, translations: { fr: 'Moto' } });

    // A save without translations (an older client) keeps them.
    await t.app.inject({
      method: 'PUT',
      url: `/api/vehicletype/edit/${c.motorcycle.id}`,
      payload: { name: 'Motorbike' },
      headers: { cookie: employee },
    });
    expect(names((await get('/api/vehicletype/types', 'fr')).json(), c.motorcycle.id)).toBe('Moto');
    const cbr = (await get(`/api/vehicle/search-vehicles?searchQuery=moto`, 'fr')).json<VehicleCard[]>();
    expect(cbr.map((v) => [v.id, v.vehicleType])).toEqual([[c.cbr.id, 'Moto']]);
  });

  it('refuses a translated name over 50 characters, in the request language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vehicletypecategory/create',
      payload: { name: 'Gravel', description: 'Rough roads', vehicleTypeId: bicycle.id, translations: { it: 'x'.repeat(51) } },
      headers: { cookie: employee, 'accept-language': 'de' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['translations.it']).toEqual(['Der Name darf höchstens 50 Zeichen lang sein.']);
  });
});
