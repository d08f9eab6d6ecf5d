import type { SearchResult } from '@rentdrive/contracts/search';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createVehicle } from '../../../test/factories';
import { vehicles } from '../../db/schema/index';
import { bookDays, seedSearchCatalogue, type SearchCatalogue } from './search-fixture';

/**
 * Two server instances on one database, each with its own in-process index (ADR 007): what is
 * written through one, or straight into the database, is in the very next answer of the other.
 */
describe('search on two instances', () => {
  let first: TestApp;
  let second: TestApp;
  let c: SearchCatalogue;
  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ database: first.database });
    c = await seedSearchCatalogue(first.database);
  });
  afterAll(async () => {
    await second.app.close();
    await first.close();
  });

  const search = async (t: TestApp, body: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/vehicle/search', payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchResult;
  };

  it('answers the same on both, and each sees the writes of the other at once', async () => {
    expect((await search(first, { makes: ['Toyota'] })).total).toBe(2);
    expect((await search(second, { makes: ['Toyota'] })).total).toBe(2);

    const added = await createVehicle(first.database, {
      ownerId: c.owner.id,
      vehicleTypeId: c.car.id,
      vehicleTypeCategoryId: c.suv.id,
      make: 'Toyota',
      model: 'Land Cruiser',
    });
    const onSecond = await search(second, { makes: ['Toyota'], sort: 'newest' });
    expect(onSecond.total).toBe(3);
    expect(onSecond.items[0]).toMatchObject({ id: added.id, model: 'Land Cruiser' });

    await first.database.db.update(vehicles).set({ pricePerDayCents: 123_400 }).where(eq(vehicles.id, added.id));
    const pricey = await search(first, { makes: ['Toyota'], minPrice: 1000 });
    expect(pricey.items.map((i) => [i.id, i.pricePerDay])).toEqual([[added.id, 1234]]);
    expect((await search(second, { makes: ['Toyota'], minPrice: 1000 })).total).toBe(1);

    await bookDays(first.database, added.id, ['2030-05-01', '2030-05-02']);
    expect((await search(second, { makes: ['Toyota'], availableFrom: '2030-05-02' })).total).toBe(2);

    await first.database.db.update(vehicles).set({ deletedAt: new Date() }).where(eq(vehicles.id, added.id));
    expect((await search(second, { makes: ['Toyota'] })).total).toBe(2);
    expect((await search(first, { makes: ['Toyota'] })).total).toBe(2);
  });
});
