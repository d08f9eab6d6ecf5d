import { describe, expect, it } from 'vitest';
import { createUser, createVehicle, signIn } from '../../../test/factories';
import { createFundedUser, meBalances, postEmpty, rent, useLedgerCheckedApp } from '../../../test/helpers/money';
import { type TestApp } from '../../../test/test-app';

// Today is 2026-06-01 in the marketplace time zone (UTC).
let t: TestApp;
let company: { user: { id: string }; cookie: string };

useLedgerCheckedApp({ clockStart: '2026-06-01T10:00:00Z' }, async (app) => {
  t = app;
  company = await createFundedUser(t, 0, { isCompanyAccount: true, username: 'rentdrive_co' });
});

async function world(renterEuros = 500, pricePerDayCents = 5_000, vehicleOverrides: { isCompanyProperty?: boolean } = {}) {
  const owner = await createFundedUser(t, 0);
  const renter = await createFundedUser(t, renterEuros);
  const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents, ...vehicleOverrides });
  return { owner, renter, vehicle };
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('POST /api/rental/rent/{vehicleId}', () => {
  it('books consecutive days, pays into escrow and shows the owner a pending share', async () => {
    const { owner, renter, vehicle } = await world(500, 4_999);
    const res = await rent(t.app, renter.cookie, vehicle.id, ['2026-06-04', '2026-06-03', '2026-06-05']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      vehicleId: vehicle.id,
      status: 'Active',
      startDate: '2026-06-03',
      endDate: '2026-06-05',
      bookedDates: ['2026-06-03', '2026-06-04', '2026-06-05'],
      pricePerDay: 49.99,
      totalPrice: 149.97,
      balance: 350.03,
    });
    expect((await get(`/api/rental/${vehicle.id}`)).json()).toEqual(['2026-06-03', '2026-06-04', '2026-06-05']);
    expect(await meBalances(t.app, renter.cookie)).toMatchObject({ balance: 350.03 });
    const history = (await get('/api/wallettransaction/history', renter.cookie)).json();
    expect(history[0]).toMatchObject({ type: 'Rental Payment', amount: -149.97 });
    // 80 % of 149.97 = 119.98 (the company's 20 % rounds to 29.99).
    expect(await meBalances(t.app, owner.cookie)).toEqual(expect.objectContaining({ balance: 0, pendingBalance: 119.98 }));
    // The company account's pending money includes its fee on every Active rental.
    expect((await meBalances(t.app, company.cookie)).pendingBalance).toBeGreaterThanOrEqual(29.99);
  });

  it('accepts today as the first day', async () => {
    const { renter, vehicle } = await world();
    expect((await rent(t.app, renter.cookie, vehicle.id, ['2026-06-01'])).statusCode).toBe(200);
  });

  it.each([
    ['non-consecutive days', ['2026-06-03', '2026-06-05'], 'The booked days must be consecutive.'],
    ['a past day', ['2026-05-31', '2026-06-01'], 'Days in the past cannot be booked.'],
    ['a day 7 months ahead', ['2027-01-02'], 'Days can be booked at most 6 months ahead.'],
    ['duplicate days', ['2026-06-03', '2026-06-03'], 'A day may be booked only once per rental.'],
    ['an empty list', [], 'Select at least one day.'],
    ['a day that does not exist', ['2026-06-31'], 'Every booked date must be a real calendar day written YYYY-MM-DD.'],
    ['a badly written day', ['3 June'], 'Dates must be written YYYY-MM-DD.'],
    ['no list at all', undefined, 'Select at least one day.'],
  ])('refuses %s with 400 and moves no money', async (_name, days, message) => {
    const { renter, vehicle } = await world();
    const res = await rent(t.app, renter.cookie, vehicle.id, days);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(message);
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(500);
  });

  it('refuses days already booked with 409 and charges nothing', async () => {
    const { vehicle } = await world();
    const first = await createFundedUser(t, 500);
    const second = await createFundedUser(t, 500);
    expect((await rent(t.app, first.cookie, vehicle.id, ['2026-06-10', '2026-06-11'])).statusCode).toBe(200);
    const res = await rent(t.app, second.cookie, vehicle.id, ['2026-06-11', '2026-06-12']);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'dates_unavailable', detail: 'These dates are no longer available.' });
    expect((await meBalances(t.app, second.cookie)).balance).toBe(500);
  });

  it('refuses with 422 when the balance does not cover the total', async () => {
    const { renter, vehicle } = await world(99.99, 5_000);
    const res = await rent(t.app, renter.cookie, vehicle.id, ['2026-06-03', '2026-06-04']);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'insufficient_funds', detail: 'Insufficient funds to rent this vehicle.' });
    expect((await get(`/api/rental/${vehicle.id}`)).json()).toEqual([]);
  });

  it('lets the balance be spent exactly', async () => {
    const { renter, vehicle } = await world(100, 5_000);
    expect((await rent(t.app, renter.cookie, vehicle.id, ['2026-06-03', '2026-06-04'])).statusCode).toBe(200);
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(0);
  });

  it('refuses the owner (403), anonymous callers (401) and unknown or deleted vehicles (404)', async () => {
    const { owner, renter, vehicle } = await world();
    const own = await rent(t.app, owner.cookie, vehicle.id, ['2026-06-03']);
    expect(own.statusCode).toBe(403);
    expect(own.json().detail).toBe('You cannot rent your own vehicle.');
    expect((await rent(t.app, undefined, vehicle.id, ['2026-06-03'])).statusCode).toBe(401);
    expect((await rent(t.app, renter.cookie, '00000000-0000-4000-8000-000000000000', ['2026-06-03'])).statusCode).toBe(404);
    expect((await rent(t.app, renter.cookie, 'not-a-uuid', ['2026-06-03'])).statusCode).toBe(404);
    const deleted = await createVehicle(t.database, { ownerId: owner.user.id, deletedAt: new Date('2026-05-01T00:00:00Z') });
    expect((await rent(t.app, renter.cookie, deleted.id, ['2026-06-03'])).json().detail).toBe('Vehicle not found.');
  });

  it('answers a retry with the same Idempotency-Key with the first answer and pays once', async () => {
    const { renter, vehicle } = await world(500, 5_000);
    const headers = { 'idempotency-key': 'rent-retry-1' };
    const first = await rent(t.app, renter.cookie, vehicle.id, ['2026-06-03'], headers);
    const retry = await rent(t.app, renter.cookie, vehicle.id, ['2026-06-03'], headers);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(450);
    expect((await get('/api/rental/my-rentals', renter.cookie)).json()).toHaveLength(1);
  });

  it('refuses the same Idempotency-Key for other days or another vehicle with 422, not the first booking', async () => {
    const { owner, renter, vehicle } = await world(500, 5_000);
    const other = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 5_000 });
    const headers = { 'idempotency-key': 'rent-whole-1' };
    expect((await rent(t.app, renter.cookie, vehicle.id, ['2026-06-03'], headers)).statusCode).toBe(200);
    for (const [vehicleId, days] of [
      [vehicle.id, ['2026-06-04']],
      [vehicle.id, ['2026-06-03', '2026-06-04']],
      [other.id, ['2026-06-03']],
    ] as const) {
      const res = await rent(t.app, renter.cookie, vehicleId, days, headers);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'idempotency_key_reused' });
    }
    // The same request again gets the first answer.
    expect((await rent(t.app, renter.cookie, vehicle.id, ['2026-06-03'], headers)).statusCode).toBe(200);
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(450);
  });
});

describe('GET /api/rental/{vehicleId}', () => {
  it('lists the days of Active rentals only, sorted', async () => {
    const { vehicle } = await world();
    const a = await createFundedUser(t, 500);
    const b = await createFundedUser(t, 500);
    await rent(t.app, a.cookie, vehicle.id, ['2026-06-20', '2026-06-21']);
    const cancelled = await rent(t.app, b.cookie, vehicle.id, ['2026-06-10']);
    await rent(t.app, b.cookie, vehicle.id, ['2026-06-05']);
    await postEmpty(t.app, b.cookie, `/api/rental/cancel-rental/${cancelled.json().id}`);
    expect((await get(`/api/rental/${vehicle.id}`)).json()).toEqual(['2026-06-05', '2026-06-20', '2026-06-21']);
  });

  it('answers 404 for an unknown vehicle', async () => {
    expect((await get('/api/rental/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('GET /api/rental/my-rentals', () => {
  it('shows the spec fields, Active first, then newest booking first', async () => {
    const { renter, vehicle } = await world(1_000);
    const older = await rent(t.app, renter.cookie, vehicle.id, ['2026-06-02']);
    t.clock.set('2026-06-01T11:00:00Z');
    const newer = await rent(t.app, renter.cookie, vehicle.id, ['2026-06-08']);
    t.clock.set('2026-06-01T12:00:00Z');
    const cancelledLater = await rent(t.app, renter.cookie, vehicle.id, ['2026-06-15']);
    await postEmpty(t.app, renter.cookie, `/api/rental/cancel-rental/${cancelledLater.json().id}`);
    const list = (await get('/api/rental/my-rentals', renter.cookie)).json();
    expect(list.map((r: { id: string }) => r.id)).toEqual([newer.json().id, older.json().id, cancelledLater.json().id]);
    expect(list[0]).toEqual({
      id: newer.json().id,
      vehicleId: vehicle.id,
      vehicleMake: vehicle.make,
      vehicleModel: vehicle.model,
      imageUrl: expect.stringMatching(/^images\/vehicles\/.+\.webp$/),
      status: 'Active',
      bookedOn: '2026-06-01T11:00:00.000Z',
      startDate: '2026-06-08',
      endDate: '2026-06-08',
      pricePerDay: 50,
      totalPrice: 50,
      isConfirmable: false,
      isCompleted: false,
      hasReviewedVehicle: false,
      isCancellable: true,
      isCancelled: false,
      // Issue 26: the exact pick-up place (this vehicle has none).
      pickUp: null,
      // Issue 27: no review waiting for publication.
      reviewPublishesOn: null,
    });
    expect(list[2]).toMatchObject({ status: 'Cancelled', isCancelled: true, isCancellable: false, isConfirmable: false });
  });

  it('refuses anonymous callers', async () => {
    expect((await get('/api/rental/my-rentals')).statusCode).toBe(401);
  });
});

describe('POST /api/rental/confirm-rental/{id}', () => {
  it('completes after the last day: owner 80 %, company 20 %, no cent lost', async () => {
    const { owner, renter, vehicle } = await world(500, 3_333);
    const rental = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-02', '2026-06-03'])).json();
    const companyBefore = (await meBalances(t.app, company.cookie)).balance;
    t.clock.set('2026-06-04T08:00:00Z');
    const res = await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${rental.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Completed', isCompleted: true, isConfirmable: false, isCancellable: false });
    // 66.66 total: company 13.33 (20 %, rounded), owner 53.33.
    expect(await meBalances(t.app, owner.cookie)).toMatchObject({ balance: 53.33, pendingBalance: 0 });
    expect((await meBalances(t.app, company.cookie)).balance).toBeCloseTo(companyBefore + 13.33, 2);
    expect((await get('/api/wallettransaction/history', owner.cookie)).json()[0]).toMatchObject({ type: 'Rental Profit', amount: 53.33 });
    expect((await get('/api/wallettransaction/history', company.cookie)).json()[0]).toMatchObject({
      type: 'Company Rental Fee Profit',
      amount: 13.33,
    });
  });

  it('pays the company everything for company property', async () => {
    const { renter, vehicle } = await world(500, 2_500, { isCompanyProperty: true });
    const rental = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-02'])).json();
    const companyBefore = (await meBalances(t.app, company.cookie)).balance;
    t.clock.set('2026-06-03T08:00:00Z');
    expect((await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${rental.id}`)).statusCode).toBe(200);
    expect((await meBalances(t.app, company.cookie)).balance).toBeCloseTo(companyBefore + 25, 2);
  });

  it('refuses before the end, twice, after a cancel, for other users and anonymous callers', async () => {
    const { owner, renter, vehicle } = await world();
    const rental = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-02', '2026-06-03'])).json();
    t.clock.set('2026-06-03T20:00:00Z');
    const early = await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${rental.id}`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'invalid_state', detail: 'A rental can be confirmed only after its last day.' });
    t.clock.set('2026-06-04T08:00:00Z');
    expect((await postEmpty(t.app, owner.cookie, `/api/rental/confirm-rental/${rental.id}`)).statusCode).toBe(403);
    expect((await postEmpty(t.app, undefined, `/api/rental/confirm-rental/${rental.id}`)).statusCode).toBe(401);
    expect((await postEmpty(t.app, renter.cookie, '/api/rental/confirm-rental/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${rental.id}`)).statusCode).toBe(200);
    const twice = await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${rental.id}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('This rental is already completed and cannot be confirmed.');

    t.clock.set('2026-06-01T10:00:00Z');
    const other = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-10'])).json();
    await postEmpty(t.app, renter.cookie, `/api/rental/cancel-rental/${other.id}`);
    t.clock.set('2026-06-12T10:00:00Z');
    const cancelled = await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${other.id}`);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().detail).toBe('This rental is already cancelled and cannot be confirmed.');
  });

  it('accepts a POST without any body or content type', async () => {
    const { renter, vehicle } = await world();
    const rental = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-02'])).json();
    t.clock.set('2026-06-03T08:00:00Z');
    const res = await t.app.inject({ method: 'POST', url: `/api/rental/confirm-rental/${rental.id}`, headers: { cookie: renter.cookie } });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/rental/cancel-rental/{id}', () => {
  it('refunds in full before the first day and frees the days', async () => {
    const { owner, renter, vehicle } = await world(300);
    const rental = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-05', '2026-06-06'])).json();
    t.clock.set('2026-06-04T23:00:00Z');
    const res = await postEmpty(t.app, renter.cookie, `/api/rental/cancel-rental/${rental.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Cancelled', isCancelled: true, isCancellable: false });
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(300);
    expect((await get('/api/wallettransaction/history', renter.cookie)).json()[0]).toMatchObject({ type: 'Refund', amount: 100 });
    expect((await meBalances(t.app, owner.cookie)).pendingBalance).toBe(0);
    expect((await get(`/api/rental/${vehicle.id}`)).json()).toEqual([]);
    t.clock.set('2026-06-01T10:00:00Z');
    const again = await rent(t.app, renter.cookie, vehicle.id, ['2026-06-05']);
    expect(again.statusCode).toBe(200);
  });

  it('refuses on or after the first day, twice, for other users and anonymous callers', async () => {
    const { owner, renter, vehicle } = await world();
    const rental = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-05'])).json();
    expect((await postEmpty(t.app, owner.cookie, `/api/rental/cancel-rental/${rental.id}`)).statusCode).toBe(403);
    expect((await postEmpty(t.app, undefined, `/api/rental/cancel-rental/${rental.id}`)).statusCode).toBe(401);
    t.clock.set('2026-06-05T00:30:00Z');
    const late = await postEmpty(t.app, renter.cookie, `/api/rental/cancel-rental/${rental.id}`);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe('A rental can be cancelled only before its first day.');
    t.clock.set('2026-06-01T10:00:00Z');
    expect((await postEmpty(t.app, renter.cookie, `/api/rental/cancel-rental/${rental.id}`)).statusCode).toBe(200);
    const twice = await postEmpty(t.app, renter.cookie, `/api/rental/cancel-rental/${rental.id}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('This rental is already cancelled and cannot be cancelled.');
  });
});

describe('GET /api/rental/vehicle/{id}', () => {
  it('shows the owner and employees the bookings; 403 for others, 401 anonymous', async () => {
    const { owner, renter, vehicle } = await world();
    const rental = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-05', '2026-06-07', '2026-06-06'])).json();
    const list = (await get(`/api/rental/vehicle/${vehicle.id}`, owner.cookie)).json();
    expect(list).toEqual([
      {
        id: rental.id,
        username: renter.user.username,
        bookedOn: '2026-06-01T10:00:00.000Z',
        period: '2026-06-05 - 2026-06-07',
        startDate: '2026-06-05',
        endDate: '2026-06-07',
        status: 'Active',
        pricePerDay: 50,
        totalPrice: 150,
        // Issue 25's 'Verified e-mail' mark.
        renterEmailVerified: expect.any(Boolean),
        // Issue 27: the renter's ratings, the owner's cancel and rating.
        renterRating: null,
        isOwnerCancellable: true,
        cancelledBy: null,
        renterReview: null,
        canRateRenter: false,
      },
    ]);
    const employee = await createUser(t.database, { isCompanyEmployee: true });
    expect((await get(`/api/rental/vehicle/${vehicle.id}`, await signIn(t.database, employee))).json()).toHaveLength(1);
    const forbidden = await get(`/api/rental/vehicle/${vehicle.id}`, renter.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().detail).toBe('Only the owner or a company employee can see the bookings of this vehicle.');
    expect((await get(`/api/rental/vehicle/${vehicle.id}`)).statusCode).toBe(401);
  });

  it('answers an empty list for a vehicle never booked', async () => {
    const { owner, vehicle } = await world(0);
    expect((await get(`/api/rental/vehicle/${vehicle.id}`, owner.cookie)).json()).toEqual([]);
  });
});

describe('test hooks', () => {
  it('are not registered without E2E_TEST_HOOKS', async () => {
    const { renter, vehicle } = await world();
    const rental = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-05'])).json();
    expect((await postEmpty(t.app, renter.cookie, `/api/test/rentals/${rental.id}/shift-past-end`)).statusCode).toBe(404);
    expect((await postEmpty(t.app, renter.cookie, '/api/test/rentals/auto-complete')).statusCode).toBe(404);
  });
});
