import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createUser, signIn } from '../factories';
import { createTestApp, type TestApp, type TestAppOptions } from '../test-app';
import type { Database } from '../../src/db/client';
import { checkLedger } from '../../src/modules/wallet/ledger-invariants';

/**
 * One app for the file (or the describe block it is called in), with the money rules checked after
 * every test: the clock goes back to `clockStart` (when given) and the ledger must balance. `setup`
 * receives the app once it is made (keep it in the file's `let t`, create the company account...).
 */
export function useLedgerCheckedApp(options: TestAppOptions, setup: (t: TestApp) => void | Promise<void>): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(options);
    await setup(t);
  });
  afterEach(async () => {
    if (!t) return;
    if (options.clockStart) t.clock.set(options.clockStart);
    await expectLedgerConsistent(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });
}

/** A card the test gateway approves (Luhn-valid), expiring well after the test clock. */
export const VALID_CARD = {
  cardHolderName: 'Alice Doe',
  cardNumber: '4242 4242 4242 4242',
  cvv: '123',
  expiryMonth: 12,
  expiryYear: 2030,
} as const;

/** Asserts the double-entry invariants: every transaction sums to zero, balances equal postings, no wallet negative. */
export async function expectLedgerConsistent(database: Database): Promise<void> {
  const report = await checkLedger(database.db);
  expect(report.unbalancedTransactions).toEqual([]);
  expect(report.mismatchedAccounts).toEqual([]);
  expect(report.negativeWallets).toEqual([]);
  expect(report.totalCents).toBe(0);
}

export async function topUp(app: FastifyInstance, cookie: string, amount: number, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/wallet/add-funds',
    headers: { cookie, ...headers },
    payload: { amount, ...VALID_CARD },
  });
}

export async function balanceOf(app: FastifyInstance, cookie: string): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/api/wallettransaction/history', headers: { cookie } });
  const items = res.json<{ amount: number }[]>();
  return Math.round(items.reduce((sum, item) => sum + item.amount * 100, 0)) / 100;
}

/** A signed-in user, topped up with `euros` through the real endpoint when above 0. */
export async function createFundedUser(
  t: { app: FastifyInstance; database: Database },
  euros: number,
  overrides: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(t.database, overrides);
  const cookie = await signIn(t.database, user);
  if (euros > 0) {
    const res = await topUp(t.app, cookie, euros);
    if (res.statusCode !== 200) throw new Error(`top-up failed: ${res.body}`);
  }
  return { user, cookie };
}

export async function rent(
  app: FastifyInstance,
  cookie: string | undefined,
  vehicleId: string,
  bookedDates: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/rental/rent/${vehicleId}`,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    payload: { bookedDates },
  });
}

/** The existing client's body-less POST: JSON content type, empty body. */
export async function postEmpty(app: FastifyInstance, cookie: string | undefined, url: string) {
  return app.inject({ method: 'POST', url, headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' }, payload: '' });
}

export async function meBalances(app: FastifyInstance, cookie: string): Promise<{ balance: number; pendingBalance: number }> {
  const res = await app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie } });
  return res.json();
}
