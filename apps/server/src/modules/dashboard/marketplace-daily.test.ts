import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MarketplaceDashboard } from '@rentdrive/contracts/dashboard';
import { createUser, createVehicle, createVehicleType, signIn } from '../../../test/factories';
import { createFundedUser, postEmpty, rent, useLedgerCheckedApp } from '../../../test/helpers/money';
import type { TestApp } from '../../../test/test-app';

/**
 * marketplace_daily (migration 0034, ADR 031): the triggers keep the operator's daily summary equal
 * to the raw tables (marketplace_daily_source, the definitions of the live queries) after bookings,
 * cancellations with refunds, payouts, new users and listings and a vehicle's change of type, on
 * both sides of midnight in the marketplace's zone (Europe/Berlin: 23:30 UTC is the next day); a
 * rebuild (the migration's backfill, a bulk load without triggers) gives the same table.
 */
let t: TestApp;
let employeeCookie: string;
let renter: { user: { id: string }; cookie: string };
let vehicle: { id: string };
let other: { id: string };
let typeCar: number;
let typeVan: number;

type Figures = Record<string, string | number>;
const rowsOf = async (query: ReturnType<typeof sql>): Promise<Figures[]> =>
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the drivers type execute() apart; both answers carry `rows`.
  ((await t.database.db.execute(query)) as unknown as { rows: Figures[] }).rows.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'day' ? String(v) : Number(v)])),
  );
const FIGURES = sql.raw(`to_char(day, 'YYYY-MM-DD') as day, vehicle_type_id, bookings, gross_cents, take_cents, cancellations,
  refunds_cents, new_users, new_listings`);
const NON_ZERO = sql.raw(
  `(bookings, gross_cents, take_cents, cancellations, refunds_cents, new_users, new_listings) <> (0, 0, 0, 0, 0, 0, 0)`,
);
/** The summary as readers see it: its delta rows summed by day and type. */
const summed = sql.raw(`(select day, vehicle_type_id, sum(bookings) as bookings, sum(gross_cents) as gross_cents,
  sum(take_cents) as take_cents, sum(cancellations) as cancellations, sum(refunds_cents) as refunds_cents,
  sum(new_users) as new_users, sum(new_listings) as new_listings from marketplace_daily group by 1, 2) s`);
const summary = () => rowsOf(sql`select ${FIGURES} from ${summed} where ${NON_ZERO} order by 1, 2`);
const live = () => rowsOf(sql`select ${FIGURES} from marketplace_daily_source(null) where ${NON_ZERO} order by 1, 2`);
const dayOf = async (day: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/dashboard/marketplace?from=${day}&to=${day}`, headers: { cookie: employeeCookie } })
  ).json<MarketplaceDashboard>().series[0]!;

useLedgerCheckedApp({ env: { E2E_TEST_HOOKS: 'true', TIME_ZONE: 'Europe/Berlin' } }, async (app) => {
  t = app;
  t.clock.set(new Date('2026-03-01T10:00:00Z'));
  await createFundedUser(t, 0, { isCompanyAccount: true, username: 'rentdrive_co' });
});

beforeAll(async () => {
  typeCar = (await createVehicleType(t.database, { name: 'Car' })).id;
  typeVan = (await createVehicleType(t.database, { name: 'Van' })).id;
  const owner = await createFundedUser(t, 0);
  renter = await createFundedUser(t, 1_000);
  employeeCookie = await signIn(t.database, await createUser(t.database, { isCompanyEmployee: true }));
  vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 10_000, vehicleTypeId: typeCar });
  other = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 4_000, vehicleTypeId: typeCar });
});

describe('marketplace_daily', () => {
  it('counts days in the app’s TIME_ZONE (set and rebuilt at start)', async () => {
    expect(await rowsOf(sql`select 1 as n from marketplace_daily_zone where time_zone = 'Europe/Berlin'`)).toEqual([{ n: 1 }]);
    expect(await summary()).toEqual(await live());
  });

  it('equals the raw tables after bookings on both sides of midnight, a cancellation with its refund and a payout', async () => {
    // 22:30 UTC is March 1 in Berlin, 23:30 UTC already March 2.
    t.clock.set(new Date('2026-03-01T22:30:00Z'));
    const completed = await rent(t.app, renter.cookie, vehicle.id, ['2026-03-10', '2026-03-11']);
    expect(completed.statusCode).toBe(200);
    t.clock.set(new Date('2026-03-01T23:30:00Z'));
    const cancelled = await rent(t.app, renter.cookie, other.id, ['2026-03-20']);
    expect(cancelled.statusCode).toBe(200);
    expect(await summary()).toEqual(await live());
    expect(await dayOf('2026-03-01')).toMatchObject({ bookings: 1, grossCents: 20_000 });
    expect(await dayOf('2026-03-02')).toMatchObject({ bookings: 1, grossCents: 4_000 });

    // March 3 (Berlin): the renter cancels (refunded in full); March 12: the first rental completes (fee 20 %).
    t.clock.set(new Date('2026-03-03T09:00:00Z'));
    expect((await postEmpty(t.app, renter.cookie, `/api/rental/cancel-rental/${cancelled.json<{ id: string }>().id}`)).statusCode).toBe(
      200,
    );
    t.clock.set(new Date('2026-03-12T23:15:00Z'));
    expect((await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${completed.json<{ id: string }>().id}`)).statusCode).toBe(
      200,
    );
    expect(await summary()).toEqual(await live());
    expect(await dayOf('2026-03-03')).toMatchObject({ cancellations: 1, refundsCents: 4_000 });
    // 23:15 UTC on March 12 is March 13 in Berlin.
    expect(await dayOf('2026-03-12')).toMatchObject({ takeCents: 0 });
    const fee = (await dayOf('2026-03-13')).takeCents;
    expect(fee).toBeGreaterThan(0);
    const month = (
      await t.app.inject({
        method: 'GET',
        url: '/api/dashboard/marketplace?from=2026-03-01&to=2026-03-31',
        headers: { cookie: employeeCookie },
      })
    ).json<MarketplaceDashboard>();
    expect(month.totals).toMatchObject({ bookings: 2, grossCents: 24_000, takeCents: fee, cancellations: 1, refundsCents: 4_000 });
    // The wallets' money (from the system accounts' balances) is the sum of the users' wallets.
    const [wallets] = await rowsOf(sql`select sum(a.balance_cents) as cents from ledger_accounts a join users u on u.id = a.user_id
      where a.kind = 'wallet' and not u.is_company_account`);
    expect(month.totals.walletHeldCents).toBe(wallets!.cents);
  });

  it('moves a vehicle’s history to its new type, and counts new users and listings', async () => {
    await t.database.db.execute(sql`update vehicles set vehicle_type_id = ${typeVan} where id = ${vehicle.id}`);
    await createUser(t.database);
    await createVehicle(t.database, { ownerId: renter.user.id, vehicleTypeId: typeVan });
    expect(await summary()).toEqual(await live());
    const vans = (
      await t.app.inject({
        method: 'GET',
        url: `/api/dashboard/marketplace?from=2026-03-01&to=2026-03-31&type=${typeVan}`,
        headers: { cookie: employeeCookie },
      })
    ).json<MarketplaceDashboard>();
    expect(vans.totals).toMatchObject({ bookings: 1, grossCents: 20_000, cancellations: 0, refundsCents: 0 });
    expect(vans.totals.takeCents).toBeGreaterThan(0);
  });

  it('folds the delta rows of past days into one row per day and type, to the same figures', async () => {
    const rowCount = async () => Number((await rowsOf(sql`select count(*) as n from marketplace_daily`))[0]!.n);
    const before = await summary();
    const rowsBefore = await rowCount();
    const folded = Number((await rowsOf(sql`select marketplace_daily_compact('2026-04-01') as n`))[0]!.n);
    expect(folded).toBeGreaterThan(0);
    expect(await rowCount()).toBeLessThan(rowsBefore);
    expect(
      await rowsOf(sql`select day, vehicle_type_id from marketplace_daily where day < '2026-04-01' group by 1, 2 having count(*) > 1`),
    ).toEqual([]);
    expect(await summary()).toEqual(before);
    expect(await summary()).toEqual(await live());
    // Nothing left to fold.
    expect(Number((await rowsOf(sql`select marketplace_daily_compact('2026-04-01') as n`))[0]!.n)).toBe(0);
  });

  it('is rebuilt to the same figures (the migration’s backfill, a bulk load without triggers) and in another zone', async () => {
    const before = await summary();
    await t.database.db.execute(sql`delete from marketplace_daily`);
    await t.database.db.execute(sql`select marketplace_daily_rebuild()`);
    expect(await summary()).toEqual(before);
    await t.database.db.execute(sql`update marketplace_daily_zone set time_zone = 'UTC'`);
    await t.database.db.execute(sql`select marketplace_daily_rebuild()`);
    const utc = await summary();
    expect(utc).toEqual(await live());
    // In UTC the booking made at 23:30 UTC on March 1 counts on March 1.
    expect(utc.filter((r) => r.day === '2026-03-01').reduce((s, r) => s + Number(r.bookings), 0)).toBe(2);
    await t.database.db.execute(sql`update marketplace_daily_zone set time_zone = 'Europe/Berlin'`);
    await t.database.db.execute(sql`select marketplace_daily_rebuild()`);
    expect(await summary()).toEqual(before);
  });
});
