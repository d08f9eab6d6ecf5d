import { describe, expect, it } from 'vitest';
import { createUser, createVehicle, signIn } from '../../../test/factories';
import { createFundedUser, meBalances, postEmpty, rent, useLedgerCheckedApp } from '../../../test/helpers/money';
import { type TestApp } from '../../../test/test-app';

// Today is 2026-06-01 in the marketplace time zone (UTC). The company fee is 20 %.
let t: TestApp;
let company: { user: { id: string }; cookie: string };

useLedgerCheckedApp({ clockStart: '2026-06-01T10:00:00Z', env: { E2E_TEST_HOOKS: 'true' } }, async (app) => {
  t = app;
  company = await createFundedUser(t, 0, { isCompanyAccount: true, username: 'rentdrive_co' });
});

const DEFAULTS = {
  bookingMode: 'instant',
  cancellationPolicy: 'flexible',
  weeklyDiscountPercent: 0,
  monthlyDiscountPercent: 0,
  minDays: 1,
  maxDays: null,
  advanceNoticeDays: 0,
  deposit: 0,
};

async function world(renterEuros = 1_000, pricePerDayCents = 5_000, vehicleOverrides: { isCompanyProperty?: boolean } = {}) {
  const owner = await createFundedUser(t, 0);
  const renter = await createFundedUser(t, renterEuros);
  const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents, ...vehicleOverrides });
  return { owner, renter, vehicle };
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const putRules = (cookie: string, vehicleId: string, rules: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/vehicle/booking-rules/${vehicleId}`, headers: { cookie }, payload: { ...DEFAULTS, ...rules } });
const quote = (vehicleId: string, bookedDates: string[]) =>
  t.app.inject({ method: 'POST', url: `/api/rental/quote/${vehicleId}`, payload: { bookedDates } });
/** The scheduled job's run (the e2e hook runs exactly what the timer runs). */
const runJobs = () => t.app.inject({ method: 'POST', url: '/api/test/rentals/auto-complete' });
const days = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));

describe('GET/PUT /api/vehicle/booking-rules/{id}', () => {
  it('answers the defaults for a vehicle that never set them, and keeps what the owner saves', async () => {
    const { owner, vehicle } = await world();
    expect((await get(`/api/vehicle/booking-rules/${vehicle.id}`, owner.cookie)).json()).toEqual(DEFAULTS);
    const saved = {
      bookingMode: 'request',
      cancellationPolicy: 'moderate',
      weeklyDiscountPercent: 10,
      monthlyDiscountPercent: 20,
      minDays: 2,
      maxDays: 30,
      advanceNoticeDays: 1,
      deposit: 250.5,
    };
    expect((await putRules(owner.cookie, vehicle.id, saved)).json()).toEqual(saved);
    expect((await get(`/api/vehicle/booking-rules/${vehicle.id}`, owner.cookie)).json()).toEqual(saved);
  });

  it('lets only the owner, or an employee for a company vehicle, see and change them', async () => {
    const { renter, vehicle } = await world();
    expect((await get(`/api/vehicle/booking-rules/${vehicle.id}`, renter.cookie)).statusCode).toBe(403);
    expect((await putRules(renter.cookie, vehicle.id, {})).statusCode).toBe(403);
    expect((await get(`/api/vehicle/booking-rules/${vehicle.id}`)).statusCode).toBe(401);
    const employee = await createUser(t.database, { isCompanyEmployee: true });
    const employeeCookie = await signIn(t.database, employee);
    const companyVehicle = await createVehicle(t.database, { ownerId: company.user.id, isCompanyProperty: true });
    expect((await putRules(employeeCookie, companyVehicle.id, { deposit: 100 })).statusCode).toBe(200);
    expect((await putRules(employeeCookie, vehicle.id, {})).statusCode).toBe(403);
  });

  it('refuses values out of range with 400 naming each field', async () => {
    const { owner, vehicle } = await world();
    const res = await putRules(owner.cookie, vehicle.id, {
      advanceNoticeDays: 8,
      deposit: 1000.01,
      weeklyDiscountPercent: -1,
      bookingMode: 'maybe',
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(Object.keys(errors).sort()).toEqual(['advanceNoticeDays', 'bookingMode', 'deposit', 'weeklyDiscountPercent']);
    const below = await putRules(owner.cookie, vehicle.id, { minDays: 5, maxDays: 3 });
    expect(below.statusCode).toBe(400);
    expect(below.json().errors.maxDays).toEqual(['The maximum number of days cannot be below the minimum.']);
  });
});

describe('POST /api/rental/quote/{vehicleId}', () => {
  it('breaks the price down with the duration discount and the deposit (euros)', async () => {
    const { owner, vehicle } = await world();
    await putRules(owner.cookie, vehicle.id, {
      weeklyDiscountPercent: 10,
      monthlyDiscountPercent: 25,
      deposit: 300,
      cancellationPolicy: 'strict',
    });
    expect((await quote(vehicle.id, days('2026-06-10', 7))).json()).toEqual({
      days: 7,
      pricePerDay: 50,
      subtotal: 350,
      discountPercent: 10,
      discount: 35,
      total: 315,
      deposit: 300,
      cancellationPolicy: 'strict',
      bookingMode: 'instant',
    });
    expect((await quote(vehicle.id, days('2026-06-10', 28))).json()).toMatchObject({ subtotal: 1400, discount: 350, total: 1050 });
  });

  it.each([
    ['too few days', { minDays: 3 }, days('2026-06-10', 2), 'This vehicle is rented for at least 3 days.'],
    ['too many days', { maxDays: 5 }, days('2026-06-10', 6), 'This vehicle is rented for at most 5 days.'],
    [
      'too short a notice',
      { advanceNoticeDays: 3 },
      days('2026-06-03', 2),
      'This vehicle must be booked at least 3 days before the first day.',
    ],
  ])('refuses %s with a 400 that names the rule, and so does renting', async (_name, rules, booked, message) => {
    const { owner, renter, vehicle } = await world();
    await putRules(owner.cookie, vehicle.id, rules);
    const res = await quote(vehicle.id, booked);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: message, errors: { bookedDates: [message] } });
    const rented = await rent(t.app, renter.cookie, vehicle.id, booked);
    expect(rented.statusCode).toBe(400);
    expect(rented.json().detail).toBe(message);
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(1000);
  });
});

describe('renting under the rules', () => {
  it('charges the discounted total and holds the deposit apart; the old client still rents with defaults', async () => {
    const { owner, renter, vehicle } = await world();
    await putRules(owner.cookie, vehicle.id, { weeklyDiscountPercent: 10, deposit: 200 });
    const res = await rent(t.app, renter.cookie, vehicle.id, days('2026-06-10', 7));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Active', totalPrice: 315, balance: 485 });
    const plain = await world();
    expect((await rent(t.app, plain.renter.cookie, plain.vehicle.id, ['2026-06-10'])).json()).toMatchObject({
      totalPrice: 50,
      balance: 950,
    });
  });
});

describe('cancelling by the policy', () => {
  async function booked(policy: string, startDate: string, deposit = 0) {
    const w = await world();
    await putRules(w.owner.cookie, w.vehicle.id, { cancellationPolicy: policy, deposit });
    const res = await rent(t.app, w.renter.cookie, w.vehicle.id, days(startDate, 2));
    expect(res.statusCode).toBe(200);
    return { ...w, rentalId: res.json<{ id: string }>().id };
  }

  it('flexible: the full refund until the start, as the spec says', async () => {
    const { renter, rentalId } = await booked('flexible', '2026-06-02');
    expect((await get(`/api/rental/cancel-preview/${rentalId}`, renter.cookie)).json()).toMatchObject({
      refund: 100,
      kept: 0,
      rule: 'flexible-full',
    });
    expect((await postEmpty(t.app, renter.cookie, `/api/rental/cancel-rental/${rentalId}`)).statusCode).toBe(200);
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(1000);
  });

  it('moderate inside 5 days: pays the previewed half, the deposit back, the owner 80 % of the rest on the first day', async () => {
    const { owner, renter, rentalId } = await booked('moderate', '2026-06-05', 150);
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(750);
    const preview = (await get(`/api/rental/cancel-preview/${rentalId}`, renter.cookie)).json();
    expect(preview).toEqual({ refund: 50, kept: 50, deposit: 150, rule: 'moderate-half', cancellationPolicy: 'moderate' });
    const companyBefore = (await meBalances(t.app, company.cookie)).balance;
    const res = await postEmpty(t.app, renter.cookie, `/api/rental/cancel-rental/${rentalId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Cancelled', isCancelled: true });
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(950);
    expect((await meBalances(t.app, company.cookie)).balance).toBeCloseTo(companyBefore + 10, 2);
    // The owner's 40 € wait in escrow until the first day.
    expect((await meBalances(t.app, owner.cookie)).balance).toBe(0);
    await runJobs();
    expect((await meBalances(t.app, owner.cookie)).balance).toBe(0);
    t.clock.set('2026-06-05T00:30:00Z');
    expect((await runJobs()).statusCode).toBe(200);
    expect((await meBalances(t.app, owner.cookie)).balance).toBe(40);
    // Once only.
    await runJobs();
    expect((await meBalances(t.app, owner.cookie)).balance).toBe(40);
  });

  it('moderate 5 days or more ahead gives everything back; strict keeps half, then all', async () => {
    const early = await booked('moderate', '2026-06-06');
    expect((await get(`/api/rental/cancel-preview/${early.rentalId}`, early.renter.cookie)).json()).toMatchObject({
      refund: 100,
      rule: 'moderate-full',
    });
    const strict = await booked('strict', '2026-06-08');
    expect((await get(`/api/rental/cancel-preview/${strict.rentalId}`, strict.renter.cookie)).json()).toMatchObject({
      refund: 50,
      kept: 50,
      rule: 'strict-half',
    });
    const late = await booked('strict', '2026-06-07');
    expect((await get(`/api/rental/cancel-preview/${late.rentalId}`, late.renter.cookie)).json()).toMatchObject({
      refund: 0,
      kept: 100,
      rule: 'strict-none',
    });
    expect((await postEmpty(t.app, late.renter.cookie, `/api/rental/cancel-rental/${late.rentalId}`)).statusCode).toBe(200);
    expect((await meBalances(t.app, late.renter.cookie)).balance).toBe(900);
  });

  it('shows the preview only to the renter', async () => {
    const { owner, rentalId } = await booked('strict', '2026-06-20');
    expect((await get(`/api/rental/cancel-preview/${rentalId}`, owner.cookie)).statusCode).toBe(403);
  });
});

describe('on request', () => {
  async function requested(deposit = 100) {
    const w = await world();
    await putRules(w.owner.cookie, w.vehicle.id, { bookingMode: 'request', deposit });
    const res = await rent(t.app, w.renter.cookie, w.vehicle.id, days('2026-06-10', 2));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Requested', balance: 800 });
    return { ...w, rentalId: res.json<{ id: string }>().id };
  }

  it('reserves the days and holds total + deposit; the owner accepts and it is Active', async () => {
    const { owner, renter, vehicle, rentalId } = await requested();
    expect((await get(`/api/rental/${vehicle.id}`)).json()).toEqual(['2026-06-10', '2026-06-11']);
    expect((await postEmpty(t.app, renter.cookie, `/api/rental/accept/${rentalId}`)).statusCode).toBe(403);
    const res = await postEmpty(t.app, owner.cookie, `/api/rental/accept/${rentalId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: rentalId, status: 'Active' });
    expect((await postEmpty(t.app, owner.cookie, `/api/rental/decline/${rentalId}`)).statusCode).toBe(409);
  });

  it('declined: the days are free and everything held is back at once', async () => {
    const { owner, renter, vehicle, rentalId } = await requested();
    const res = await postEmpty(t.app, owner.cookie, `/api/rental/decline/${rentalId}`);
    expect(res.json()).toMatchObject({ status: 'Declined' });
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(1000);
    expect((await get(`/api/rental/${vehicle.id}`)).json()).toEqual([]);
  });

  it('unanswered for 24 hours: expires, even when the job runs long after (catching up)', async () => {
    const { renter, rentalId } = await requested();
    t.clock.set('2026-06-02T09:59:00Z');
    await runJobs();
    expect((await get('/api/rental/my-rentals', renter.cookie)).json().find((r: { id: string }) => r.id === rentalId).status).toBe(
      'Requested',
    );
    t.clock.set('2026-06-04T10:00:00Z');
    expect((await runJobs()).statusCode).toBe(200);
    expect((await get('/api/rental/my-rentals', renter.cookie)).json().find((r: { id: string }) => r.id === rentalId).status).toBe(
      'Expired',
    );
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(1000);
  });

  it('an answer after the 24 hours is refused: the request expires', async () => {
    const { owner, rentalId } = await requested();
    t.clock.set('2026-06-02T10:00:01Z');
    const res = await postEmpty(t.app, owner.cookie, `/api/rental/accept/${rentalId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This request was not answered within 24 hours and has expired.');
  });

  it('the renter may withdraw a request: everything back', async () => {
    const { renter, rentalId } = await requested();
    expect((await get(`/api/rental/cancel-preview/${rentalId}`, renter.cookie)).json()).toMatchObject({
      refund: 100,
      kept: 0,
      deposit: 100,
      rule: 'request',
    });
    expect((await postEmpty(t.app, renter.cookie, `/api/rental/cancel-rental/${rentalId}`)).statusCode).toBe(200);
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(1000);
  });
});

describe('deposit release', () => {
  it('returns a completed rental’s deposit 3 days after completion', async () => {
    const { owner, renter, vehicle } = await world();
    await putRules(owner.cookie, vehicle.id, { deposit: 200 });
    const res = await rent(t.app, renter.cookie, vehicle.id, ['2026-06-01']);
    const id = res.json<{ id: string }>().id;
    t.clock.set('2026-06-02T10:00:00Z');
    expect((await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${id}`)).statusCode).toBe(200);
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(750);
    t.clock.set('2026-06-05T09:00:00Z');
    await runJobs();
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(750);
    t.clock.set('2026-06-05T10:01:00Z');
    await runJobs();
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(950);
  });
});
