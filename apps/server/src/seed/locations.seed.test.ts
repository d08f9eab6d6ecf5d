import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKm } from '@rentdrive/domain/geo';
import { createUser, createVehicle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { vehicleLocations } from '../db/schema/index';
import { DEMO_CITIES, seedLocations } from './locations.seed';

describe('demo places (issue 26)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('spread the vehicles over 20 real European cities in 13 countries, near each centre, once', async () => {
    const owner = await createUser(t.database);
    const first = await createVehicle(t.database, { ownerId: owner.id });
    for (let i = 1; i < 30; i++) {
      await createVehicle(t.database, {
        ownerId: owner.id,
        vehicleTypeId: first.vehicleTypeId,
        vehicleTypeCategoryId: first.vehicleTypeCategoryId,
      });
    }
    const ctx = { database: t.database, config: t.config, log: () => undefined };
    await seedLocations(ctx);
    const rows = await t.database.db.select().from(vehicleLocations);
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.city)).size).toBe(20);
    expect(new Set(rows.map((r) => r.country)).size).toBe(13);
    for (const row of rows) {
      const centre = DEMO_CITIES.find((c) => c.city === row.city)!;
      expect(distanceKm(row, centre)).toBeLessThan(4.5);
    }
    // Two vehicles of one city stand apart.
    const berlin = rows.filter((r) => r.city === 'Berlin');
    expect(distanceKm(berlin[0]!, berlin[1]!)).toBeGreaterThan(0.2);

    await seedLocations(ctx);
    expect(await t.database.db.select().from(vehicleLocations)).toHaveLength(30);

    // The search finds them by place.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vehicle/search',
      payload: { near: { lat: 52.52, lng: 13.405, radiusKm: 10 } },
    });
    expect(res.json().total).toBe(2);
  });
});
