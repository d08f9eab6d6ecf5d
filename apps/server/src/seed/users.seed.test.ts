import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThroughApi, sessionCookie } from '../../test/helpers/account';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ledgerAccounts, users } from '../db/schema/index';
import { DEMO_PASSWORD } from './seed-context';
import { DEMO_USERS, seedUsers } from './users.seed';

describe('demo users seed', () => {
  let t: TestApp;
  const logs: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const ctx = { database: t.database, config: t.config, log: (m: string) => logs.push(m) };
    await seedUsers(ctx);
    await seedUsers(ctx); // idempotent: a second start changes nothing
  });
  afterAll(() => t.close());

  it('creates each demo account once, each with one empty wallet', async () => {
    const rows = await t.database.db.select().from(users);
    expect(rows.map((u) => u.username).sort()).toEqual(['alice', 'bob', 'carol', 'dave', 'emma.employee', 'rentdrive']);
    const wallets = await t.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'wallet'));
    expect(wallets).toHaveLength(6);
    expect(new Set(wallets.map((w) => w.userId))).toEqual(new Set(rows.map((u) => u.id)));
    expect(wallets.every((w) => w.balanceCents === 0)).toBe(true);
    expect(logs).toEqual(['seed: created 6 demo account(s)', 'seed: demo accounts present']);
  });

  it('marks the company account and the employee', async () => {
    const [company] = await t.database.db.select().from(users).where(eq(users.isCompanyAccount, true));
    expect(company).toMatchObject({ username: 'rentdrive', email: 'company@rentdrive.example', isCompanyEmployee: true });
    const employees = await t.database.db.select({ username: users.username }).from(users).where(eq(users.isCompanyEmployee, true));
    expect(employees.map((e) => e.username).sort()).toEqual(['emma.employee', 'rentdrive']);
  });

  it.each(DEMO_USERS.map((u) => [u.username, u.email, u.isCompanyEmployee] as const))(
    '%s signs in with the demo password (by username and by %s)',
    async (username, email, isCompanyEmployee) => {
      const byName = await loginThroughApi(t.app, username, DEMO_PASSWORD);
      expect(byName.statusCode).toBe(200);
      expect((await loginThroughApi(t.app, email, DEMO_PASSWORD)).statusCode).toBe(200);
      const me = await t.app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie: sessionCookie(byName)! } });
      expect(me.json()).toMatchObject({ username, email, isCompanyEmployee, balance: 0 });
    },
  );

  it('gives an existing demo account a missing wallet and leaves renamed-case accounts alone', async () => {
    const [bob] = await t.database.db.select().from(users).where(eq(users.username, 'bob'));
    await t.database.db.delete(ledgerAccounts).where(eq(ledgerAccounts.userId, bob!.id));
    await t.database.db.update(users).set({ username: 'Dave' }).where(eq(users.username, 'dave'));
    await seedUsers({ database: t.database, config: t.config, log: () => {} });
    expect(await t.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, bob!.id))).toHaveLength(1);
    const [{ n }] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }];
    expect(n).toBe(6);
  });
});
