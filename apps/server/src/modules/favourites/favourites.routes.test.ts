import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createUser, createVehicle, createVehicleType, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { vehicleTypeCategories, vehicleTypes, vehicles } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clockStart: '2026-06-01T10:00:00Z' });
});
afterAll(() => t.close());

async function person() {
  const user = await createUser(t.database);
  return { user, cookie: await signIn(t.database, user) };
}

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie?: string) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {} });
const save = (cookie: string | undefined, id: string) => call('PUT', `/api/favourites/${id}`, cookie);
const forget = (cookie: string | undefined, id: string) => call('DELETE', `/api/favourites/${id}`, cookie);
const saved = async (cookie: string) => {
  const res = await call('GET', '/api/favourites', cookie);
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string; make: string; model: string; pricePerDay: number; ownerName: string; imageURL: string | null }[]>();
};

describe('favourites', () => {
  it('saves a vehicle as a card, newest saved first, and saving twice keeps one', async () => {
    const owner = await createUser(t.database, { username: 'fav_owner' });
    const first = await createVehicle(t.database, { ownerId: owner.id, make: 'Skoda', model: 'Octavia', pricePerDayCents: 4550 });
    const second = await createVehicle(t.database, { ownerId: owner.id, make: 'Audi', model: 'A4' });
    const me = await person();

    const res = await save(me.cookie, first.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ vehicleId: first.id, saved: true });
    t.clock.advanceMs(60_000);
    expect((await save(me.cookie, second.id)).statusCode).toBe(200);
    t.clock.advanceMs(60_000);
    expect((await save(me.cookie, first.id)).statusCode).toBe(200);

    const list = await saved(me.cookie);
    expect(list.map((card) => card.id)).toEqual([second.id, first.id]);
    expect(list[1]).toMatchObject({ make: 'Skoda', model: 'Octavia', pricePerDay: 45.5, ownerName: 'fav_owner' });
    expect(list[1]!.imageURL).toMatch(/^images\/vehicles\/.+-thumb\.webp$/);
  });

  it('forgets a vehicle, and forgetting again still answers 200', async () => {
    const owner = await createUser(t.database);
    const vehicle = await createVehicle(t.database, { ownerId: owner.id });
    const me = await person();
    await save(me.cookie, vehicle.id);

    const res = await forget(me.cookie, vehicle.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ vehicleId: vehicle.id, saved: false });
    expect(await saved(me.cookie)).toEqual([]);
    expect((await forget(me.cookie, vehicle.id)).statusCode).toBe(200);
  });

  it("keeps each user's list their own", async () => {
    const owner = await createUser(t.database);
    const vehicle = await createVehicle(t.database, { ownerId: owner.id });
    const ann = await person();
    const ben = await person();
    await save(ann.cookie, vehicle.id);
    expect(await saved(ben.cookie)).toEqual([]);
    // Ben forgetting it changes nothing of Ann's.
    await forget(ben.cookie, vehicle.id);
    expect((await saved(ann.cookie)).map((card) => card.id)).toEqual([vehicle.id]);
  });

  it('drops a deleted vehicle from the list and refuses to save it (404)', async () => {
    const owner = await createUser(t.database);
    const vehicle = await createVehicle(t.database, { ownerId: owner.id });
    const me = await person();
    await save(me.cookie, vehicle.id);
    await t.database.db.update(vehicles).set({ deletedAt: t.clock.now() }).where(eq(vehicles.id, vehicle.id));

    expect(await saved(me.cookie)).toEqual([]);
    const again = await save(me.cookie, vehicle.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe('Vehicle not found.');
    // Forgetting it is still possible.
    expect((await forget(me.cookie, vehicle.id)).statusCode).toBe(200);
  });

  it('answers 404 problem+json for an unknown vehicle or a malformed id', async () => {
    const me = await person();
    for (const id of [randomUUID(), 'not-a-uuid']) {
      for (const res of [await save(me.cookie, id), await forget(me.cookie, id)]) {
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json().detail).toBe('Vehicle not found.');
      }
    }
  });

  it('refuses anonymous callers with 401 and changes nothing', async () => {
    const owner = await createUser(t.database);
    const vehicle = await createVehicle(t.database, { ownerId: owner.id });
    expect((await call('GET', '/api/favourites')).statusCode).toBe(401);
    expect((await save(undefined, vehicle.id)).statusCode).toBe(401);
    expect((await forget(undefined, vehicle.id)).statusCode).toBe(401);
  });
});

describe('GET /api/vehicle/cards', () => {
  it('answers the listed vehicles in the order asked, skipping removed, unknown and malformed ids, for anyone', async () => {
    const owner = await createUser(t.database);
    const a = await createVehicle(t.database, { ownerId: owner.id, make: 'Fiat' });
    const b = await createVehicle(t.database, { ownerId: owner.id, make: 'Opel' });
    const gone = await createVehicle(t.database, { ownerId: owner.id, deletedAt: new Date('2026-05-01T00:00:00Z') });
    const ids = [b.id, gone.id, randomUUID(), 'junk', a.id.toUpperCase(), b.id].join(',');
    const res = await call('GET', `/api/vehicle/cards?ids=${ids}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((card: { make: string }) => card.make)).toEqual(['Opel', 'Fiat']);
    expect((await call('GET', '/api/vehicle/cards')).json()).toEqual([]);
  });

  it('refuses more than 20 ids with a readable 400', async () => {
    const ids = Array.from({ length: 21 }, () => randomUUID()).join(',');
    const res = await call('GET', `/api/vehicle/cards?ids=${ids}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('Ask for at most 20 vehicles at once.');
  });
});

describe('favourite cards in the visitor’s language', () => {
  it('name the type and category in the language asked, English without one, and vary by it', async () => {
    const owner = await createUser(t.database);
    const type = await createVehicleType(t.database, { name: `Car ${randomUUID().slice(0, 6)}` });
    const category = await createCategory(t.database, type.id, { name: `Sedan ${randomUUID().slice(0, 6)}` });
    await t.database.db
      .update(vehicleTypes)
      .set({ translations: { de: 'Auto', fr: 'Voiture' } })
      .where(eq(vehicleTypes.id, type.id));
    await t.database.db
      .update(vehicleTypeCategories)
      .set({ translations: { de: 'Limousine' } })
      .where(eq(vehicleTypeCategories.id, category.id));
    const vehicle = await createVehicle(t.database, { ownerId: owner.id, vehicleTypeId: type.id, vehicleTypeCategoryId: category.id });
    const me = await person();
    await save(me.cookie, vehicle.id);

    const ask = (url: string, language?: string, cookie?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { ...(cookie ? { cookie } : {}), ...(language ? { 'accept-language': language } : {}) },
      });
    const german = await ask('/api/favourites', 'de-DE,de;q=0.9', me.cookie);
    expect(german.statusCode).toBe(200);
    expect(german.headers.vary).toMatch(/Accept-Language/i);
    expect(german.json()).toEqual([expect.objectContaining({ id: vehicle.id, vehicleType: 'Auto', vehicleTypeCategory: 'Limousine' })]);

    const cards = await ask(`/api/vehicle/cards?ids=${vehicle.id}`, 'de');
    expect(cards.headers.vary).toMatch(/Accept-Language/i);
    expect(cards.json()).toEqual([expect.objectContaining({ vehicleType: 'Auto', vehicleTypeCategory: 'Limousine' })]);
    // French has the type's name only: the category stays English.
    expect((await ask(`/api/vehicle/cards?ids=${vehicle.id}`, 'fr')).json()[0]).toMatchObject({
      vehicleType: 'Voiture',
      vehicleTypeCategory: category.name,
    });
    expect((await ask(`/api/vehicle/cards?ids=${vehicle.id}`)).json()[0]).toMatchObject({
      vehicleType: type.name,
      vehicleTypeCategory: category.name,
    });
    expect((await ask('/api/favourites', undefined, me.cookie)).json()[0]).toMatchObject({ vehicleType: type.name });
  });
});
