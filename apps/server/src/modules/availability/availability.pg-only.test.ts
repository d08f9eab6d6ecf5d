import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVehicle } from '../../../test/factories';
import { createFundedUser, expectLedgerConsistent, meBalances, rent } from '../../../test/helpers/money';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Real lock races need a server: these run only in the server-pg project.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clockStart: '2026-06-01T10:00:00Z' });
  await createFundedUser(t, 0, { isCompanyAccount: true });
});
afterAll(async () => {
  await t.close();
});

const block = (vehicleId: string, cookie: string, days: string[]) =>
  t.app.inject({ method: 'PUT', url: `/api/vehicle/blocked-days/${vehicleId}`, headers: { cookie }, payload: { days } });

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the drivers (node-postgres, PGlite) type execute() apart; both answers carry `rows`.
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('blocking and renting one day at once on PostgreSQL', () => {
  it('20 vehicles, each rented and blocked on the same day at the same moment: exactly one of the two wins each time', async () => {
    const owner = await createFundedUser(t, 0);
    const renter = await createFundedUser(t, 1_000);
    const vehicles = [];
    for (let i = 0; i < 20; i++) vehicles.push(await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 2_000 }));
    const day = '2026-06-10';
    const results = await Promise.all(
      vehicles.map(async (v, i) => {
        // Alternate who is sent first, so both orders are raced.
        const [r, b] =
          i % 2 === 0
            ? await Promise.all([rent(t.app, renter.cookie, v.id, [day]), block(v.id, owner.cookie, [day])])
            : await Promise.all([block(v.id, owner.cookie, [day]), rent(t.app, renter.cookie, v.id, [day])]).then(([x, y]) => [y, x]);
        return { rent: r!.statusCode, block: b!.statusCode, blockCode: b!.statusCode === 200 ? null : b!.json().code };
      }),
    );
    for (const r of results) {
      expect([r.rent, r.block].sort()).toEqual([200, 409]);
      if (r.block === 409) expect(r.blockCode).toBe('dates_unavailable');
    }
    const rented = results.filter((r) => r.rent === 200).length;
    // The database holds one row per vehicle for that day, a booking or a block, never both.
    const taken = await rows<{ booked: string; blocked: string }>(sql`
      select count(*) filter (where rental_id is not null) as booked, count(*) filter (where rental_id is null) as blocked
      from rental_days where day = ${day}::date and vehicle_id in (select id from vehicles where owner_id = ${owner.user.id})`);
    expect(Number(taken[0]!.booked)).toBe(rented);
    expect(Number(taken[0]!.blocked)).toBe(20 - rented);
    // Only the rents that won were paid.
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(1_000 - rented * 20);
    await expectLedgerConsistent(t.database);
  });

  it('ten renters and the owner blocking the same day of one vehicle: one wins, the others are refused, the ledger balances', async () => {
    const owner = await createFundedUser(t, 0);
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 3_000 });
    const renters = [];
    for (let i = 0; i < 10; i++) renters.push(await createFundedUser(t, 100));
    const day = '2026-06-20';
    const [blocked, ...rents] = await Promise.all([
      block(vehicle.id, owner.cookie, [day]),
      ...renters.map((r) => rent(t.app, r.cookie, vehicle.id, [day])),
    ]);
    const winners = [blocked, ...rents].filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect([blocked, ...rents].filter((r) => r.statusCode === 409)).toHaveLength(10);
    const balances = await Promise.all(renters.map((r) => meBalances(t.app, r.cookie)));
    const paid = balances.filter((b) => b.balance === 70).length;
    expect(paid).toBe(blocked.statusCode === 200 ? 0 : 1);
    expect(balances.filter((b) => b.balance === 100)).toHaveLength(10 - paid);
    await expectLedgerConsistent(t.database);
  });
});
