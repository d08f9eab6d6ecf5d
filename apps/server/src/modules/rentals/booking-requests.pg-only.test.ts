import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVehicle } from '../../../test/factories';
import { createFundedUser, expectLedgerConsistent, meBalances, postEmpty, rent } from '../../../test/helpers/money';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Issue 27: the four ways a booking request ends, racing on PostgreSQL's real row locks.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clockStart: '2026-06-01T10:00:00Z', env: { LOG_LEVEL: 'error', E2E_TEST_HOOKS: 'true' } });
  await createFundedUser(t, 0, { isCompanyAccount: true });
});
afterAll(async () => {
  await t.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the drivers (node-postgres, PGlite) type execute() apart; both answers carry `rows`.
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Escrow holds the Requested and Active rentals' money and the owners' shares still pending; 'deposits' the deposits not yet back. */
async function expectHeldMoneyMatchesRentals() {
  const [held] = await rows<{ escrow: string; expected: string; deposits: string; expectedDeposits: string }>(sql`
    select (select balance_cents from ledger_accounts where kind = 'escrow') as escrow,
           (select coalesce(sum(total_cents), 0) from rentals where status in ('Requested', 'Active'))
             + (select coalesce(sum(owner_pending_cents), 0) from rentals where status = 'Cancelled' and owner_pending_paid_at is null) as expected,
           (select balance_cents from ledger_accounts where kind = 'deposits') as deposits,
           (select coalesce(sum(deposit_cents), 0) from rentals
             where status in ('Requested', 'Active') or (status = 'Completed' and deposit_released_at is null)) as "expectedDeposits"`);
  expect(Number(held!.escrow)).toBe(Number(held!.expected));
  expect(Number(held!.deposits)).toBe(Number(held!.expectedDeposits));
}

describe('booking requests on PostgreSQL', () => {
  it('accept, decline, expiry and the renter’s cancel of one request at once: exactly one wins, the ledger balances', async () => {
    const owner = await createFundedUser(t, 0);
    const renter = await createFundedUser(t, 2_000);
    for (let round = 0; round < 8; round++) {
      t.clock.set('2026-06-01T10:00:00Z');
      const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 4_000 });
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/vehicle/booking-rules/${vehicle.id}`,
        headers: { cookie: owner.cookie },
        payload: {
          bookingMode: 'request',
          cancellationPolicy: 'moderate',
          weeklyDiscountPercent: 0,
          monthlyDiscountPercent: 0,
          minDays: 1,
          maxDays: null,
          advanceNoticeDays: 0,
          deposit: 150,
        },
      });
      expect(put.statusCode).toBe(200);
      const booked = await rent(t.app, renter.cookie, vehicle.id, ['2026-06-20', '2026-06-21']);
      expect(booked.json()).toMatchObject({ status: 'Requested' });
      const id = booked.json<{ id: string }>().id;
      // Odd rounds: the request's 24 hours are over, so the job's expiry races the answers (an accept
      // then is refused); even rounds: accept, decline and the renter's cancel race each other.
      t.clock.set(round % 2 ? '2026-06-02T10:00:01Z' : '2026-06-01T12:00:00Z');
      const [accept, decline, cancel, job] = await Promise.all([
        postEmpty(t.app, owner.cookie, `/api/rental/accept/${id}`),
        postEmpty(t.app, owner.cookie, `/api/rental/decline/${id}`),
        postEmpty(t.app, renter.cookie, `/api/rental/cancel-rental/${id}`),
        t.app.inject({ method: 'POST', url: '/api/test/rentals/auto-complete' }),
      ]);
      expect(job.statusCode).toBe(200);
      const answers = [accept, decline, cancel].map((r) => r.statusCode);
      for (const status of answers) expect([200, 409]).toContain(status);
      const [row] = await rows<{ status: string; days: string; ledger: string }>(sql`
        select r.status, (select count(*) from rental_days d where d.rental_id = r.id) as days,
               (select count(*) from ledger_transactions l where l.rental_id = r.id and l.kind = 'cancel') as ledger
        from rentals r where r.id = ${id}`);
      // One answer ends the request: accepted (then the renter's cancel may follow, by the policy), declined,
      // withdrawn by the renter, or expired by the job; never two of them.
      const [accepted, declined, cancelled] = answers.map((status) => status === 200);
      expect(Number(accepted) + Number(declined) + Number(cancelled && !accepted)).toBeLessThanOrEqual(1);
      if (accepted) expect(['Active', 'Cancelled']).toContain(row!.status);
      else if (declined) expect(row!.status).toBe('Declined');
      else if (cancelled) expect(row!.status).toBe('Cancelled');
      else expect(row!.status).toBe('Expired');
      if (row!.status === 'Active') {
        expect(Number(row!.days)).toBe(2);
        expect(Number(row!.ledger)).toBe(0);
      } else {
        expect(Number(row!.days)).toBe(0);
        // Everything held went back (or was split) in exactly one ledger transaction.
        expect(Number(row!.ledger)).toBe(1);
      }
      await expectLedgerConsistent(t.database);
      await expectHeldMoneyMatchesRentals();
    }
    // Whatever won, the renter paid or got back exactly what the outcomes say.
    expect((await meBalances(t.app, renter.cookie)).balance).toBeGreaterThan(0);
  });
});
