import { describe, expect, it, vi } from 'vitest';
import { createVehicle } from '../../../test/factories';
import { createFundedUser, meBalances, postEmpty, rent, useLedgerCheckedApp } from '../../../test/helpers/money';
import { type TestApp, quietNotifications } from '../../../test/test-app';
import { TestPaymentGateway } from '../../lib/payment-gateway';
import { createWalletService } from '../wallet/wallet.service';
import { startAutoCompleteJob } from './auto-complete.job';
import { createRentalsService, type RentalsService } from './rentals.service';

// Today is 2026-06-01; AUTO_COMPLETE_AFTER_DAYS is 3.
let t: TestApp;
let job: RentalsService;

useLedgerCheckedApp({ clockStart: '2026-06-01T10:00:00Z', env: { E2E_TEST_HOOKS: 'true' } }, async (app) => {
  t = app;
  await createFundedUser(t, 0, { isCompanyAccount: true });
  const wallet = createWalletService({ db: t.database.db, clock: t.clock, companyFeePercent: 20, gateway: new TestPaymentGateway() });
  job = createRentalsService({
    db: t.database.db,
    clock: t.clock,
    timeZone: 'UTC',
    autoCompleteAfterDays: 3,
    wallet,
    notifications: quietNotifications(t),
  });
});

async function rented(days: string[]) {
  const owner = await createFundedUser(t, 0);
  const renter = await createFundedUser(t, 500);
  const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 10_000 });
  const rental = (await rent(t.app, renter.cookie, vehicle.id, days)).json();
  return { owner, renter, vehicle, rental };
}

async function statusOf(cookie: string, id: string) {
  const list = (await t.app.inject({ method: 'GET', url: '/api/rental/my-rentals', headers: { cookie } })).json();
  return list.find((r: { id: string }) => r.id === id).status;
}

describe('auto-complete job', () => {
  it('completes rentals still Active 3 days after their last day and pays the owner, once', async () => {
    const due = await rented(['2026-06-02', '2026-06-03']);
    const notYet = await rented(['2026-06-04']);
    t.clock.set('2026-06-06T10:00:00Z');
    await job.completeDueRentals();
    expect(await statusOf(due.renter.cookie, due.rental.id)).toBe('Completed');
    expect(await statusOf(notYet.renter.cookie, notYet.rental.id)).toBe('Active');
    expect(await meBalances(t.app, due.owner.cookie)).toMatchObject({ balance: 160, pendingBalance: 0 });
    expect(await job.completeDueRentals()).toBe(0);
    expect((await meBalances(t.app, due.owner.cookie)).balance).toBe(160);
    t.clock.set('2026-06-07T10:00:00Z');
    await job.completeDueRentals();
    expect(await statusOf(notYet.renter.cookie, notYet.rental.id)).toBe('Completed');
    const confirm = await postEmpty(t.app, due.renter.cookie, `/api/rental/confirm-rental/${due.rental.id}`);
    expect(confirm.statusCode).toBe(409);
  });

  it('works through more rentals than one batch', async () => {
    const owner = await createFundedUser(t, 0);
    const renter = await createFundedUser(t, 10_000);
    for (let i = 0; i < 30; i++) {
      const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 100 });
      expect((await rent(t.app, renter.cookie, vehicle.id, ['2026-06-01'])).statusCode).toBe(200);
    }
    t.clock.set('2026-06-10T10:00:00Z');
    expect(await job.completeDueRentals()).toBeGreaterThanOrEqual(30);
    expect((await meBalances(t.app, owner.cookie)).balance).toBe(24);
  });
});

describe('the job timer', () => {
  it('runs the completion on its schedule and stops', async () => {
    vi.useFakeTimers();
    try {
      const completeDueRentals = vi.fn(async () => 0);
      const timer = startAutoCompleteJob({ completeDueRentals } as unknown as RentalsService, t.app.log);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(completeDueRentals).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(completeDueRentals).toHaveBeenCalledTimes(2);
      await timer.stop();
      await vi.advanceTimersByTimeAsync(60 * 60_000);
      expect(completeDueRentals).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('E2E test hooks (E2E_TEST_HOOKS=true)', () => {
  it('moves a rental past its end so the renter can confirm it', async () => {
    const { owner, renter, rental } = await rented(['2026-06-10', '2026-06-12', '2026-06-11']);
    const shifted = await postEmpty(t.app, renter.cookie, `/api/test/rentals/${rental.id}/shift-past-end`);
    expect(shifted.statusCode).toBe(200);
    expect(shifted.json()).toMatchObject({ startDate: '2026-05-29', endDate: '2026-05-31', isConfirmable: true });
    expect((await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${rental.id}`)).statusCode).toBe(200);
    expect((await meBalances(t.app, owner.cookie)).balance).toBe(240);
  });

  it("refuses to move someone else's rental", async () => {
    const { owner, rental } = await rented(['2026-06-10']);
    expect((await postEmpty(t.app, owner.cookie, `/api/test/rentals/${rental.id}/shift-past-end`)).statusCode).toBe(403);
  });

  it('runs the auto-complete on request', async () => {
    const { renter, rental } = await rented(['2026-06-01']);
    t.clock.set('2026-06-05T10:00:00Z');
    const res = await postEmpty(t.app, renter.cookie, '/api/test/rentals/auto-complete');
    expect(res.json().completed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(renter.cookie, rental.id)).toBe('Completed');
  });
});
