import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVehicle } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { balanceOf, createFundedUser, expectLedgerConsistent, meBalances, rent, topUp } from '../../../test/helpers/money';

// Real lock races need a server: these run only in the server-pg project.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clockStart: '2026-06-01T10:00:00Z' });
  await createFundedUser(t, 0, { isCompanyAccount: true });
});
afterAll(async () => {
  await t.close();
});

const BODY = { accountHolder: 'Olga Owner', iban: 'DE89 3704 0044 0532 0130 00' };

function withdraw(cookie: string, amount: number, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/wallet/withdraw', headers: { cookie, ...headers }, payload: { ...BODY, amount } });
}

describe('withdrawals under concurrency on PostgreSQL', () => {
  it('ten withdrawals of the whole balance at once: exactly one is paid out', async () => {
    const { cookie } = await createFundedUser(t, 100);
    const results = await Promise.all(Array.from({ length: 10 }, () => withdraw(cookie, 100)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(9);
    for (const r of results.filter((x) => x.statusCode === 422)) expect(r.json().code).toBe('insufficient_funds');
    expect((await meBalances(t.app, cookie)).balance).toBe(0);
    await expectLedgerConsistent(t.database);
  });

  it('withdrawals, rents and top-ups racing on one wallet: never negative, every cent accounted for', async () => {
    const { cookie } = await createFundedUser(t, 100);
    const owner = await createFundedUser(t, 0);
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 1_000 });
    const operations: (() => Promise<{ kind: string; status: number; code?: string }>)[] = [];
    for (let i = 0; i < 15; i++) {
      operations.push(async () => {
        const r = await withdraw(cookie, 10);
        return { kind: 'withdraw', status: r.statusCode, code: r.statusCode === 200 ? undefined : r.json().code };
      });
    }
    for (let i = 0; i < 15; i++) {
      // One day each, all different: only the balance can refuse them.
      const day = `2026-06-${String(2 + i).padStart(2, '0')}`;
      operations.push(async () => {
        const r = await rent(t.app, cookie, vehicle.id, [day]);
        return { kind: 'rent', status: r.statusCode, code: r.statusCode === 200 ? undefined : r.json().code };
      });
    }
    for (let i = 0; i < 5; i++) {
      operations.push(async () => {
        const r = await topUp(t.app, cookie, 10);
        return { kind: 'top-up', status: r.statusCode };
      });
    }
    // Interleave the kinds so they reach the server mixed.
    const shuffled = operations.map((op, i) => ({ op, key: (i * 7919) % operations.length })).sort((a, b) => a.key - b.key);
    const results = await Promise.all(shuffled.map(({ op }) => op()));

    expect(results.filter((r) => r.kind === 'top-up').every((r) => r.status === 200)).toBe(true);
    const refused = results.filter((r) => r.status !== 200);
    for (const r of refused) expect(r).toMatchObject({ status: 422, code: 'insufficient_funds' });
    const spent = results.filter((r) => r.kind !== 'top-up' && r.status === 200).length;
    // 100 € + 5 top-ups of 10 €: at most 15 operations of 10 € can have been paid; the rest were refused.
    expect(spent).toBeLessThanOrEqual(15);
    expect(spent + refused.length).toBe(30);
    const balance = (await meBalances(t.app, cookie)).balance;
    expect(balance).toBe(150 - spent * 10);
    expect(balance).toBeGreaterThanOrEqual(0);
    // A refusal is only right when the money was really short at that moment: with refusals, little is left.
    if (refused.length > 0) expect(balance).toBeLessThan(60);
    expect(await balanceOf(t.app, cookie)).toBe(balance);
    await expectLedgerConsistent(t.database);
  });

  it('concurrent retries with one Idempotency-Key pay out once and all get the first answer', async () => {
    const { cookie } = await createFundedUser(t, 100);
    const results = await Promise.all(Array.from({ length: 10 }, () => withdraw(cookie, 40, { 'idempotency-key': 'payout-burst' })));
    expect(new Set(results.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect((await meBalances(t.app, cookie)).balance).toBe(60);
    await expectLedgerConsistent(t.database);
  });
});
