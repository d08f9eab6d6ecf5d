import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { dayInTimeZone } from '@rentdrive/domain/dates';
import { splitRentalPayment } from '@rentdrive/domain/fees';
import type { Database } from '../../src/db/client';
import { checkLedger } from '../../src/modules/wallet/ledger-invariants';
import { createUser, createVehicle, signIn } from '../factories';
import { createTestApp, type TestApp, type TestAppOptions } from '../test-app';

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

/**
 * Asserts the double-entry invariants (every transaction sums to zero, balances equal postings, no
 * wallet negative) and the wallets' buckets (every wallet posting attributed in full; withdrawable and
 * each card top-up's remaining money equal to their entries, within bounds; balance = their sum).
 */
export async function expectLedgerConsistent(database: Database): Promise<void> {
  const report = await checkLedger(database.db);
  expect(report.unbalancedTransactions).toEqual([]);
  expect(report.mismatchedAccounts).toEqual([]);
  expect(report.negativeWallets).toEqual([]);
  expect(report.totalCents).toBe(0);
  expect(report.unattributedPostings).toEqual([]);
  expect(report.mismatchedWithdrawable).toEqual([]);
  expect(report.mismatchedCardFunds).toEqual([]);
  expect(report.mismatchedBuckets).toEqual([]);
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

/**
 * The owner earns exactly `euros` the way owners do: a new renter tops up by card, rents a new vehicle
 * of the owner's for one day two days ago (the clock goes back for the booking), and confirms it now.
 * The owner's 'Rental Profit' is earned money: withdrawable.
 */
export async function earn(t: TestApp, ownerId: string, euros: number): Promise<void> {
  const ownerCents = Math.round(euros * 100);
  const fee = t.config.companyFeePercent;
  let totalCents = Math.floor((ownerCents * 100) / (100 - fee));
  while (splitRentalPayment(totalCents, fee, false).ownerCents < ownerCents) totalCents++;
  if (splitRentalPayment(totalCents, fee, false).ownerCents !== ownerCents) throw new Error(`no rental price pays ${euros} € to the owner`);
  const renter = await createFundedUser(t, totalCents / 100);
  const vehicle = await createVehicle(t.database, { ownerId, pricePerDayCents: totalCents });
  const now = t.clock.now();
  const booked = new Date(now.getTime() - 2 * 86_400_000);
  t.clock.set(booked);
  let rented;
  try {
    rented = await rent(t.app, renter.cookie, vehicle.id, [dayInTimeZone(booked, t.config.timeZone)]);
  } finally {
    t.clock.set(now);
  }
  if (rented.statusCode !== 200) throw new Error(`rent failed: ${rented.body}`);
  const confirmed = await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${rented.json<{ id: string }>().id}`);
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
}

/** A signed-in user who earned `euros` (withdrawable) and, when `cardEuros` > 0, then topped up that much by card. */
export async function createEarningUser(t: TestApp, euros: number, cardEuros = 0, overrides: Parameters<typeof createUser>[1] = {}) {
  const owner = await createFundedUser(t, 0, overrides);
  if (euros > 0) await earn(t, owner.user.id, euros);
  if (cardEuros > 0) {
    const res = await topUp(t.app, owner.cookie, cardEuros);
    if (res.statusCode !== 200) throw new Error(`top-up failed: ${res.body}`);
  }
  return owner;
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

export interface MeBalances {
  balance: number;
  pendingBalance: number;
  withdrawableBalance: number;
  refundableToCard: number;
}

export async function meBalances(app: FastifyInstance, cookie: string): Promise<MeBalances> {
  const res = await app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie } });
  return res.json();
}
