import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@rentdrive/contracts/search';
import { createVehicle, signIn } from '../../../test/factories';
import { bookDays, eventually, seedSearchCatalogue, type SearchCatalogue } from '../../../test/helpers/search';
import { queryRows } from '../../../test/helpers/search-sync';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { testDatabaseKind } from '../../../test/test-database';
import { vehicles } from '../../db/schema/index';
import { DATA_VERSION_COOKIE, DATA_VERSION_HEADER } from './data-version';

/**
 * Two server instances on one database, each with its own in-process index (ADR 007): a client
 * that wrote, through one instance or straight into the database, and brings its data version
 * sees its write in the very next answer of the other; everyone sees it once the change
 * notification arrives; and answers cost no database statement while nothing changed.
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

  const search = async (t: TestApp, body: object, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/vehicle/search', payload: body, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SearchResult>();
  };
  /** What a write endpoint answers after committing: the snapshot taken after it. */
  const versionNow = async () => {
    const [row] = await queryRows<{ v: string }>(first.database.db, sql`select pg_current_snapshot()::text as v`);
    return { [DATA_VERSION_HEADER]: row!.v };
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
    const onSecond = await search(second, { makes: ['Toyota'], sort: 'newest' }, await versionNow());
    expect(onSecond.total).toBe(3);
    expect(onSecond.items[0]).toMatchObject({ id: added.id, model: 'Land Cruiser' });

    await first.database.db.update(vehicles).set({ pricePerDayCents: 123_400 }).where(eq(vehicles.id, added.id));
    const version = await versionNow();
    const pricey = await search(first, { makes: ['Toyota'], minPrice: 1000 }, version);
    expect(pricey.items.map((i) => [i.id, i.pricePerDay])).toEqual([[added.id, 1234]]);
    expect((await search(second, { makes: ['Toyota'], minPrice: 1000 }, version)).total).toBe(1);

    await bookDays(first.database, added.id, ['2030-05-01', '2030-05-02']);
    expect((await search(second, { makes: ['Toyota'], availableFrom: '2030-05-02' }, await versionNow())).total).toBe(2);

    // Without a version, the notification brings the change to both.
    await first.database.db.update(vehicles).set({ deletedAt: new Date() }).where(eq(vehicles.id, added.id));
    await eventually(async () => expect((await search(second, { makes: ['Toyota'] })).total).toBe(2));
    await eventually(async () => expect((await search(first, { makes: ['Toyota'] })).total).toBe(2));
  });

  it('gives a write through the API a data version, with which the other instance answers with the write', async () => {
    const cookie = await signIn(first.database, c.owner);
    const before = await search(second, { makes: ['BMW'] });
    expect(before.total).toBe(1);
    const removed = await first.app.inject({ method: 'DELETE', url: `/api/vehicle/delete/${before.items[0]!.id}`, headers: { cookie } });
    expect(removed.statusCode, removed.body).toBe(200);
    const version = String(removed.headers[DATA_VERSION_HEADER]);
    expect(version).toMatch(/^\d+:\d+:/);
    const setCookie = [removed.headers['set-cookie'] ?? []].flat().find((v) => v.startsWith(`${DATA_VERSION_COOKIE}=`));
    expect(setCookie).toContain('HttpOnly');
    // A browser brings the cookie back; an API client the header.
    expect((await search(second, { makes: ['BMW'] }, { cookie: `${DATA_VERSION_COOKIE}=${version}` })).total).toBe(0);
    expect((await search(second, { makes: ['BMW'] }, { [DATA_VERSION_HEADER]: version })).total).toBe(0);
    // A malformed version is only ignored.
    expect((await search(second, { makes: ['BMW'] }, { [DATA_VERSION_HEADER]: 'not-a-version' })).total).toBeLessThanOrEqual(1);
  });

  it.runIf(testDatabaseKind() === 'postgres')('sends no database statement for searches while nothing changes', async () => {
    const statements = () => first.database.statementCount!();
    const bodies = [{}, { makes: ['Toyota'] }, { sort: 'price-asc' }, { makes: ['Audi'], page: 1 }, { searchQuery: 'corol' }];
    // The earlier tests' notifications are applied (one poll each) and both instances listen.
    await eventually(async () => {
      const settled = statements();
      for (const t of [first, second]) await search(t, { page: 1 });
      expect(statements() - settled).toBe(0);
    });
    const before = statements();
    for (let round = 0; round < 3; round++) {
      for (const t of [first, second]) for (const body of bodies) await search(t, { ...body, pageSize: 10 + round });
    }
    expect(statements() - before).toBe(0);
  });
});
