import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentalStatus } from '@rentdrive/domain/rental-state';
import { createUser, createVehicle, signIn } from '../../../test/factories';
import { createCatalogueFixture, type CatalogueFixture } from '../../../test/helpers/vehicles';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { rentals, reviews, vehicles } from '../../db/schema/index';

async function addRental(
  database: Database,
  vehicleId: string,
  renterId: string,
  status: RentalStatus,
  startDate: string,
  endDate: string,
) {
  const [row] = await database.db
    .insert(rentals)
    .values({
      vehicleId,
      renterId,
      status,
      startDate,
      endDate,
      pricePerDayCents: 5000,
      totalCents: 5000,
      bookedAt: new Date('2026-05-01T00:00:00Z'),
    })
    .returning();
  return row!;
}

describe('vehicle details, my vehicles and delete', () => {
  let t: TestApp;
  let c: CatalogueFixture;
  let owner: { id: string; username: string };
  let ownerCookie: string;
  let otherCookie: string;
  let employeeCookie: string;
  let renter: { id: string; username: string };

  beforeAll(async () => {
    t = await createTestApp({ clockStart: '2026-06-10T12:00:00Z' });
    c = await createCatalogueFixture(t.database);
    owner = await createUser(t.database);
    ownerCookie = await signIn(t.database, owner);
    otherCookie = await signIn(t.database, await createUser(t.database));
    employeeCookie = await signIn(t.database, await createUser(t.database, { isCompanyEmployee: true }));
    renter = await createUser(t.database, { username: 'reviewer_one' });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const del = (id: string, cookie?: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/vehicle/delete/${id}`, headers: cookie ? { cookie } : {} });

  it('shows a vehicle to anyone, with properties, ratings and reviews newest first', async () => {
    const v = await createVehicle(t.database, {
      ownerId: owner.id,
      vehicleTypeId: c.type.id,
      vehicleTypeCategoryId: c.category.id,
      pricePerDayCents: 4250,
      properties: { [c.seats.id]: '4', [c.power.id]: '88', [c.automatic.id]: 'false', [c.trim.id]: 'Base' },
      imageCount: 2,
    });
    const second = await createUser(t.database, { username: 'reviewer_two' });
    const r1 = await addRental(t.database, v.id, renter.id, 'Completed', '2026-05-01', '2026-05-02');
    const r2 = await addRental(t.database, v.id, second.id, 'Completed', '2026-05-03', '2026-05-04');
    await t.database.db.insert(reviews).values([
      {
        rentalId: r1.id,
        vehicleId: v.id,
        reviewerId: renter.id,
        starRating: 5,
        comment: 'Great',
        createdAt: new Date('2026-05-03T00:00:00Z'),
      },
      {
        rentalId: r2.id,
        vehicleId: v.id,
        reviewerId: second.id,
        starRating: 4,
        comment: null,
        createdAt: new Date('2026-05-05T00:00:00Z'),
      },
    ]);
    await t.database.db.update(vehicles).set({ reviewCount: 2, starsTotal: 9 }).where(eq(vehicles.id, v.id));

    const res = await get(`/api/vehicle/${v.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'make',
        'model',
        'color',
        'fuelType',
        'dateOfProduction',
        'curbWeightInKg',
        'description',
        'pricePerDay',
        'ownerId',
        'ownerName',
        'isCompanyProperty',
        'vehicleType',
        'vehicleTypeCategory',
        'starsRating',
        'reviewCount',
        'imageURLS',
        // Added beside the existing fields: the same photos small, for the page's thumbnails.
        'thumbnailURLS',
        'vehicleProperties',
        'vehicleReviews',
        // Issue 26: the city and rounded point (null here: the vehicle has no place).
        'place',
      ].sort(),
    );
    expect(body).toMatchObject({
      id: v.id,
      pricePerDay: 42.5,
      fuelType: 'Petrol',
      dateOfProduction: '2020-05-01',
      ownerName: owner.username,
      vehicleType: c.type.name,
      vehicleTypeCategory: c.category.name,
      starsRating: 4.5,
      reviewCount: 2,
    });
    expect(body.imageURLS).toHaveLength(2);
    expect(body.vehicleProperties).toContainEqual({
      vehicleTypePropertyName: 'Power',
      vehicleTypePropertyValue: '88',
      unitOfMeasurement: 'kW',
    });
    expect(body.vehicleProperties).toContainEqual({
      vehicleTypePropertyName: 'Automatic',
      vehicleTypePropertyValue: 'false',
      unitOfMeasurement: 'None',
    });
    expect(body.vehicleReviews).toEqual([
      { username: 'reviewer_two', starRating: 4, comment: null, createdOn: '2026-05-05T00:00:00.000Z' },
      { username: 'reviewer_one', starRating: 5, comment: 'Great', createdOn: '2026-05-03T00:00:00.000Z' },
    ]);
  });

  it("does not shadow the search module's static paths under /api/vehicle/", async () => {
    for (const url of ['/api/vehicle/recent', '/api/vehicle/all']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(Array.isArray(res.json())).toBe(true);
    }
  });

  it("answers 404 'Vehicle not found.' for an unknown or malformed id", async () => {
    const unknown = await get(`/api/vehicle/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Vehicle not found.');
    expect((await get('/api/vehicle/not-a-uuid')).statusCode).toBe(404);
  });

  it('lists my vehicles with thumbnail, times booked (non-cancelled rentals) and rating', async () => {
    const me = await createUser(t.database);
    const cookie = await signIn(t.database, me);
    const older = await createVehicle(t.database, { ownerId: me.id, createdAt: new Date('2026-01-01T00:00:00Z'), pricePerDayCents: 1999 });
    const newer = await createVehicle(t.database, { ownerId: me.id, createdAt: new Date('2026-02-01T00:00:00Z'), fuelType: 3 });
    await createVehicle(t.database, { ownerId: me.id, deletedAt: new Date() });
    await createVehicle(t.database, { ownerId: owner.id });
    await addRental(t.database, older.id, renter.id, 'Completed', '2026-03-01', '2026-03-02');
    await addRental(t.database, older.id, renter.id, 'Active', '2026-07-01', '2026-07-02');
    await addRental(t.database, older.id, renter.id, 'Cancelled', '2026-07-05', '2026-07-06');
    await t.database.db.update(vehicles).set({ reviewCount: 3, starsTotal: 11 }).where(eq(vehicles.id, older.id));

    const res = await get('/api/vehicle/user-vehicles', cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((x: { id: string }) => x.id)).toEqual([newer.id, older.id]);
    expect(list[1]).toEqual({
      id: older.id,
      imageUrl: expect.stringMatching(/^images\/vehicles\/.+-thumb\.webp$/),
      make: 'Toyota',
      model: older.model,
      fuelType: 'Petrol',
      pricePerDay: 19.99,
      timesBooked: 2,
      starRating: 3.67,
      reviewCount: 3,
      city: null,
    });
    expect(list[0]).toMatchObject({ fuelType: 'Electric', timesBooked: 0, starRating: 0 });
    expect((await get('/api/vehicle/user-vehicles')).statusCode).toBe(401);
  });

  it('lets the owner delete; the vehicle is then 404 everywhere and gone from lists', async () => {
    const v = await createVehicle(t.database, {
      ownerId: owner.id,
      vehicleTypeId: c.type.id,
      vehicleTypeCategoryId: c.category.id,
      fuelType: 6,
    });
    const types = async () => (await get('/api/vehicletype/types')).json().find((x: { id: number }) => x.id === c.type.id);
    expect((await types()).availableFuels).toContainEqual({ id: 6, name: 'Hydrogen' });

    expect((await del(v.id)).statusCode).toBe(401);
    expect((await del(v.id, otherCookie)).statusCode).toBe(403);
    const res = await del(v.id, ownerCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: v.id, succeeded: true });

    expect((await get(`/api/vehicle/${v.id}`)).statusCode).toBe(404);
    expect((await get(`/api/vehicle/edit/${v.id}`, ownerCookie)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/vehicle/edit/${v.id}`,
          headers: { cookie: ownerCookie, 'content-type': 'multipart/form-data; boundary=x' },
          payload: '--x--\r\n',
        })
      ).statusCode,
    ).toBe(404);
    expect((await del(v.id, ownerCookie)).statusCode).toBe(404);
    const mine = (await get('/api/vehicle/user-vehicles', ownerCookie)).json();
    expect(mine.some((x: { id: string }) => x.id === v.id)).toBe(false);
    expect((await types()).availableFuels).not.toContainEqual({ id: 6, name: 'Hydrogen' });
    // The row stays (soft delete) for rentals and history.
    const [row] = await t.database.db.select().from(vehicles).where(eq(vehicles.id, v.id));
    expect(row!.deletedAt).not.toBeNull();
  });

  it('lets any employee delete any vehicle', async () => {
    const v = await createVehicle(t.database, { ownerId: owner.id });
    expect((await del(v.id, employeeCookie)).statusCode).toBe(200);
  });

  it('refuses to delete while an Active rental has not ended (409), and allows it once it has', async () => {
    const v = await createVehicle(t.database, { ownerId: owner.id });
    const rental = await addRental(t.database, v.id, renter.id, 'Active', '2026-06-09', '2026-06-10');
    const refused = await del(v.id, ownerCookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('This vehicle has an active rental that has not ended yet, so it cannot be deleted.');
    // Cancelled or past rentals do not block.
    await t.database.db.update(rentals).set({ endDate: '2026-06-09' }).where(eq(rentals.id, rental.id));
    await addRental(t.database, v.id, renter.id, 'Cancelled', '2026-06-20', '2026-06-21');
    expect((await del(v.id, ownerCookie)).statusCode).toBe(200);
  });
});
