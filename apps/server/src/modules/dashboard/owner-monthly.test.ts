import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OwnerDashboard } from '@rentdrive/contracts/dashboard';
import { createVehicle } from '../../../test/factories';
import { createFundedUser, postEmpty, rent, useLedgerCheckedApp } from '../../../test/helpers/money';
import type { TestApp } from '../../../test/test-app';

/**
 * owner_monthly (migration 0037, ADR 032): the triggers keep the owner's monthly summary equal to the
 * raw tables (owner_monthly_source, the definitions of the owner's live queries) after bookings, a
 * renter's and an owner's cancellation with their refunds, payouts, a rental left active (pending) and a
 * vehicle changing owner; compacted and rebuilt to the same figures. The owner's answer for whole
 * months (read from the summary) equals the one for a period of the same events that holds no whole
 * month (read from the raw tables). Europe/Berlin: 23:15 UTC is already the next day.
 */
let t: TestApp;
let ownerA: { user: { id: string }; cookie: string };
let ownerB: { user: { id: string }; cookie: string };
let renter: { user: { id: string }; cookie: string };
let v1: { id: string };
let v2: { id: string };

type Figures = Record<string, string | number>;
const KEYS = new Set(['id', 'month', 'vehicle_id', 'payee_id']);
const rowsOf = async (query: ReturnType<typeof sql>): Promise<Figures[]> =>
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the drivers type execute() apart; both answers carry `rows`.
  ((await t.database.db.execute(query)) as unknown as { rows: Figures[] }).rows.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, KEYS.has(k) ? String(v) : Number(v)])),
  );
const COLUMNS = `payouts, earned_cents, days, pending_cents, occupied, refunds_cents, bookings, cancelled, by_renter, by_owner, by_system,
  declined, expired`;
const NON_ZERO = sql.raw(`(${COLUMNS}) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)`);
/** The summary as readers see it: its delta rows summed by month, vehicle and payee. */
const summed = sql.raw(
  `(select month, vehicle_id, payee_id, ${COLUMNS.split(',')
    .map((c) => `sum(${c.trim()}) as ${c.trim()}`)
    .join(', ')} from owner_monthly group by 1, 2, 3) s`,
);
const summary = () =>
  rowsOf(sql`select to_char(month, 'YYYY-MM-DD') as month, vehicle_id, payee_id, ${sql.raw(COLUMNS)} from ${summed}
    where ${NON_ZERO} order by 1, 2, 3`);
const live = () =>
  rowsOf(sql`select to_char(month, 'YYYY-MM-DD') as month, vehicle_id, payee_id, ${sql.raw(COLUMNS)} from owner_monthly_source()
    where ${NON_ZERO} order by 1, 2, 3`);

const answer = async (cookie: string, from: string, to: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/dashboard/owner?from=${from}&to=${to}`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  const body = res.json<OwnerDashboard>();
  // What the period's figures are (the period before differs in length, so it is left out).
  return {
    months: body.months.map((m) => ({ month: m.month, vehicles: [...m.vehicles].sort((a, b) => a.vehicleId.localeCompare(b.vehicleId)) })),
    totals: body.totals,
    cancellations: body.cancellations,
  };
};
/**
 * The summary equals the raw tables, and so do the owners' answers read three ways (nothing happens on
 * March 1, March 31 or April 30): March-April from the summary (whole months), March 2 - April 29 from
 * the raw tables (no whole month in it), and stretches that are most of a month as the month's summary
 * less the rest of it from the raw tables (March 12-31: less March 1-11; March 1-30: less March 31).
 */
const expectSummaryEqualsRaw = async () => {
  expect(await summary()).toEqual(await live());
  for (const owner of [ownerA, ownerB]) {
    const raw = await answer(owner.cookie, '2026-03-02', '2026-04-29');
    expect(await answer(owner.cookie, '2026-03-01', '2026-04-30')).toEqual(raw);
    expect(await answer(owner.cookie, '2026-03-12', '2026-04-30')).toEqual(await answer(owner.cookie, '2026-03-12', '2026-04-29'));
    expect(await answer(owner.cookie, '2026-03-01', '2026-03-30')).toEqual(await answer(owner.cookie, '2026-03-02', '2026-03-31'));
  }
};
const idOf = (res: { json: <T>() => T }) => res.json<{ id: string }>().id;

useLedgerCheckedApp({ env: { E2E_TEST_HOOKS: 'true', TIME_ZONE: 'Europe/Berlin' } }, async (app) => {
  t = app;
  t.clock.set(new Date('2026-03-02T10:00:00Z'));
  await createFundedUser(t, 0, { isCompanyAccount: true, username: 'rentdrive_co' });
});

beforeAll(async () => {
  ownerA = await createFundedUser(t, 0);
  ownerB = await createFundedUser(t, 0);
  renter = await createFundedUser(t, 2_000);
  v1 = await createVehicle(t.database, { ownerId: ownerA.user.id, pricePerDayCents: 10_000 });
  v2 = await createVehicle(t.database, { ownerId: ownerA.user.id, pricePerDayCents: 4_000 });
});

describe('owner_monthly', () => {
  it('equals the raw tables after bookings, cancellations with refunds, payouts and a rental left active', async () => {
    // March 2: five bookings.
    const completed = idOf(await rent(t.app, renter.cookie, v1.id, ['2026-03-10', '2026-03-11']));
    const completedV2 = idOf(await rent(t.app, renter.cookie, v2.id, ['2026-03-15']));
    const byRenter = idOf(await rent(t.app, renter.cookie, v2.id, ['2026-03-20']));
    const byOwner = idOf(await rent(t.app, renter.cookie, v2.id, ['2026-03-25']));
    const active = idOf(await rent(t.app, renter.cookie, v1.id, ['2026-04-05', '2026-04-06']));
    expect(active).toBeTruthy();
    await expectSummaryEqualsRaw();

    // March 3: two cancellations (refunded), the second recorded as the owner's.
    t.clock.set(new Date('2026-03-03T09:00:00Z'));
    for (const id of [byRenter, byOwner])
      expect((await postEmpty(t.app, renter.cookie, `/api/rental/cancel-rental/${id}`)).statusCode).toBe(200);
    await t.database.db.execute(sql`update rentals set cancelled_by = 'owner' where id = ${byOwner}`);
    await expectSummaryEqualsRaw();

    // Payouts: March 12 23:15 UTC is March 13 in Berlin; March 16.
    t.clock.set(new Date('2026-03-12T23:15:00Z'));
    expect((await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${completed}`)).statusCode).toBe(200);
    t.clock.set(new Date('2026-03-16T10:00:00Z'));
    expect((await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${completedV2}`)).statusCode).toBe(200);
    await expectSummaryEqualsRaw();

    const figures = await answer(ownerA.cookie, '2026-03-01', '2026-04-30');
    // 200 € and 40 € paid out less the 20 % fee; the April rental's two days are pending (80 % of 200 €).
    expect(figures.totals).toEqual({ earnedCents: 19_200, pendingCents: 16_000, daysBooked: 5 });
    expect(figures.cancellations).toMatchObject({ bookings: 5, cancelled: 2, byRenter: 1, byOwner: 1, refundedCents: 8_000 });
    // Most of a month is read as the month's summary less the rest of it from the raw tables: March 3's
    // refunds fall in or out of the period by a day.
    const refunded = async (from: string, to: string) => (await answer(ownerA.cookie, from, to)).cancellations.refundedCents;
    expect(await refunded('2026-03-03', '2026-03-31')).toBe(8_000);
    expect(await refunded('2026-03-04', '2026-03-31')).toBe(0);
    expect(await refunded('2026-03-01', '2026-03-30')).toBe(8_000);
    expect(await refunded('2026-03-01', '2026-03-02')).toBe(0);

    // A rental written Cancelled without who cancelled (rows from before issue 27): the renter's, as the live query counts it.
    await t.database.db.execute(sql`insert into rentals (vehicle_id, renter_id, status, start_date, end_date, price_per_day_cents,
      total_cents, booked_at, cancelled_at) values (${v1.id}, ${renter.user.id}, 'Cancelled', '2026-04-20', '2026-04-20', 10000, 10000,
      '2026-03-02T10:00:00Z', '2026-03-02T11:00:00Z')`);
    await expectSummaryEqualsRaw();
    expect((await answer(ownerA.cookie, '2026-03-01', '2026-04-30')).cancellations).toMatchObject({
      bookings: 6,
      cancelled: 3,
      byRenter: 2,
      byOwner: 1,
      bySystem: 0,
    });
  });

  it('keeps each owner’s figures right when a vehicle changes owner (days go with it, payouts stay with their payee)', async () => {
    await t.database.db.execute(sql`update vehicles set owner_id = ${ownerB.user.id} where id = ${v2.id}`);
    await expectSummaryEqualsRaw();
    const b = await answer(ownerB.cookie, '2026-03-01', '2026-04-30');
    // V2's booked day is B's now; its payout was paid to A's wallet, so it is nobody's vehicle earnings.
    expect(b.totals).toEqual({ earnedCents: 0, pendingCents: 0, daysBooked: 1 });
    expect((await answer(ownerA.cookie, '2026-03-01', '2026-04-30')).totals).toEqual({
      earnedCents: 16_000,
      pendingCents: 16_000,
      daysBooked: 4,
    });
  });

  it('folds the delta rows into one row per month, vehicle and payee, to the same figures, and keeps counting after', async () => {
    const before = await summary();
    const folded = Number((await rowsOf(sql`select owner_monthly_compact() as n`))[0]!.n);
    expect(folded).toBeGreaterThan(0);
    expect(await rowsOf(sql`select month, vehicle_id, payee_id from owner_monthly group by 1, 2, 3 having count(*) > 1`)).toEqual([]);
    expect(await rowsOf(sql`select 1 as n from owner_monthly where not folded`)).toEqual([]);
    expect(await summary()).toEqual(before);
    await expectSummaryEqualsRaw();
    expect(Number((await rowsOf(sql`select owner_monthly_compact() as n`))[0]!.n)).toBe(0);

    // April 7: the active rental completes (its pending days become earned), after the compaction.
    t.clock.set(new Date('2026-04-07T10:00:00Z'));
    const [active] = await rowsOf(sql`select id from rentals where status = 'Active'`);
    expect((await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${active!.id}`)).statusCode).toBe(200);
    await expectSummaryEqualsRaw();
    expect((await answer(ownerA.cookie, '2026-03-01', '2026-04-30')).totals).toEqual({
      earnedCents: 32_000,
      pendingCents: 0,
      daysBooked: 4,
    });
    // The compaction the app runs (with marketplace_daily's, under one lock).
    expect(
      Number((await rowsOf(sql`select marketplace_daily_compact('2026-04-07') + owner_monthly_compact() as n`))[0]!.n),
    ).toBeGreaterThan(0);
    await expectSummaryEqualsRaw();
  });

  it('is rebuilt to the same figures (the migration’s backfill, a bulk load without triggers)', async () => {
    const before = await summary();
    await t.database.db.execute(sql`delete from owner_monthly`);
    await t.database.db.execute(sql`select owner_monthly_rebuild()`);
    expect(await summary()).toEqual(before);
    await expectSummaryEqualsRaw();
  });
});
