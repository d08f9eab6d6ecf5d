import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVehicle, signIn, TEST_PASSWORD } from '../../../test/factories';
import { createFundedUser, meBalances, postEmpty, rent, useLedgerCheckedApp } from '../../../test/helpers/money';
import { type TestApp } from '../../../test/test-app';

// Issue 27: damage claims on deposits. Today is 2026-06-01 (UTC); the company fee is 20 %; the
// deposit is released DEPOSIT_RELEASE_DAYS (3) after completion unless a claim is opened before.
let t: TestApp;
let employee: { id: string; cookie: string };
let png: Buffer;

useLedgerCheckedApp({ clockStart: '2026-06-01T10:00:00Z', env: { E2E_TEST_HOOKS: 'true' } }, async (app) => {
  t = app;
  await createFundedUser(t, 0, { isCompanyAccount: true, username: 'rentdrive_co' });
  const user = await createUser(t.database, { isCompanyEmployee: true });
  employee = { id: user.id, cookie: await signIn(t.database, user) };
});

beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc3333' } })
    .png()
    .toBuffer();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the drivers (node-postgres, PGlite) type execute() apart; both answers carry `rows`.
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** 'deposits' holds exactly the deposits of open rentals and of completed ones not yet released or paid. */
async function expectDepositsMatchRentals() {
  const [held] = await rows<{ deposits: string; expected: string }>(sql`
    select (select balance_cents from ledger_accounts where kind = 'deposits') as deposits,
           (select coalesce(sum(deposit_cents), 0) from rentals
             where status in ('Requested', 'Active') or (status = 'Completed' and deposit_released_at is null)) as expected`);
  expect(Number(held!.deposits)).toBe(Number(held!.expected));
}

function multipart(fields: Record<string, string>, files: Upload[] = []) {
  const boundary = `----claim${randomUUID().replaceAll('-', '')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="Images"; filename="${file.name ?? 'damage.png'}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const post = (url: string, cookie: string | undefined, body: ReturnType<typeof multipart>) =>
  t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...(cookie ? { cookie } : {}) } });
type Upload = { name?: string; bytes: Buffer; type?: string };
const openClaim = (cookie: string | undefined, rentalId: string, fields: Record<string, string>, files: Upload[] = [{ bytes: png }]) =>
  post(`/api/rental/claim/${rentalId}`, cookie, multipart(fields, files));
const answerClaim = (cookie: string, rentalId: string, fields: Record<string, string>, files: Upload[] = [{ bytes: png }]) =>
  post(`/api/rental/claim/${rentalId}/answer`, cookie, multipart(fields, files));
const getClaim = (cookie: string, rentalId: string) =>
  t.app.inject({ method: 'GET', url: `/api/rental/claim/${rentalId}`, headers: { cookie } });
const decide = (cookie: string, claimId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/claims/${claimId}/decision`, headers: { cookie }, payload });
const runJobs = () => t.app.inject({ method: 'POST', url: '/api/test/rentals/auto-complete' });

/** A one-day rental (50 €) with a 200 € deposit, completed on 2026-06-02 at 10:00: the claim window ends on 06-05 at 10:00. */
async function completedRental(depositEuros = 200, renterEuros = 1_000) {
  t.clock.set('2026-06-01T10:00:00Z');
  const owner = await createFundedUser(t, 0);
  const renter = await createFundedUser(t, renterEuros);
  const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 5_000, make: 'Volvo', model: 'V60' });
  const put = await t.app.inject({
    method: 'PUT',
    url: `/api/vehicle/booking-rules/${vehicle.id}`,
    headers: { cookie: owner.cookie },
    payload: {
      bookingMode: 'instant',
      cancellationPolicy: 'flexible',
      weeklyDiscountPercent: 0,
      monthlyDiscountPercent: 0,
      minDays: 1,
      maxDays: null,
      advanceNoticeDays: 0,
      deposit: depositEuros,
    },
  });
  expect(put.statusCode).toBe(200);
  const id = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-01'])).json<{ id: string }>().id;
  t.clock.set('2026-06-02T10:00:00Z');
  expect((await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${id}`)).statusCode).toBe(200);
  return { owner, renter, id };
}

describe('a damage claim from opening to decision', { timeout: 90_000 }, () => {
  it('holds the deposit past its release, and the decision splits it between owner and renter in one ledger transaction', async () => {
    const { owner, renter, id } = await completedRental();
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(750);
    expect((await meBalances(t.app, owner.cookie)).balance).toBe(40);

    t.clock.set('2026-06-04T09:00:00Z');
    const before = (await getClaim(owner.cookie, id)).json();
    expect(before).toEqual({ claim: null, canOpen: true, openUntil: '2026-06-05T10:00:00.000Z', deposit: 200 });
    expect((await getClaim(renter.cookie, id)).json()).toMatchObject({ claim: null, canOpen: false });

    const opened = await openClaim(owner.cookie, id, { Description: 'Scratched rear bumper.', Amount: '150' });
    expect(opened.statusCode).toBe(200);
    const claim = opened.json();
    expect(claim).toMatchObject({ rentalId: id, vehicle: 'Volvo V60', amount: 150, deposit: 200, status: 'open', answer: null });
    expect(claim.photos).toHaveLength(1);
    expect(claim.photos[0].imageURL).toMatch(/^images\/claims\/[0-9a-f-]{36}\.webp$/);
    const photo = await t.app.inject({ method: 'GET', url: `/${claim.photos[0].thumbURL}` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');

    const mine = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/claims/mine', headers: { cookie } });
    expect((await mine(renter.cookie)).json()).toEqual([expect.objectContaining({ id: claim.id, role: 'renter' })]);
    expect((await mine(owner.cookie)).json()).toEqual([expect.objectContaining({ id: claim.id, role: 'owner' })]);
    // The renter sees it and answers once, with a photo.
    expect((await getClaim(renter.cookie, id)).json().claim).toMatchObject({ id: claim.id, description: 'Scratched rear bumper.' });
    const answered = await answerClaim(renter.cookie, id, { Answer: 'The scratch was there before; see my photo from the start.' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ answer: 'The scratch was there before; see my photo from the start.' });
    expect(answered.json().answerPhotos).toHaveLength(1);
    expect((await answerClaim(renter.cookie, id, { Answer: 'Again.' }, [])).statusCode).toBe(409);

    // Past the release time the job leaves a claimed deposit alone.
    t.clock.set('2026-06-08T10:00:00Z');
    expect((await runJobs()).statusCode).toBe(200);
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(750);
    await expectDepositsMatchRentals();

    const queue = await t.app.inject({ method: 'GET', url: '/api/claims', headers: { cookie: employee.cookie } });
    expect(queue.json<{ id: string }[]>().map((c) => c.id)).toContain(claim.id);

    const decided = await decide(employee.cookie, claim.id, {
      ownerAmount: 100,
      reason: 'The bumper was scratched; the renter showed a smaller scratch only.',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'decided', ownerPaid: 100, renterRefund: 100 });
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(850);
    expect((await meBalances(t.app, owner.cookie)).balance).toBe(140);
    await expectDepositsMatchRentals();

    const ledger = await rows<{ kind: string; n: string }>(
      sql`select kind, count(*) as n from ledger_transactions where rental_id = ${id} and kind like 'deposit-%' group by kind order by kind`,
    );
    expect(ledger.map((r) => [r.kind, Number(r.n)])).toEqual([
      ['deposit-claim', 1],
      ['deposit-hold', 1],
    ]);

    // Decided once; the job never releases it afterwards.
    expect((await decide(employee.cookie, claim.id, { ownerAmount: 0, reason: 'Again.' })).statusCode).toBe(409);
    t.clock.set('2026-06-10T10:00:00Z');
    await runJobs();
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(850);

    // The reason is in the audit trail; both parties were told.
    const [audit] = await rows<{ reason: string; actor_id: string }>(
      sql`select reason, actor_id from audit_events where action = 'claim.decide' and target_id = ${claim.id}`,
    );
    expect(audit).toEqual({ reason: 'The bumper was scratched; the renter showed a smaller scratch only.', actor_id: employee.id });
    const told = await rows<{ user_id: string; text: string }>(
      sql`select user_id, text from notifications where type = 'damage-claim' order by created_on, text`,
    );
    const renterTexts = told.filter((n) => n.user_id === renter.user.id).map((n) => n.text);
    expect(renterTexts).toContain(
      'The damage claim on Volvo V60 was decided: €100.00 of your deposit is back in your wallet, €100.00 went to the owner. Reason: The bumper was scratched; the renter showed a smaller scratch only.',
    );
    expect(told.filter((n) => n.user_id === owner.user.id).map((n) => n.text)).toContain(
      'Your damage claim on Volvo V60 was decided: you receive €100.00. Reason: The bumper was scratched; the renter showed a smaller scratch only.',
    );
  });

  it('pays nothing to the owner when the employee decides so: the whole deposit returns', async () => {
    const { owner, renter, id } = await completedRental(80);
    const claim = (await openClaim(owner.cookie, id, { Description: 'Dirty seats.', Amount: '80' }, [])).json<{ id: string }>();
    expect((await decide(employee.cookie, claim.id, { ownerAmount: 0, reason: 'No proof of damage.' })).json()).toMatchObject({
      ownerPaid: 0,
      renterRefund: 80,
    });
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(950);
    expect((await meBalances(t.app, owner.cookie)).balance).toBe(40);
  });
});

describe('claims refused', { timeout: 90_000 }, () => {
  it('answers a clear 4xx for bad input and for the wrong person, and nothing is stored', async () => {
    const { owner, renter, id } = await completedRental();
    const stranger = await createFundedUser(t, 0);
    const over = await openClaim(owner.cookie, id, { Description: 'Broken mirror.', Amount: '200.01' });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual({ amount: ['The amount cannot be more than the deposit.'] });
    const empty = await openClaim(owner.cookie, id, { Description: ' ', Amount: 'abc' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['amount', 'description']);
    const notImage = await openClaim(owner.cookie, id, { Description: 'x', Amount: '5' }, [
      { name: 'x.txt', bytes: Buffer.from('hello'), type: 'text/plain' },
    ]);
    expect(notImage.statusCode).toBe(415);
    expect((await openClaim(renter.cookie, id, { Description: 'x', Amount: '5' })).statusCode).toBe(403);
    expect((await openClaim(stranger.cookie, id, { Description: 'x', Amount: '5' })).statusCode).toBe(403);
    expect((await openClaim(undefined, id, { Description: 'x', Amount: '5' })).statusCode).toBe(401);
    expect((await getClaim(stranger.cookie, id)).statusCode).toBe(404);
    expect((await openClaim(owner.cookie, 'not-a-uuid', { Description: 'x', Amount: '5' })).statusCode).toBe(400);
    expect(Number((await rows<{ n: string }>(sql`select count(*) as n from damage_claims where rental_id = ${id}`))[0]!.n)).toBe(0);

    const claim = (await openClaim(owner.cookie, id, { Description: 'Broken mirror.', Amount: '120' })).json<{ id: string }>();
    expect((await openClaim(owner.cookie, id, { Description: 'Again.', Amount: '5' })).statusCode).toBe(409);
    expect((await answerClaim(owner.cookie, id, { Answer: 'Me?' })).statusCode).toBe(403);
    expect((await decide(owner.cookie, claim.id, { ownerAmount: 10, reason: 'Mine.' })).statusCode).toBe(403);
    const tooMuch = await decide(employee.cookie, claim.id, { ownerAmount: 120.01, reason: 'All of it.' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toEqual({ ownerAmount: ['The owner cannot get more than the amount claimed.'] });
    const noReason = await decide(employee.cookie, claim.id, { ownerAmount: 10, reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().errors)).toEqual(['reason']);
    expect((await decide(employee.cookie, randomUUID(), { ownerAmount: 1, reason: 'x' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/claims?status=maybe', headers: { cookie: employee.cookie } })).statusCode).toBe(
      400,
    );
  });

  it('refuses a claim after the release window, on a rental without deposit and on one not completed', async () => {
    const late = await completedRental();
    t.clock.set('2026-06-05T10:00:00Z');
    const refused = await openClaim(late.owner.cookie, late.id, { Description: 'Too late.', Amount: '5' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('The time to report damage on this rental is over: its deposit was released.');

    const none = await completedRental(0);
    expect((await openClaim(none.owner.cookie, none.id, { Description: 'x', Amount: '5' })).statusCode).toBe(409);
    expect((await getClaim(none.owner.cookie, none.id)).json()).toMatchObject({ canOpen: false, openUntil: null, deposit: 0 });

    t.clock.set('2026-06-01T10:00:00Z');
    const owner = await createFundedUser(t, 0);
    const renter = await createFundedUser(t, 500);
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 5_000 });
    const active = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-03'])).json<{ id: string }>().id;
    expect((await openClaim(owner.cookie, active, { Description: 'x', Amount: '5' })).statusCode).toBe(409);
  });

  it('keeps the parties from deleting their accounts while the claim is open', async () => {
    const { owner, renter, id } = await completedRental();
    const claim = (await openClaim(owner.cookie, id, { Description: 'Dent.', Amount: '50' }, [])).json<{ id: string }>();
    const del = (cookie: string) =>
      t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie }, payload: { password: TEST_PASSWORD } });
    const refused = await del(owner.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reasons).toContain('claim-open');
    expect(refused.json().detail).toContain('A damage claim on one of your rentals is open.');
    expect((await del(renter.cookie)).json().reasons).toEqual(['wallet-balance', 'deposit-held', 'claim-open']);
    await decide(employee.cookie, claim.id, { ownerAmount: 50, reason: 'Dent seen on the photos.' });
    expect((await del(renter.cookie)).json().reasons).toEqual(['wallet-balance']);
  });

  it("erases the renter's answer photos with the account once the claim is decided and the wallet empty", async () => {
    // 50 € for the day and the 200 € deposit: nothing left once the decision gives the owner all of it.
    const { owner, renter, id } = await completedRental(200, 250);
    const claim = (await openClaim(owner.cookie, id, { Description: 'Cracked windscreen.', Amount: '200' })).json<{ id: string }>();
    const answered = await answerClaim(renter.cookie, id, { Answer: 'It was cracked when I took it.' });
    const [answerPhoto] = answered.json<{ answerPhotos: { imageURL: string; thumbURL: string }[] }>().answerPhotos;
    expect((await t.app.inject({ method: 'GET', url: `/${answerPhoto!.imageURL}` })).statusCode).toBe(200);
    await decide(employee.cookie, claim.id, { ownerAmount: 200, reason: 'The crack is on the pick-up photos too late.' });
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(0);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: renter.cookie },
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/${answerPhoto!.imageURL}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/${answerPhoto!.thumbURL}` })).statusCode).toBe(404);
    // The decision and its figures stay for the owner and the ledger; the owner's own photos too.
    const kept = (await getClaim(owner.cookie, id)).json();
    expect(kept.claim).toMatchObject({ status: 'decided', answerPhotos: [] });
    expect(kept.claim.photos).toHaveLength(1);
  });
});
