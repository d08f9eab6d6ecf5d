import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MarketplaceDashboard, OwnerDashboard } from '@rentdrive/contracts/dashboard';
import { createUser, createVehicle, createVehicleType, signIn } from '../../../test/factories';
import { createFundedUser, postEmpty, rent, useLedgerCheckedApp } from '../../../test/helpers/money';
import type { TestApp } from '../../../test/test-app';

/**
 * Issue 30: each figure against data made for it. Today is 2026-06-15 (UTC); the fee is 20 %.
 *   Owner A, vehicle V1 (100 €/day): May 10-12 booked and completed on June 15 (300 € gross, 240 € to A,
 *     60 € fee); June 25 booked then cancelled (not earnings, not a booked day); June 17 blocked.
 *   Owner A, vehicle V2 (50 €/day): June 20-21 booked, active (pending 80 €).
 *   Owner B, vehicle W (70 €/day): May 20 booked and completed (never in A's figures).
 */
let t: TestApp;
let ownerA: { user: { id: string }; cookie: string };
let ownerB: { user: { id: string }; cookie: string };
let employeeCookie: string;
let v1: { id: string };
let v2: { id: string };
let w: { id: string };
let typeCar: number;
let typeVan: number;
let rentalV1: string;
let rentalV2: string;

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

// No clockStart: the clock stays on June 15 once the data is made (the helper would set it back).
useLedgerCheckedApp({ env: { E2E_TEST_HOOKS: 'true' } }, async (app) => {
  t = app;
  t.clock.set(new Date('2026-05-01T10:00:00Z'));
  await createFundedUser(t, 0, { isCompanyAccount: true, username: 'rentdrive_co' });
});

beforeAll(async () => {
  typeCar = (await createVehicleType(t.database, { name: 'Car' })).id;
  typeVan = (await createVehicleType(t.database, { name: 'Van' })).id;
  ownerA = await createFundedUser(t, 0);
  ownerB = await createFundedUser(t, 0);
  const renter = await createFundedUser(t, 2_000, { username: 'renter_rita' });
  const employee = await createUser(t.database, { isCompanyEmployee: true });
  employeeCookie = await signIn(t.database, employee);
  v1 = await createVehicle(t.database, {
    ownerId: ownerA.user.id,
    pricePerDayCents: 10_000,
    make: 'Bob "Fast", Co',
    model: 'One',
    vehicleTypeId: typeCar,
  });
  v2 = await createVehicle(t.database, {
    ownerId: ownerA.user.id,
    pricePerDayCents: 5_000,
    make: '=HYPERLINK',
    model: 'Two',
    vehicleTypeId: typeVan,
  });
  w = await createVehicle(t.database, {
    ownerId: ownerB.user.id,
    pricePerDayCents: 7_000,
    make: 'Other',
    model: 'Owner',
    vehicleTypeId: typeCar,
  });

  // May 1: book May 10-12 on V1 and May 20 on W.
  const r1 = await rent(t.app, renter.cookie, v1.id, ['2026-05-10', '2026-05-11', '2026-05-12']);
  expect(r1.statusCode).toBe(200);
  rentalV1 = r1.json<{ id: string }>().id;
  const rw = await rent(t.app, renter.cookie, w.id, ['2026-05-20']);
  expect(rw.statusCode).toBe(200);

  // June 15: complete both, book V2 June 20-21, book and cancel V1 June 25, block V1 June 17.
  t.clock.set(new Date('2026-06-15T10:00:00Z'));
  expect((await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${rentalV1}`)).statusCode).toBe(200);
  expect((await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${rw.json<{ id: string }>().id}`)).statusCode).toBe(200);
  const r2 = await rent(t.app, renter.cookie, v2.id, ['2026-06-20', '2026-06-21']);
  expect(r2.statusCode).toBe(200);
  rentalV2 = r2.json<{ id: string }>().id;
  const cancelled = await rent(t.app, renter.cookie, v1.id, ['2026-06-25']);
  expect(cancelled.statusCode).toBe(200);
  expect((await postEmpty(t.app, renter.cookie, `/api/rental/cancel-rental/${cancelled.json<{ id: string }>().id}`)).statusCode).toBe(200);
  const blocked = await t.app.inject({
    method: 'PUT',
    url: `/api/vehicle/blocked-days/${v1.id}`,
    headers: { cookie: ownerA.cookie },
    payload: { days: ['2026-06-17'] },
  });
  expect(blocked.statusCode).toBe(200);
});

describe('GET /api/dashboard/owner', () => {
  it('answers earnings from the ledger by month of payout, pending and booked days by month, per vehicle', async () => {
    const res = await get('/api/dashboard/owner?from=2026-05-01&to=2026-06-30', ownerA.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json<OwnerDashboard>();
    expect(body.months.map((m) => m.month)).toEqual(['2026-05', '2026-06']);
    const may = body.months[0]!.vehicles;
    const june = body.months[1]!.vehicles;
    expect(may).toEqual([{ vehicleId: v1.id, earnedCents: 0, pendingCents: 0, daysBooked: 3 }]);
    expect(june).toEqual(
      expect.arrayContaining([
        { vehicleId: v1.id, earnedCents: 24_000, pendingCents: 0, daysBooked: 0 },
        { vehicleId: v2.id, earnedCents: 0, pendingCents: 8_000, daysBooked: 2 },
      ]),
    );
    expect(june).toHaveLength(2);
    // The cancelled rental is neither earnings nor a booked day; owner B's vehicle never appears.
    expect(body.totals).toEqual({ earnedCents: 24_000, pendingCents: 8_000, daysBooked: 5 });
    expect(JSON.stringify(body)).not.toContain(w.id);
    expect(body.previous).toEqual({ from: '2026-03-01', to: '2026-04-30', earnedCents: 0, pendingCents: 0, daysBooked: 0 });
    // Three bookings made in May-June; the renter cancelled one and got its 100 € back.
    expect(body.cancellations).toEqual({
      bookings: 3,
      cancelled: 1,
      byRenter: 1,
      byOwner: 0,
      bySystem: 0,
      rate: 0.333,
      ownerRate: 0,
      refundedCents: 10_000,
      declined: 0,
      expired: 0,
    });
  });

  it('answers occupancy, the 60-day strip (booked, blocked, free) and the upcoming pick-ups and returns', async () => {
    const body = (await get('/api/dashboard/owner', ownerA.cookie)).json<OwnerDashboard>();
    expect(body.today).toBe('2026-06-15');
    const first = body.vehicles.find((v) => v.id === v1.id)!;
    const second = body.vehicles.find((v) => v.id === v2.id)!;
    expect(first.occupancy).toEqual({ last30: 0, last90: 0.033, last365: 0.008, next30: 0 });
    expect(second.occupancy.next30).toBe(0.067);
    expect(first.strip).toHaveLength(60);
    expect(first.strip.slice(0, 4)).toBe('ffxf');
    expect(first.strip[10]).toBe('f'); // June 25: cancelled, free again
    expect(second.strip.slice(4, 8)).toBe('fbbf');
    expect(body.upcoming).toEqual([
      {
        kind: 'pickup',
        date: '2026-06-20',
        rentalId: rentalV2,
        vehicleId: v2.id,
        vehicleName: '=HYPERLINK Two',
        renterName: 'renter_rita',
      },
      {
        kind: 'return',
        date: '2026-06-21',
        rentalId: rentalV2,
        vehicleId: v2.id,
        vehicleName: '=HYPERLINK Two',
        renterName: 'renter_rita',
      },
    ]);
  });

  it('shows owner B only their own vehicle and earnings', async () => {
    const body = (await get('/api/dashboard/owner?from=2026-05-01&to=2026-06-30', ownerB.cookie)).json<OwnerDashboard>();
    expect(body.vehicles.map((v) => v.id)).toEqual([w.id]);
    expect(body.totals).toEqual({ earnedCents: 5_600, pendingCents: 0, daysBooked: 1 });
    expect(JSON.stringify(body)).not.toContain(v1.id);
  });

  it('refuses anonymous callers (401) and a bad period (400 naming the field)', async () => {
    expect((await get('/api/dashboard/owner')).statusCode).toBe(401);
    const reversed = await get('/api/dashboard/owner?from=2026-06-30&to=2026-05-01', ownerA.cookie);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('The start must not be after the end.');
    const bad = await get('/api/dashboard/owner?from=2026-02-30', ownerA.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('from');
  });
});

describe('GET /api/dashboard/owner/transactions.csv', () => {
  it('has the exact columns, the payout split into gross, fee and net, and escapes fields (RFC 4180)', async () => {
    const res = await get('/api/dashboard/owner/transactions.csv?from=2026-06-01&to=2026-06-30', ownerA.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="transactions-2026-06-01-2026-06-30.csv"');
    expect(res.body).toBe(
      [
        'date,type,vehicle,rental,gross,fee,net',
        `2026-06-15,Rental Profit,"Bob ""Fast"", Co One",${rentalV1},300.00,60.00,240.00`,
        '',
      ].join('\r\n'),
    );
  });

  it("uses the reader's number format: a German reader gets decimal commas and ';'", async () => {
    const res = await get('/api/dashboard/owner/transactions.csv?from=2026-06-01&to=2026-06-30', ownerA.cookie, {
      'accept-language': 'de',
    });
    expect(res.body).toBe(
      [
        'date;type;vehicle;rental;gross;fee;net',
        `2026-06-15;Rental Profit;"Bob ""Fast"", Co One";${rentalV1};300,00;60,00;240,00`,
        '',
      ].join('\r\n'),
    );
  });

  it("writes a renter's payments and refunds too, with a formula-looking name defused", async () => {
    const renter = await createFundedUser(t, 100);
    const booked = await rent(t.app, renter.cookie, v2.id, ['2026-07-01']);
    expect(booked.statusCode).toBe(200);
    const lines = (await get('/api/dashboard/owner/transactions.csv?from=2026-06-15&to=2026-06-15', renter.cookie)).body.split('\r\n');
    expect(lines[0]).toBe('date,type,vehicle,rental,gross,fee,net');
    expect(lines).toContain('2026-06-15,Deposit,,,100.00,0.00,100.00');
    expect(lines).toContain(`2026-06-15,Rental Payment,'=HYPERLINK Two,${booked.json<{ id: string }>().id},-50.00,0.00,-50.00`);
  });
});

describe('GET /api/dashboard/marketplace', () => {
  it('refuses anyone but company employees', async () => {
    expect((await get('/api/dashboard/marketplace')).statusCode).toBe(401);
    expect((await get('/api/dashboard/marketplace', ownerA.cookie)).statusCode).toBe(403);
  });

  it('answers bookings, gross value, take (ledger), cancellations, refunds, users, listings and wallet money', async () => {
    const res = await get('/api/dashboard/marketplace?from=2026-05-01&to=2026-06-15', employeeCookie);
    expect(res.statusCode).toBe(200);
    const body = res.json<MarketplaceDashboard>();
    expect(body.granularity).toBe('day');
    expect(body.series).toHaveLength(46);
    const may1 = body.series.find((s) => s.period === '2026-05-01')!;
    expect(may1).toMatchObject({ bookings: 2, grossCents: 37_000 });
    const june15 = body.series.find((s) => s.period === '2026-06-15')!;
    // Fees: 60 € (V1) + 14 € (W); booked: V2 (100 €), the cancelled one (100 €, refunded) and the CSV test's V2 day (50 €).
    expect(june15).toMatchObject({ bookings: 3, grossCents: 25_000, takeCents: 7_400, cancellations: 1, refundsCents: 10_000 });
    expect(body.totals).toMatchObject({ bookings: 5, grossCents: 62_000, takeCents: 7_400, cancellations: 1, refundsCents: 10_000 });
    expect(body.totals.activeListings).toBeGreaterThanOrEqual(3);
    expect(body.totals.walletHeldCents).toBeGreaterThan(0);
    expect(body.byType).toEqual([
      { typeId: typeCar, name: 'Car', bookings: 3, grossCents: 47_000, takeCents: 7_400 },
      { typeId: typeVan, name: 'Van', bookings: 2, grossCents: 15_000, takeCents: 0 },
    ]);
    const vans = (
      await get(`/api/dashboard/marketplace?from=2026-05-01&to=2026-06-15&type=${typeVan}`, employeeCookie)
    ).json<MarketplaceDashboard>();
    expect(vans.totals).toMatchObject({ bookings: 2, grossCents: 15_000, takeCents: 0, cancellations: 0 });
    const months = (await get('/api/dashboard/marketplace?from=2026-01-01&to=2026-06-30', employeeCookie)).json<MarketplaceDashboard>();
    expect(months.granularity).toBe('month');
    expect(months.series.map((s) => s.period)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']);
  });

  it('counts searched words and places, and those with few results, without anything personal', async () => {
    const search = (payload: object) => t.app.inject({ method: 'POST', url: '/api/vehicle/search', payload });
    expect((await search({ searchQuery: 'Zeppelin 4711 anna@example.com' })).statusCode).toBe(200);
    expect((await search({ searchQuery: 'zeppelin' })).statusCode).toBe(200);
    expect((await search({ searchQuery: 'zeppelin', page: 2 })).statusCode).toBe(200);
    await t.app.searchLog.flush();
    const body = (await get('/api/dashboard/marketplace?from=2026-06-15&to=2026-06-15', employeeCookie)).json<MarketplaceDashboard>();
    expect(body.searchDemand.unmet).toEqual([{ term: 'zeppelin', kind: 'word', searches: 2, fewResults: 2 }]);
    expect(JSON.stringify(body.searchDemand)).not.toMatch(/4711|anna|example/);
  });
});

const BOOKING_RULES = {
  bookingMode: 'instant',
  cancellationPolicy: 'flexible',
  weeklyDiscountPercent: 0,
  monthlyDiscountPercent: 0,
  minDays: 1,
  maxDays: null,
  advanceNoticeDays: 0,
  deposit: 0,
};

// Last in the file: it moves the clock past June 15 (the earlier tests' 'today').
describe("an owner's cancellation figures", () => {
  it('splits cancelled bookings by who cancelled, with the rate and the refunds, and counts declined and expired requests', async () => {
    const owner = await createFundedUser(t, 0);
    const renter = await createFundedUser(t, 1_000);
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 6_000 });
    const booked = [];
    for (const day of ['2026-06-20', '2026-06-21', '2026-06-22', '2026-06-23']) {
      const res = await rent(t.app, renter.cookie, vehicle.id, [day]);
      expect(res.statusCode).toBe(200);
      booked.push(res.json<{ id: string }>().id);
    }
    for (const id of booked.slice(0, 3)) {
      expect((await postEmpty(t.app, renter.cookie, `/api/rental/cancel-rental/${id}`)).statusCode).toBe(200);
    }
    // Who cancelled as the owner's cancellation and the system record it (issue 27's rentals.cancelled_by).
    await t.database.db.execute(sql`update rentals set cancelled_by = 'owner' where id = ${booked[1]!}`);
    await t.database.db.execute(sql`update rentals set cancelled_by = 'system' where id = ${booked[2]!}`);
    // Two requests: the owner declines one, the other is left unanswered for a day.
    const rules = await t.app.inject({
      method: 'PUT',
      url: `/api/vehicle/booking-rules/${vehicle.id}`,
      headers: { cookie: owner.cookie },
      payload: { ...BOOKING_RULES, bookingMode: 'request' },
    });
    expect(rules.statusCode).toBe(200);
    const declined = await rent(t.app, renter.cookie, vehicle.id, ['2026-06-25']);
    expect(declined.json()).toMatchObject({ status: 'Requested' });
    expect((await postEmpty(t.app, owner.cookie, `/api/rental/decline/${declined.json<{ id: string }>().id}`)).statusCode).toBe(200);
    expect((await rent(t.app, renter.cookie, vehicle.id, ['2026-06-26'])).json()).toMatchObject({ status: 'Requested' });
    t.clock.set(new Date('2026-06-16T11:00:00Z'));
    expect((await t.app.inject({ method: 'POST', url: '/api/test/rentals/auto-complete' })).statusCode).toBe(200);

    const body = (await get('/api/dashboard/owner?from=2026-06-01&to=2026-06-30', owner.cookie)).json<OwnerDashboard>();
    expect(body.cancellations).toEqual({
      bookings: 4,
      cancelled: 3,
      byRenter: 1,
      byOwner: 1,
      bySystem: 1,
      rate: 0.75,
      ownerRate: 0.25,
      // Three cancelled days of 60 €, each refunded in full (flexible, days ahead); the requests' money
      // returned is not a cancellation's refund.
      refundedCents: 18_000,
      declined: 1,
      expired: 1,
    });
    // Another owner's figures are their own: owner A had no cancellation in June but the one of the 25th.
    const a = (await get('/api/dashboard/owner?from=2026-06-01&to=2026-06-30', ownerA.cookie)).json<OwnerDashboard>();
    expect(a.cancellations).toMatchObject({ cancelled: 1, byRenter: 1, byOwner: 0, declined: 0, expired: 0, refundedCents: 10_000 });
  });
});
