import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createVehicle } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { loadConfig } from '../config/env';
import { notifications, rentals, reviews, users, vehicles } from '../db/schema/index';
import { checkLedger } from '../modules/wallet/ledger-invariants';
import { seedMoney } from './money.seed';
import { seedUsers } from './users.seed';

describe('money seed', () => {
  it('gives the demo users money, past reviewed rentals, rentals to confirm and upcoming ones, once', async () => {
    const database = await createTestDatabase();
    try {
      const ctx = { database, config: loadConfig({ NODE_ENV: 'test' }), log: () => {} };
      await seedUsers(ctx);
      const owners = await database.db.select({ id: users.id, username: users.username }).from(users);
      for (let i = 0; i < 40; i++) {
        const owner = owners[i % owners.length]!;
        await createVehicle(database, {
          ownerId: owner.id,
          pricePerDayCents: 2_500 + (i % 7) * 1_500,
          isCompanyProperty: owner.username === 'rentdrive',
        });
      }
      await seedMoney(ctx);

      const byStatus = await database.db
        .select({ status: rentals.status, n: sql<number>`count(*)::int` })
        .from(rentals)
        .groupBy(rentals.status);
      const count = (status: string) => Number(byStatus.find((r) => r.status === status)?.n ?? 0);
      expect(count('Completed')).toBeGreaterThanOrEqual(30);
      expect(count('Active')).toBeGreaterThanOrEqual(10);
      expect(count('Cancelled')).toBe(1);
      const reviewRows = await database.db.select({ vehicleId: reviews.vehicleId }).from(reviews);
      expect(reviewRows.length).toBeGreaterThanOrEqual(25);
      expect(new Set(reviewRows.map((r) => r.vehicleId)).size).toBeGreaterThanOrEqual(20);
      const [counted] = await database.db.select({ total: sql<number>`sum(${vehicles.reviewCount})::int` }).from(vehicles);
      expect(Number(counted!.total)).toBe(reviewRows.length);

      const report = await checkLedger(database.db);
      expect(report).toEqual({
        unbalancedTransactions: [],
        mismatchedAccounts: [],
        negativeWallets: [],
        totalCents: 0,
        unattributedPostings: [],
        mismatchedWithdrawable: [],
        mismatchedCardFunds: [],
        mismatchedBuckets: [],
      });
      const balances = await database.db.execute(sql`
        select u.username, a.balance_cents, a.withdrawable_cents from users u join ledger_accounts a on a.user_id = u.id
        where u.username in ('alice', 'bob', 'carol', 'dave')`);
      const demoWallets = (balances as { rows: { balance_cents: string; withdrawable_cents: string }[] }).rows;
      for (const row of demoWallets) {
        expect(Number(row.balance_cents)).toBeGreaterThanOrEqual(10_000);
      }
      // The demo owners kept part of their earnings: there is something to withdraw (card money is not).
      expect(demoWallets.filter((row) => Number(row.withdrawable_cents) >= 1_000).length).toBeGreaterThanOrEqual(2);

      const [latest] = await database.db
        .execute(sql`select max(created_at) as at from ledger_postings`)
        .then((r) => (r as { rows: { at: string }[] }).rows);
      expect(new Date(latest!.at).getTime()).toBeLessThanOrEqual(Date.now());

      // Demo owners withdrew part of their earnings and blocked a week of one vehicle.
      const withdrawals = await database.db.execute(
        sql`select count(*)::int as n, count(*) filter (where payout_account = 'DE•• •••• 3000')::int as masked
            from ledger_transactions where kind = 'withdraw'`,
      );
      const w = (withdrawals as { rows: { n: number; masked: number }[] }).rows[0]!;
      expect(Number(w.n)).toBeGreaterThanOrEqual(2);
      expect(Number(w.masked)).toBe(Number(w.n));
      const blocked = await database.db.execute(
        sql`select vehicle_id, count(*)::int as n from rental_days where rental_id is null group by vehicle_id`,
      );
      const weeks = (blocked as { rows: { n: number }[] }).rows;
      expect(weeks.length).toBeGreaterThanOrEqual(2);
      expect(weeks.every((r) => Number(r.n) === 7)).toBe(true);

      // The demo owners find notifications of their rentals, the older ones read, the recent ones not.
      const owned = await database.db
        .select({ read: sql<boolean>`${notifications.readAt} is not null`, n: sql<number>`count(*)::int` })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(inArray(users.username, ['alice', 'bob', 'carol', 'dave']))
        .groupBy(sql`1`);
      expect(owned.find((r) => r.read)?.n ?? 0).toBeGreaterThan(0);
      expect(owned.find((r) => !r.read)?.n ?? 0).toBeGreaterThan(0);

      // 'Member since' comes before everything a demo user did: no rental booked or day rented before it.
      const early = await database.db.execute(sql`
        select u.username from users u join rentals r on r.renter_id = u.id
        where r.booked_at < u.created_at or r.start_date < (u.created_at at time zone 'UTC')::date`);
      expect((early as { rows: { username: string }[] }).rows).toEqual([]);

      const rentalCount = (await database.db.select().from(rentals)).length;
      await seedMoney(ctx);
      expect(await database.db.select().from(rentals)).toHaveLength(rentalCount);
      const [alice] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, 'alice'));
      const mine = await database.db.select().from(rentals).where(eq(rentals.renterId, alice!.id));
      expect(mine.some((r) => r.status === 'Active' && r.endDate < new Date().toISOString().slice(0, 10))).toBe(true);
    } finally {
      await database.close();
    }
  }, 180_000);
});
