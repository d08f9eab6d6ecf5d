import { count, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { vehicleImages, vehicles } from '../db/schema/index';
import { seedCatalogue } from './catalogue.seed';

describe('catalogue seed', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.database, { username: 'rentdrive', isCompanyAccount: true });
    await createUser(t.database, { username: 'emma.employee', isCompanyEmployee: true });
    for (const name of ['alice', 'bob', 'carol', 'dave']) await createUser(t.database, { username: name });
    await seedCatalogue({ database: t.database, config: t.config, images: t.app.imageStore, log: () => undefined });
  }, 120_000);
  afterAll(() => t.close());

  it('creates the five types with categories and properties of every value type', async () => {
    const types = (await t.app.inject({ method: 'GET', url: '/api/vehicletype/types' })).json();
    expect(types.map((x: { name: string }) => x.name)).toEqual(['Car', 'Truck', 'Motorcycle', 'Bicycle', 'Electric Scooter']);
    expect(types.find((x: { name: string }) => x.name === 'Car').availableFuels.length).toBeGreaterThanOrEqual(4);
    const properties = (await t.app.inject({ method: 'GET', url: '/api/vehicletypeproperty/types/properties' })).json();
    expect(new Set(properties.map((p: { valueType: string }) => p.valueType))).toEqual(new Set(['String', 'Int', 'Double', 'Boolean']));
    expect(new Set(properties.map((p: { unitOfMeasurement: string }) => p.unitOfMeasurement)).size).toBeGreaterThanOrEqual(10);
    const categories = (await t.app.inject({ method: 'GET', url: '/api/vehicletypecategory/all' })).json();
    expect(categories.length).toBeGreaterThanOrEqual(20);
  });

  it('lists at least 60 vehicles with 2 to 4 drawn WebP images each, some of them company property', async () => {
    const live = await t.database.db.select().from(vehicles).where(isNull(vehicles.deletedAt));
    expect(live.length).toBeGreaterThanOrEqual(60);
    expect(live.filter((v) => v.isCompanyProperty).length).toBeGreaterThanOrEqual(5);
    expect(new Set(live.map((v) => v.make)).size).toBeGreaterThanOrEqual(20);
    const images = await t.database.db.select().from(vehicleImages);
    const perVehicle = new Map<string, number>();
    for (const img of images) perVehicle.set(img.vehicleId, (perVehicle.get(img.vehicleId) ?? 0) + 1);
    for (const v of live) expect(perVehicle.get(v.id)).toBeGreaterThanOrEqual(2);
    const first = await t.app.inject({ method: 'GET', url: `/${images[0]!.thumbPath}` });
    expect(first.statusCode).toBe(200);
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });

    const detail = await t.app.inject({ method: 'GET', url: `/api/vehicle/${live[0]!.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().vehicleProperties.length).toBeGreaterThanOrEqual(5);
  });

  it('is idempotent', async () => {
    const before = (await t.database.db.select({ n: count() }).from(vehicles))[0]!.n;
    await seedCatalogue({ database: t.database, config: t.config, images: t.app.imageStore, log: () => undefined });
    expect((await t.database.db.select({ n: count() }).from(vehicles))[0]!.n).toBe(before);
    const types = (await t.app.inject({ method: 'GET', url: '/api/vehicletype/types' })).json();
    expect(types).toHaveLength(5);
  });
});
