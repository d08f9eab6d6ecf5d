import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, createVehicle, signIn } from '../../../test/factories';
import { createFundedUser, meBalances, postEmpty, rent, useLedgerCheckedApp } from '../../../test/helpers/money';
import { type TestApp } from '../../../test/test-app';
import { notifications, rentals, vehicles } from '../../db/schema/index';

// Issue 27, the owner's side: cancelling an accepted booking, rating the renter (double-blind with the
// renter's review), and the public booking terms on the vehicle page. Today is 2026-06-01 (UTC).
let t: TestApp;

useLedgerCheckedApp({ clockStart: '2026-06-01T10:00:00Z', env: { E2E_TEST_HOOKS: 'true' } }, async (app) => {
  t = app;
  await createFundedUser(t, 0, { isCompanyAccount: true, username: 'rentdrive_co' });
});

const RULES = {
  bookingMode: 'instant',
  cancellationPolicy: 'strict',
  weeklyDiscountPercent: 10,
  monthlyDiscountPercent: 20,
  minDays: 2,
  maxDays: 14,
  advanceNoticeDays: 1,
  deposit: 150,
};

async function world(vehicleOverrides: { isCompanyProperty?: boolean } = {}) {
  const owner = await createFundedUser(t, 0);
  const renter = await createFundedUser(t, 1_000);
  const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 5_000, ...vehicleOverrides });
  return { owner, renter, vehicle };
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const putRules = (cookie: string, vehicleId: string, rules: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/vehicle/booking-rules/${vehicleId}`, headers: { cookie }, payload: rules });
const ownerCancel = (cookie: string | undefined, id: string) => postEmpty(t.app, cookie, `/api/rental/owner-cancel/${id}`);
const rateRenter = (cookie: string | undefined, id: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/rental/renter-review/${id}`, headers: cookie ? { cookie } : {}, payload: body });
const reviewVehicle = (cookie: string, rentalId: string, starRating: number, comment?: string) =>
  t.app.inject({ method: 'POST', url: '/api/vehiclereview/add', headers: { cookie }, payload: { rentalId, starRating, comment } });
const bookings = async (cookie: string, vehicleId: string) => (await get(`/api/rental/vehicle/${vehicleId}`, cookie)).json();

async function rentalRow(id: string) {
  const [row] = await t.database.db.select().from(rentals).where(eq(rentals.id, id));
  return row!;
}

async function notificationsOf(userId: string) {
  return t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
}

/** A completed one-day rental (booked for tomorrow, confirmed the day after). */
async function completedRental() {
  const w = await world();
  const rented = await rent(t.app, w.renter.cookie, w.vehicle.id, ['2026-06-02']);
  expect(rented.statusCode).toBe(200);
  t.clock.set('2026-06-03T10:00:00Z');
  expect((await postEmpty(t.app, w.renter.cookie, `/api/rental/confirm-rental/${rented.json().id}`)).statusCode).toBe(200);
  return { ...w, rentalId: rented.json().id as string };
}

describe('POST /api/rental/owner-cancel/{id}', () => {
  it('gives the renter total and deposit back in one ledger transaction, frees the days and records the owner', async () => {
    const { owner, renter, vehicle } = await world();
    expect((await putRules(owner.cookie, vehicle.id, RULES)).statusCode).toBe(200);
    const rented = await rent(t.app, renter.cookie, vehicle.id, ['2026-06-05', '2026-06-06']);
    expect(rented.statusCode).toBe(200);
    // 2 × 50 € + 150 € deposit held.
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(750);

    const res = await ownerCancel(owner.cookie, rented.json().id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: rented.json().id, status: 'Cancelled', cancelledBy: 'owner', isOwnerCancellable: false });
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(1_000);
    expect((await meBalances(t.app, owner.cookie)).balance).toBe(0);
    const row = await rentalRow(rented.json().id);
    expect(row).toMatchObject({ status: 'Cancelled', cancelledBy: 'owner', ownerPendingCents: 0 });
    expect((await get(`/api/rental/${vehicle.id}`)).json()).toEqual([]);
    const told = await notificationsOf(renter.user.id);
    expect(told.map((n) => n.text)).toContain(
      `The owner cancelled your booking of the ${vehicle.make} ${vehicle.model} for 5-6 Jun 2026. 250.00€ is back in your wallet.`,
    );
    // The renter's wallet history shows the money coming back.
    const history = (await get('/api/wallettransaction/history', renter.cookie)).json<{ amount: number; type: string }[]>();
    expect(history.filter((h) => h.amount > 0 && h.type === 'Refund').reduce((sum, h) => sum + h.amount, 0)).toBe(250);
  });

  it('counts on the public booking terms of every vehicle of the owner for 12 months; a renter cancel does not', async () => {
    const { owner, renter, vehicle } = await world();
    const other = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 3_000 });
    const first = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-10'])).json().id;
    const second = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-12'])).json().id;
    expect((await ownerCancel(owner.cookie, first)).statusCode).toBe(200);
    expect((await postEmpty(t.app, renter.cookie, `/api/rental/cancel-rental/${second}`)).statusCode).toBe(200);
    expect((await rentalRow(second)).cancelledBy).toBe('renter');
    expect((await get(`/api/rental/booking-terms/${other.id}`)).json().ownerCancellationsLast12Months).toBe(1);
    t.clock.set('2027-06-02T10:00:00Z');
    expect((await get(`/api/rental/booking-terms/${other.id}`)).json().ownerCancellationsLast12Months).toBe(0);
  });

  it('refuses the renter, a stranger and an employee for a private vehicle; an employee may for a company vehicle', async () => {
    const { owner, renter, vehicle } = await world();
    const id = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-05'])).json().id;
    const employee = await createUser(t.database, { isCompanyEmployee: true });
    const employeeCookie = await signIn(t.database, employee);
    expect((await ownerCancel(undefined, id)).statusCode).toBe(401);
    for (const cookie of [renter.cookie, employeeCookie]) {
      const res = await ownerCancel(cookie, id);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('Only the owner of the vehicle (or an employee for a company vehicle) can do this.');
    }
    expect((await ownerCancel(owner.cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await ownerCancel(owner.cookie, 'not-a-uuid')).statusCode).toBe(404);
    expect((await rentalRow(id)).status).toBe('Active');

    const company = await world({ isCompanyProperty: true });
    const companyRental = (await rent(t.app, company.renter.cookie, company.vehicle.id, ['2026-06-07'])).json().id;
    expect((await ownerCancel(employeeCookie, companyRental)).statusCode).toBe(200);
    expect((await meBalances(t.app, company.renter.cookie)).balance).toBe(1_000);
  });

  it('refuses a booking that started, a completed one, a request and a second cancel (409), moving no money', async () => {
    const { owner, renter, vehicle } = await world();
    const today = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-01'])).json().id;
    const res = await ownerCancel(owner.cookie, today);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Only an accepted booking that has not started yet can be cancelled.');
    const later = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-08'])).json().id;
    expect((await ownerCancel(owner.cookie, later)).statusCode).toBe(200);
    expect((await ownerCancel(owner.cookie, later)).statusCode).toBe(409);

    await putRules(owner.cookie, vehicle.id, { ...RULES, bookingMode: 'request', minDays: 1, advanceNoticeDays: 0, deposit: 0 });
    const request = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-20'])).json().id;
    expect((await ownerCancel(owner.cookie, request)).statusCode).toBe(409);
    // 50 € for today's rental and 50 € for the request are still held.
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(900);
  });

  it('marks which bookings the owner may still cancel in the booking history', async () => {
    const { owner, renter, vehicle } = await world();
    await rent(t.app, renter.cookie, vehicle.id, ['2026-06-01']);
    await rent(t.app, renter.cookie, vehicle.id, ['2026-06-04']);
    const list = await bookings(owner.cookie, vehicle.id);
    expect(list.map((b: { startDate: string; isOwnerCancellable: boolean }) => [b.startDate, b.isOwnerCancellable]).sort()).toEqual([
      ['2026-06-01', false],
      ['2026-06-04', true],
    ]);
  });
});

describe('GET /api/rental/booking-terms/{vehicleId}', () => {
  it('answers the rules in euros to anyone, the defaults for a vehicle that never set them, 404 for an unknown one', async () => {
    const { owner, vehicle } = await world();
    expect((await get(`/api/rental/booking-terms/${vehicle.id}`)).json()).toEqual({
      bookingMode: 'instant',
      cancellationPolicy: 'flexible',
      weeklyDiscountPercent: 0,
      monthlyDiscountPercent: 0,
      minDays: 1,
      maxDays: null,
      advanceNoticeDays: 0,
      deposit: 0,
      ownerCancellationsLast12Months: 0,
      depositReleaseDays: 3,
    });
    await putRules(owner.cookie, vehicle.id, RULES);
    expect((await get(`/api/rental/booking-terms/${vehicle.id}`)).json()).toEqual({
      ...RULES,
      ownerCancellationsLast12Months: 0,
      depositReleaseDays: 3,
    });
    expect((await get('/api/rental/booking-terms/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/rental/booking-terms/nope')).statusCode).toBe(404);
  });
});

async function vehicleCounters(vehicleId: string) {
  const [row] = await t.database.db
    .select({ reviewCount: vehicles.reviewCount, starsTotal: vehicles.starsTotal })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId));
  return row;
}

describe('reviews both ways, double-blind', () => {
  it('keeps the first review to its author until the other side writes theirs, then publishes both', async () => {
    const { owner, renter, vehicle, rentalId } = await completedRental();
    expect((await reviewVehicle(renter.cookie, rentalId, 4, 'Clean car.')).statusCode).toBe(200);
    // Not yet published: no stars on the vehicle, nothing on its page, the owner not told the stars.
    expect(await vehicleCounters(vehicle.id)).toEqual({ reviewCount: 0, starsTotal: 0 });
    expect((await get(`/api/vehicle/${vehicle.id}`)).json().vehicleReviews).toEqual([]);
    expect((await notificationsOf(owner.user.id)).filter((n) => n.type === 'review-received')).toEqual([]);
    const mine = (await get('/api/rental/my-rentals', renter.cookie)).json()[0];
    expect(mine).toMatchObject({ id: rentalId, hasReviewedVehicle: true, reviewPublishesOn: '2026-06-17' });
    expect((await bookings(owner.cookie, vehicle.id))[0]).toMatchObject({ canRateRenter: true, renterReview: null, renterRating: null });

    const rated = await rateRenter(owner.cookie, rentalId, { starRating: 5, comment: '  Returned it clean.  ' });
    expect(rated.statusCode).toBe(200);
    expect(rated.json()).toMatchObject({ rentalId, starRating: 5, comment: 'Returned it clean.', publishesBy: '2026-06-17' });
    expect(rated.json().publishedOn).not.toBeNull();

    expect(await vehicleCounters(vehicle.id)).toEqual({ reviewCount: 1, starsTotal: 4 });
    expect((await get(`/api/vehicle/${vehicle.id}`)).json().vehicleReviews).toMatchObject([{ starRating: 4, comment: 'Clean car.' }]);
    expect((await notificationsOf(owner.user.id)).filter((n) => n.type === 'review-received')).toHaveLength(1);
    expect((await get('/api/rental/my-rentals', renter.cookie)).json()[0].reviewPublishesOn).toBeNull();
    expect((await bookings(owner.cookie, vehicle.id))[0]).toMatchObject({
      canRateRenter: false,
      renterReview: { starRating: 5, comment: 'Returned it clean.' },
      renterRating: { average: 5, count: 1 },
    });
  });

  it("shows an owner's rating of a renter only once published, to the owners of the renter's later bookings", async () => {
    const { owner, renter, rentalId } = await completedRental();
    expect((await rateRenter(owner.cookie, rentalId, { starRating: 2 })).statusCode).toBe(200);
    const otherOwner = await createFundedUser(t, 0);
    const otherVehicle = await createVehicle(t.database, { ownerId: otherOwner.user.id, pricePerDayCents: 2_000 });
    expect((await rent(t.app, renter.cookie, otherVehicle.id, ['2026-06-10'])).statusCode).toBe(200);
    // The renter has not reviewed: the owner's rating waits (visible to its author only).
    expect((await bookings(otherOwner.cookie, otherVehicle.id))[0].renterRating).toBeNull();
    expect((await bookings(owner.cookie, (await rentalRow(rentalId)).vehicleId))[0].renterReview).toMatchObject({
      starRating: 2,
      publishedOn: null,
      publishesBy: '2026-06-17',
    });
    // 14 days after completion the job publishes it.
    t.clock.set('2026-06-17T10:00:01Z');
    expect((await t.app.inject({ method: 'POST', url: '/api/test/rentals/auto-complete' })).statusCode).toBe(200);
    expect((await bookings(otherOwner.cookie, otherVehicle.id))[0].renterRating).toEqual({ average: 2, count: 1 });
  });

  it('publishes a review written 14 days or more after completion at once', async () => {
    const { renter, vehicle, rentalId } = await completedRental();
    t.clock.set('2026-06-20T10:00:00Z');
    expect((await reviewVehicle(renter.cookie, rentalId, 3)).statusCode).toBe(200);
    expect(await vehicleCounters(vehicle.id)).toEqual({ reviewCount: 1, starsTotal: 3 });
  });

  it('refuses a second rating (409), a rental not completed (409), the renter and strangers (403), bad stars (400)', async () => {
    const { owner, renter, rentalId } = await completedRental();
    expect((await rateRenter(owner.cookie, rentalId, { starRating: 0 })).statusCode).toBe(400);
    expect((await rateRenter(renter.cookie, rentalId, { starRating: 5 })).statusCode).toBe(403);
    expect((await rateRenter(undefined, rentalId, { starRating: 5 })).statusCode).toBe(401);
    expect((await rateRenter(owner.cookie, rentalId, { starRating: 5 })).statusCode).toBe(200);
    const again = await rateRenter(owner.cookie, rentalId, { starRating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('You have already rated the renter of this rental.');

    const active = await world();
    const id = (await rent(t.app, active.renter.cookie, active.vehicle.id, ['2026-06-05'])).json().id;
    const early = await rateRenter(active.owner.cookie, id, { starRating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe('Only the renter of a completed rental can be rated.');
  });
});
