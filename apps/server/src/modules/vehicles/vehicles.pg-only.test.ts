import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../../test/factories';
import { createCatalogueFixture, jpegPart, multipartBody, testImage, validCreateFields } from '../../../test/helpers/vehicles';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { vehicleTypes, vehicles } from '../../db/schema/index';

describe('listing a vehicle while its type is deleted (PostgreSQL, real concurrency)', () => {
  let t: TestApp;
  let userCookie: string;
  let employeeCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    userCookie = await signIn(t.database, await createUser(t.database));
    employeeCookie = await signIn(t.database, await createUser(t.database, { isCompanyEmployee: true }));
  });
  afterAll(() => t.close());

  it('never leaves a live vehicle on a deleted type: one side wins, the other is refused', async () => {
    const jpeg = await testImage('jpeg');
    for (let round = 0; round < 6; round++) {
      const c = await createCatalogueFixture(t.database);
      const body = multipartBody(validCreateFields(c), [jpegPart(jpeg)]);
      const [created, deleted] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: '/api/vehicle/create',
          payload: body.payload,
          headers: { ...body.headers, cookie: userCookie },
        }),
        t.app.inject({ method: 'DELETE', url: `/api/vehicletype/delete/${c.type.id}`, headers: { cookie: employeeCookie } }),
      ]);
      // Either the vehicle came first (delete refused with 409) or the type went first (listing refused with 400).
      expect([
        [200, 409],
        [400, 200],
      ]).toContainEqual([created.statusCode, deleted.statusCode]);
      const orphans = await t.database.db
        .select({ id: vehicles.id })
        .from(vehicles)
        .innerJoin(vehicleTypes, eq(vehicleTypes.id, vehicles.vehicleTypeId))
        .where(and(isNull(vehicles.deletedAt), isNotNull(vehicleTypes.deletedAt)));
      expect(orphans).toEqual([]);
    }
  });
});
