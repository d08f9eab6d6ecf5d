import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVehicle, signIn } from '../../../test/factories';
import { createFundedUser, expectLedgerConsistent, postEmpty, rent } from '../../../test/helpers/money';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Issue 27: a damage claim against the deposit release job on the same rental, on PostgreSQL's real
// row locks. Two app instances share the database, as two servers would: `claims` answers the
// parties and the employee, `jobs` runs the timed work, each with its own clock.
let claims: TestApp;
let jobs: TestApp;
let employeeCookie: string;
const RULES = {
  bookingMode: 'instant',
  cancellationPolicy: 'flexible',
  weeklyDiscountPercent: 0,
  monthlyDiscountPercent: 0,
  minDays: 1,
  maxDays: null,
  advanceNoticeDays: 0,
  deposit: 150,
};

beforeAll(async () => {
  const env = { LOG_LEVEL: 'error', E2E_TEST_HOOKS: 'true' };
  claims = await createTestApp({ clockStart: '2026-06-01T10:00:00Z', env });
  jobs = await createTestApp({ clockStart: '2026-06-01T10:00:00Z', env, database: claims.database });
  await createFundedUser(claims, 0, { isCompanyAccount: true });
  employeeCookie = await signIn(claims.database, await createUser(claims.database, { isCompanyEmployee: true }));
});
afterAll(async () => {
  await jobs.app.close();
  await claims.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the drivers (node-postgres, PGlite) type execute() apart; both answers carry `rows`.
  return ((await claims.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** 'deposits' holds exactly the deposits of open rentals and of completed ones neither released nor paid. */
async function expectDepositsMatchRentals() {
  const [held] = await rows<{ deposits: string; expected: string }>(sql`
    select (select balance_cents from ledger_accounts where kind = 'deposits') as deposits,
           (select coalesce(sum(deposit_cents), 0) from rentals
             where status in ('Requested', 'Active') or (status = 'Completed' and deposit_released_at is null)) as expected`);
  expect(Number(held!.deposits)).toBe(Number(held!.expected));
}

/** How the rental's deposit left 'deposits': its ledger transactions by kind. */
async function depositMoves(rentalId: string): Promise<Record<string, number>> {
  const moved = await rows<{ kind: string; n: string }>(
    sql`select kind, count(*) as n from ledger_transactions where rental_id = ${rentalId} and kind in ('deposit-release', 'deposit-claim') group by kind`,
  );
  return Object.fromEntries(moved.map((r) => [r.kind, Number(r.n)]));
}

/** A one-day rental with a 150 € deposit, completed on 2026-06-02 at 10:00 (the release is due on 06-05 at 10:00). */
async function completedRental() {
  claims.clock.set('2026-06-01T10:00:00Z');
  const owner = await createFundedUser(claims, 0);
  const renter = await createFundedUser(claims, 500);
  const vehicle = await createVehicle(claims.database, { ownerId: owner.user.id, pricePerDayCents: 4_000 });
  const put = await claims.app.inject({
    method: 'PUT',
    url: `/api/vehicle/booking-rules/${vehicle.id}`,
    headers: { cookie: owner.cookie },
    payload: RULES,
  });
  expect(put.statusCode).toBe(200);
  const id = (await rent(claims.app, renter.cookie, vehicle.id, ['2026-06-01'])).json<{ id: string }>().id;
  claims.clock.set('2026-06-02T10:00:00Z');
  expect((await postEmpty(claims.app, renter.cookie, `/api/rental/confirm-rental/${id}`)).statusCode).toBe(200);
  return { owner, id };
}

function openClaim(cookie: string, rentalId: string) {
  const boundary = `----race${randomUUID().replaceAll('-', '')}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return claims.app.inject({
    method: 'POST',
    url: `/api/rental/claim/${rentalId}`,
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: field('Description', 'Cracked windscreen.') + field('Amount', '100') + `--${boundary}--\r\n`,
  });
}

const runJobs = () => jobs.app.inject({ method: 'POST', url: '/api/test/rentals/auto-complete' });

describe('damage claims against the deposit release on PostgreSQL', () => {
  it('a claim opened at the end of the window vs. the release job on another instance: exactly one wins', async () => {
    const outcomes = { claimed: 0, released: 0 };
    for (let round = 0; round < 8; round++) {
      const { owner, id } = await completedRental();
      // The claims instance's clock is a moment before the release time, the job's a moment after it.
      claims.clock.set('2026-06-05T09:59:59.990Z');
      jobs.clock.set('2026-06-05T10:00:00.010Z');
      const [opened, job] = await Promise.all([openClaim(owner.cookie, id), runJobs()]);
      expect(job.statusCode).toBe(200);
      const moves = await depositMoves(id);
      const [claim] = await rows<{ n: string }>(sql`select count(*) as n from damage_claims where rental_id = ${id}`);
      if (opened.statusCode === 200) {
        outcomes.claimed++;
        expect(Number(claim!.n)).toBe(1);
        expect(moves).toEqual({});
      } else {
        outcomes.released++;
        expect(opened.statusCode).toBe(409);
        expect(Number(claim!.n)).toBe(0);
        expect(moves).toEqual({ 'deposit-release': 1 });
      }
      await expectLedgerConsistent(claims.database);
      await expectDepositsMatchRentals();
    }
    expect(outcomes.claimed + outcomes.released).toBe(8);
  });

  it('an employee’s decision vs. the release job, both after the release time: the decision pays the deposit once, the job never releases it', async () => {
    for (let round = 0; round < 8; round++) {
      const { owner, id } = await completedRental();
      claims.clock.set('2026-06-03T10:00:00Z');
      const opened = await openClaim(owner.cookie, id);
      expect(opened.statusCode).toBe(200);
      const claimId = opened.json<{ id: string }>().id;
      claims.clock.set('2026-06-06T10:00:00Z');
      jobs.clock.set('2026-06-06T10:00:00Z');
      const decision = claims.app.inject({
        method: 'POST',
        url: `/api/claims/${claimId}/decision`,
        headers: { cookie: employeeCookie },
        payload: { ownerAmount: 60, reason: 'A crack is on the photo.' },
      });
      const [decided, job, secondJob] = await Promise.all([decision, runJobs(), runJobs()]);
      expect(decided.statusCode).toBe(200);
      expect(job.statusCode).toBe(200);
      expect(secondJob.statusCode).toBe(200);
      expect(await depositMoves(id)).toEqual({ 'deposit-claim': 1 });
      const [rental] = await rows<{ released: Date | null }>(sql`select deposit_released_at as released from rentals where id = ${id}`);
      expect(rental!.released).not.toBeNull();
      await expectLedgerConsistent(claims.database);
      await expectDepositsMatchRentals();
    }
  });
});
