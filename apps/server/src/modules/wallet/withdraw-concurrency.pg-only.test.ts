import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVehicle } from '../../../test/factories';
import {
  balanceOf,
  createEarningUser,
  createFundedUser,
  expectLedgerConsistent,
  meBalances,
  rent,
  topUp,
} from '../../../test/helpers/money';
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

const BODY = { accountHolder: 'Olga Owner', iban: 'DE89 3704 0044 0532 0130 00' };

function withdraw(cookie: string, amount: number, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/wallet/withdraw', headers: { cookie, ...headers }, payload: { ...BODY, amount } });
}

function refundToCard(cookie: string, amount: number, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/wallet/refund-to-card', headers: { cookie, ...headers }, payload: { amount } });
}

interface Outcome {
  kind: 'withdraw' | 'refund-to-card' | 'rent' | 'cancel' | 'top-up';
  status: number;
  code?: string;
}

async function outcome(kind: Outcome['kind'], request: Promise<{ statusCode: number; json: () => { code?: string } }>): Promise<Outcome> {
  const res = await request;
  return { kind, status: res.statusCode, ...(res.statusCode === 200 ? {} : { code: res.json().code }) };
}

/** Runs the operations at once, their kinds interleaved so they reach the server mixed. */
async function race(operations: (() => Promise<Outcome>)[]): Promise<Outcome[]> {
  const shuffled = operations.map((op, i) => ({ op, key: (i * 7919) % operations.length })).sort((a, b) => a.key - b.key);
  return Promise.all(shuffled.map(({ op }) => op()));
}

const succeeded = (results: Outcome[], kind: Outcome['kind']) => results.filter((r) => r.kind === kind && r.status === 200).length;

describe('withdrawals under concurrency on PostgreSQL', () => {
  it('ten withdrawals of all the earnings at once: exactly one is paid out', async () => {
    const { cookie } = await createEarningUser(t, 100);
    const results = await Promise.all(Array.from({ length: 10 }, () => withdraw(cookie, 100)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(9);
    for (const r of results.filter((x) => x.statusCode === 422)) expect(r.json().code).toBe('insufficient_funds');
    expect((await meBalances(t.app, cookie)).balance).toBe(0);
    await expectLedgerConsistent(t.database);
  });

  it('ten refunds to card of all the card money at once: exactly one is refunded', async () => {
    const { cookie } = await createFundedUser(t, 100);
    const results = await Promise.all(Array.from({ length: 10 }, () => refundToCard(cookie, 100)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200))
      expect(r.json()).toMatchObject({ status: 422, code: 'insufficient_funds' });
    expect(await meBalances(t.app, cookie)).toMatchObject({ balance: 0, refundableToCard: 0 });
    await expectLedgerConsistent(t.database);
  });

  it('withdrawals, refunds to card, rents and top-ups racing on one wallet: never beyond what each bucket allows', async () => {
    // 100 € earned, 100 € by card.
    const { cookie } = await createEarningUser(t, 100, 100);
    const owner = await createFundedUser(t, 0);
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 1_000 });
    const operations: (() => Promise<Outcome>)[] = [];
    for (let i = 0; i < 12; i++) operations.push(() => outcome('withdraw', withdraw(cookie, 10)));
    for (let i = 0; i < 12; i++) operations.push(() => outcome('refund-to-card', refundToCard(cookie, 10)));
    for (let i = 0; i < 12; i++) {
      // One day each, all different: only the balance can refuse them.
      const day = `2026-06-${String(2 + i).padStart(2, '0')}`;
      operations.push(() => outcome('rent', rent(t.app, cookie, vehicle.id, [day])));
    }
    for (let i = 0; i < 4; i++) operations.push(() => outcome('top-up', topUp(t.app, cookie, 10)));
    const results = await race(operations);

    expect(succeeded(results, 'top-up')).toBe(4);
    for (const r of results.filter((x) => x.status !== 200)) expect(r).toMatchObject({ status: 422, code: 'insufficient_funds' });
    const withdrawn = succeeded(results, 'withdraw') * 1_000;
    const refunded = succeeded(results, 'refund-to-card') * 1_000;
    const rented = succeeded(results, 'rent') * 1_000;
    // Bank payouts never take card money; card refunds never take earnings; nobody spends a cent twice.
    expect(withdrawn).toBeLessThanOrEqual(10_000);
    expect(refunded).toBeLessThanOrEqual(14_000);
    expect(withdrawn + refunded + rented).toBeLessThanOrEqual(24_000);
    const me = await meBalances(t.app, cookie);
    expect(Math.round(me.balance * 100)).toBe(24_000 - withdrawn - refunded - rented);
    expect(Math.round((me.withdrawableBalance + me.refundableToCard) * 100)).toBe(Math.round(me.balance * 100));
    expect(me.withdrawableBalance).toBeGreaterThanOrEqual(0);
    expect(me.refundableToCard).toBeGreaterThanOrEqual(0);
    // Rents took card money first: earnings went only to withdrawals and to rents once the card money was gone.
    expect(Math.round(me.withdrawableBalance * 100)).toBeLessThanOrEqual(10_000 - withdrawn);
    // Refusals are right only when the money was short: with a withdrawal refused, little earned money is left.
    if (results.some((r) => r.kind === 'withdraw' && r.status !== 200)) expect(me.withdrawableBalance).toBeLessThan(10);
    expect(await balanceOf(t.app, cookie)).toBe(me.balance);
    await expectLedgerConsistent(t.database);
  });

  it('cancellations racing refunds to card and withdrawals: each bucket gets back what its rent took', async () => {
    const { cookie } = await createEarningUser(t, 60, 60);
    const owner = await createFundedUser(t, 0);
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 2_000 });
    const rentalIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await rent(t.app, cookie, vehicle.id, [`2026-07-${String(1 + i).padStart(2, '0')}`]);
      expect(res.statusCode).toBe(200);
      rentalIds.push(res.json().id);
    }
    // The rents took the 60 € by card and 20 € of the earnings: 40 € earned is left.
    expect(await meBalances(t.app, cookie)).toMatchObject({ balance: 40, withdrawableBalance: 40, refundableToCard: 0 });
    const operations: (() => Promise<Outcome>)[] = [
      ...rentalIds.map(
        (id) => () =>
          outcome(
            'cancel',
            t.app.inject({
              method: 'POST',
              url: `/api/rental/cancel-rental/${id}`,
              headers: { cookie, 'content-type': 'application/json' },
              payload: '',
            }),
          ),
      ),
      ...Array.from({ length: 8 }, () => () => outcome('refund-to-card', refundToCard(cookie, 10))),
      ...Array.from({ length: 8 }, () => () => outcome('withdraw', withdraw(cookie, 10))),
    ];
    const results = await race(operations);
    expect(succeeded(results, 'cancel')).toBe(4);
    const withdrawn = succeeded(results, 'withdraw') * 1_000;
    const refunded = succeeded(results, 'refund-to-card') * 1_000;
    expect(withdrawn).toBeLessThanOrEqual(6_000);
    expect(refunded).toBeLessThanOrEqual(6_000);
    const me = await meBalances(t.app, cookie);
    expect(Math.round(me.withdrawableBalance * 100)).toBe(6_000 - withdrawn);
    expect(Math.round(me.refundableToCard * 100)).toBe(6_000 - refunded);
    await expectLedgerConsistent(t.database);
  });

  it('concurrent retries with one Idempotency-Key pay out once and all get the first answer', async () => {
    const { cookie } = await createEarningUser(t, 100);
    const results = await Promise.all(Array.from({ length: 10 }, () => withdraw(cookie, 40, { 'idempotency-key': 'payout-burst' })));
    expect(new Set(results.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect((await meBalances(t.app, cookie)).balance).toBe(60);
    await expectLedgerConsistent(t.database);
  });

  it('concurrent refund-to-card retries with one Idempotency-Key refund once', async () => {
    const { cookie } = await createFundedUser(t, 100);
    const results = await Promise.all(Array.from({ length: 10 }, () => refundToCard(cookie, 40, { 'idempotency-key': 'refund-burst' })));
    expect(new Set(results.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect((await meBalances(t.app, cookie)).balance).toBe(60);
    await expectLedgerConsistent(t.database);
  });
});
