import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVehicle } from '../../../test/factories';
import { createFundedUser, expectLedgerConsistent, meBalances, postEmpty, rent, topUp } from '../../../test/helpers/money';
import { createTestApp, type TestApp, quietNotifications } from '../../../test/test-app';
import { TestPaymentGateway } from '../../lib/payment-gateway';
import { createWalletService } from '../wallet/wallet.service';
import { createRentalsService } from './rentals.service';

// Real lock races need a server: these run only in the server-pg project.
let t: TestApp;
beforeAll(async () => {
  // Errors logged: a 500 in a race shows its PostgreSQL cause (a deadlock's) in CI's output.
  t = await createTestApp({ clockStart: '2026-06-01T10:00:00Z', env: { LOG_LEVEL: 'error' } });
  await createFundedUser(t, 0, { isCompanyAccount: true });
});
afterAll(async () => {
  await t.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the drivers (node-postgres, PGlite) type execute() apart; both answers carry `rows`.
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** No two Active rentals of a vehicle share a day, and every Active rental owns exactly its days. */
async function expectNoDoubleBooking() {
  const overlaps = await rows(sql`
    select r.vehicle_id, d::date as day, count(*) from rentals r
    cross join lateral generate_series(r.start_date, r.end_date, interval '1 day') d
    where r.status = 'Active' group by r.vehicle_id, d::date having count(*) > 1`);
  expect(overlaps).toEqual([]);
  const mismatched = await rows(sql`
    select r.id from rentals r left join rental_days rd on rd.rental_id = r.id
    group by r.id, r.status, r.start_date, r.end_date
    having (r.status = 'Active' and count(rd.day) <> r.end_date - r.start_date + 1)
        or (r.status = 'Cancelled' and count(rd.day) <> 0)`);
  expect(mismatched).toEqual([]);
}

/** Escrow holds exactly the Active rentals' money; each rental was paid, refunded or paid out once. */
async function expectEscrowMatchesRentals() {
  const [escrow] = await rows<{ balance: string; active: string }>(sql`
    select (select balance_cents from ledger_accounts where kind = 'escrow') as balance,
           (select coalesce(sum(total_cents), 0) from rentals where status = 'Active') as active`);
  expect(Number(escrow!.balance)).toBe(Number(escrow!.active));
  const wrong = await rows(sql`
    select r.id, r.status,
      count(*) filter (where t.kind = 'rent') as rents,
      count(*) filter (where t.kind = 'cancel') as cancels,
      count(*) filter (where t.kind = 'complete') as completes
    from rentals r left join ledger_transactions t on t.rental_id = r.id
    group by r.id, r.status
    having count(*) filter (where t.kind = 'rent') <> 1
        or count(*) filter (where t.kind = 'cancel') <> (case when r.status = 'Cancelled' then 1 else 0 end)
        or count(*) filter (where t.kind = 'complete') <> (case when r.status = 'Completed' then 1 else 0 end)`);
  expect(wrong).toEqual([]);
}

/** A small deterministic PRNG, so a failure can be replayed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('concurrency on PostgreSQL', () => {
  it('50 clients renting the same days at once: exactly one wins, the rest get 409 and keep their money', async () => {
    const owner = await createFundedUser(t, 0);
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 3_000 });
    const clients = [];
    for (let i = 0; i < 50; i++) clients.push(await createFundedUser(t, 200));
    const days = ['2026-06-10', '2026-06-11', '2026-06-12'];
    const results = await Promise.all(clients.map((c) => rent(t.app, c.cookie, vehicle.id, days)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().detail).toBe('These dates are no longer available.');
    const balances = await Promise.all(clients.map((c) => meBalances(t.app, c.cookie)));
    expect(balances.map((b) => b.balance).sort((a, b) => a - b)).toEqual([110, ...Array(49).fill(200)]);
    expect((await t.app.inject({ method: 'GET', url: `/api/rental/${vehicle.id}` })).json()).toEqual(days);
    await expectLedgerConsistent(t.database);
    await expectNoDoubleBooking();
    await expectEscrowMatchesRentals();
  });

  it('concurrent retries with one Idempotency-Key pay once and all get the first answer', async () => {
    const user = await createFundedUser(t, 0);
    const topUps = await Promise.all(Array.from({ length: 10 }, () => topUp(t.app, user.cookie, 30, { 'idempotency-key': 'burst' })));
    expect(new Set(topUps.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(topUps.map((r) => r.json().id)).size).toBe(1);
    const owner = await createFundedUser(t, 0);
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 1_000 });
    const rents = await Promise.all(
      Array.from({ length: 10 }, () => rent(t.app, user.cookie, vehicle.id, ['2026-06-20'], { 'idempotency-key': 'rent-burst' })),
    );
    expect(new Set(rents.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(rents.map((r) => r.json().id)).size).toBe(1);
    expect((await meBalances(t.app, user.cookie)).balance).toBe(20);
    await expectLedgerConsistent(t.database);
  });

  it('200 mixed operations by 20 users: the ledger balances, nothing negative, no day booked twice', async () => {
    const random = prng(20260601);
    const users = [];
    for (let i = 0; i < 20; i++) users.push(await createFundedUser(t, 150));
    const vehicles = [];
    for (let i = 0; i < 8; i++) {
      vehicles.push(
        await createVehicle(t.database, { ownerId: users[i]!.user.id, pricePerDayCents: 1_999 + i * 1_000, isCompanyProperty: i === 7 }),
      );
    }
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
    // Rentals made before the race: early ones will be over (confirmable), later ones still ahead (cancellable).
    const earlier: { id: string; cookie: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const renter = users[(i + 9) % 20]!;
      const vehicle = vehicles[i % vehicles.length]!;
      const start = i < 10 ? 2 + Math.floor(i / 8) * 2 : 14 + Math.floor(i / 8) * 3;
      const res = await rent(t.app, renter.cookie, vehicle.id, [`2026-06-${String(start).padStart(2, '0')}`]);
      if (res.statusCode === 200) earlier.push({ id: res.json().id, cookie: renter.cookie });
    }
    t.clock.set('2026-06-09T10:00:00Z');
    const job = createRentalsService({
      db: t.database.db,
      clock: t.clock,
      timeZone: 'UTC',
      autoCompleteAfterDays: 3,
      wallet: createWalletService({ db: t.database.db, clock: t.clock, companyFeePercent: 20, gateway: new TestPaymentGateway() }),
      notifications: quietNotifications(t),
    });

    const operations: (() => Promise<number>)[] = [];
    for (let i = 0; i < 200; i++) {
      const user = pick(users);
      const roll = random();
      if (roll < 0.2) {
        operations.push(async () => (await topUp(t.app, user.cookie, Math.round(random() * 5_000) / 100 + 1)).statusCode);
      } else if (roll < 0.65) {
        const vehicle = pick(vehicles.filter((v) => v.ownerId !== user.user.id));
        const start = 10 + Math.floor(random() * 15);
        const length = 1 + Math.floor(random() * 3);
        const days = Array.from({ length }, (_, k) => `2026-06-${String(start + k).padStart(2, '0')}`);
        operations.push(async () => (await rent(t.app, user.cookie, vehicle.id, days)).statusCode);
      } else if (roll < 0.82) {
        const target = pick(earlier);
        operations.push(async () => (await postEmpty(t.app, target.cookie, `/api/rental/cancel-rental/${target.id}`)).statusCode);
      } else if (roll < 0.98) {
        const target = pick(earlier);
        operations.push(async () => (await postEmpty(t.app, target.cookie, `/api/rental/confirm-rental/${target.id}`)).statusCode);
      } else {
        operations.push(async () => ((await job.completeDueRentals()) >= 0 ? 200 : 500));
      }
    }
    const statuses = await Promise.all(operations.map((op) => op()));
    // Every answer is a success or a clean refusal: dates taken, state changed, not enough money.
    expect(statuses.filter((s) => ![200, 409, 422].includes(s))).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(50);
    expect(statuses).toContain(409);
    expect(statuses).toContain(422);
    const byStatus = await rows<{ status: string; n: string }>(sql`select status, count(*) as n from rentals group by status`);
    expect(byStatus.map((r) => r.status).sort()).toEqual(['Active', 'Cancelled', 'Completed']);

    await expectLedgerConsistent(t.database);
    await expectNoDoubleBooking();
    await expectEscrowMatchesRentals();
  });

  it('two auto-complete instances at once complete each due rental exactly once', async () => {
    t.clock.set('2026-07-01T10:00:00Z');
    const owner = await createFundedUser(t, 0);
    const renter = await createFundedUser(t, 1_000);
    for (let i = 0; i < 40; i++) {
      const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 1_000 });
      await rent(t.app, renter.cookie, vehicle.id, ['2026-07-01']);
    }
    t.clock.set('2026-07-10T10:00:00Z');
    const instance = () =>
      createRentalsService({
        db: t.database.db,
        clock: t.clock,
        timeZone: 'UTC',
        autoCompleteAfterDays: 3,
        wallet: createWalletService({ db: t.database.db, clock: t.clock, companyFeePercent: 20, gateway: new TestPaymentGateway() }),
        notifications: quietNotifications(t),
      });
    const [a, b] = await Promise.all([instance().completeDueRentals(), instance().completeDueRentals()]);
    expect(a + b).toBeGreaterThanOrEqual(40);
    expect((await meBalances(t.app, owner.cookie)).balance).toBe(320);
    await expectLedgerConsistent(t.database);
    await expectEscrowMatchesRentals();
  });
});
