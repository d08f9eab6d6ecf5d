import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, createVehicle, signIn } from '../../../test/factories';
import { rendered } from '../../../test/helpers/mail';
import { createFundedUser, meBalances, postEmpty, rent, useLedgerCheckedApp } from '../../../test/helpers/money';
import { type TestApp } from '../../../test/test-app';
import { damageClaims, mailOutbox, users } from '../../db/schema/index';
import { createClaimMail, createMailService } from '../mail/mail.service';
import { createClaimsService } from './claims.service';

// Issue 27, what the claims lacked: employees open claims on company vehicles (the company account owns
// them), and the parties get e-mail beside the notifications. Today is 2026-06-01 (UTC); the deposit
// is released DEPOSIT_RELEASE_DAYS (3) after completion unless a claim is opened before.
let t: TestApp;
let company: { id: string; email: string };
let employee: { id: string; cookie: string };
let secondEmployee: { id: string; cookie: string };

useLedgerCheckedApp({ clockStart: '2026-06-01T10:00:00Z', env: { E2E_TEST_HOOKS: 'true' } }, async (app) => {
  t = app;
  const account = await createFundedUser(t, 0, { isCompanyAccount: true, username: 'rentdrive_co' });
  company = { id: account.user.id, email: account.user.email };
  const first = await createUser(t.database, { isCompanyEmployee: true });
  employee = { id: first.id, cookie: await signIn(t.database, first) };
  const second = await createUser(t.database, { isCompanyEmployee: true });
  secondEmployee = { id: second.id, cookie: await signIn(t.database, second) };
});

function multipart(fields: Record<string, string>) {
  const boundary = `----claim${randomUUID().replaceAll('-', '')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const post = (url: string, cookie: string, fields: Record<string, string>) => {
  const body = multipart(fields);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie } });
};
const openClaim = (cookie: string, rentalId: string, fields: Record<string, string>) =>
  post(`/api/rental/claim/${rentalId}`, cookie, fields);
const answerClaim = (cookie: string, rentalId: string, answer: string) =>
  post(`/api/rental/claim/${rentalId}/answer`, cookie, { Answer: answer });
const getJson = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const decide = (cookie: string, claimId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/claims/${claimId}/decision`, headers: { cookie }, payload });

const RULES = {
  bookingMode: 'instant',
  cancellationPolicy: 'flexible',
  weeklyDiscountPercent: 0,
  monthlyDiscountPercent: 0,
  minDays: 1,
  maxDays: null,
  advanceNoticeDays: 0,
};

/**
 * A one-day rental (50 €) with a 200 € deposit, completed on 2026-06-02 at 10:00, of a company vehicle
 * (rules set by an employee) or of a private owner's.
 */
async function completedRental({ companyVehicle, renterLanguage = 'en' }: { companyVehicle: boolean; renterLanguage?: string }) {
  t.clock.set('2026-06-01T10:00:00Z');
  const owner = companyVehicle ? undefined : await createFundedUser(t, 0);
  const renter = await createFundedUser(t, 1_000);
  await t.database.db.update(users).set({ language: renterLanguage }).where(eq(users.id, renter.user.id));
  const vehicle = await createVehicle(t.database, {
    ownerId: owner?.user.id ?? company.id,
    isCompanyProperty: companyVehicle,
    pricePerDayCents: 5_000,
    make: 'Skoda',
    model: 'Octavia',
  });
  const put = await t.app.inject({
    method: 'PUT',
    url: `/api/vehicle/booking-rules/${vehicle.id}`,
    headers: { cookie: owner?.cookie ?? employee.cookie },
    payload: { ...RULES, deposit: 200 },
  });
  expect(put.statusCode).toBe(200);
  const id = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-01'])).json<{ id: string }>().id;
  t.clock.set('2026-06-02T10:00:00Z');
  expect((await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${id}`)).statusCode).toBe(200);
  return { owner, renter, id };
}

const mailsTo = async (addresses: string[]) =>
  (await t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses))).filter((m) =>
    m.kind.startsWith('claim-'),
  );

describe('claims on company vehicles', { timeout: 120_000 }, () => {
  it('an employee opens the claim of a company vehicle, another employee decides it, and the company account is paid', async () => {
    const { renter, id } = await completedRental({ companyVehicle: true });

    // The employee sees the rental among the company's claimable ones and may open a claim on it.
    const claimable = await getJson(employee.cookie, '/api/claims/company-rentals');
    expect(claimable.statusCode).toBe(200);
    expect(claimable.json()).toContainEqual({
      rentalId: id,
      vehicleId: expect.any(String),
      vehicle: 'Skoda Octavia',
      renterName: renter.user.username,
      startDate: '2026-06-01',
      endDate: '2026-06-01',
      deposit: 200,
      openUntil: '2026-06-05T10:00:00.000Z',
    });
    expect((await getJson(employee.cookie, `/api/rental/claim/${id}`)).json()).toMatchObject({ canOpen: true, deposit: 200 });
    // A plain user can neither list nor open.
    const stranger = await createFundedUser(t, 0);
    expect((await getJson(stranger.cookie, '/api/claims/company-rentals')).statusCode).toBe(403);
    const refused = await openClaim(stranger.cookie, id, { Description: 'x', Amount: '5' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Only the owner of the vehicle can report damage on this rental.');

    const opened = await openClaim(employee.cookie, id, { Description: 'Cracked windscreen.', Amount: '150' });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ rentalId: id, ownerName: 'rentdrive_co', amount: 150, status: 'open' });
    const claimId = opened.json<{ id: string }>().id;
    expect((await getJson(employee.cookie, '/api/claims/company-rentals')).json()).not.toContainEqual(
      expect.objectContaining({ rentalId: id }),
    );
    expect((await getJson(renter.cookie, '/api/claims/mine')).json()).toEqual([expect.objectContaining({ id: claimId, role: 'renter' })]);

    expect((await answerClaim(renter.cookie, id, 'It was cracked by a stone on the motorway.')).statusCode).toBe(200);
    // Who opened it does not decide it.
    const own = await decide(employee.cookie, claimId, { ownerAmount: 150, reason: 'Mine.' });
    expect(own.statusCode).toBe(403);
    expect(own.json().detail).toBe('You cannot decide a claim you are a party to.');
    const decided = await decide(secondEmployee.cookie, claimId, { ownerAmount: 60, reason: 'A stone chip, partly the renter’s.' });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'decided', ownerPaid: 60, renterRefund: 140 });
    // 1,000 - 50 - 200 held, then 140 back.
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(890);

    // The mail: the renter hears of the claim and the decision; the company's address of the answer and the decision.
    const mails = await mailsTo([renter.user.email, company.email]);
    expect(mails.map((m) => [m.kind, m.toAddress]).sort()).toEqual(
      [
        ['claim-answered', company.email],
        ['claim-decided', renter.user.email],
        ['claim-decided-owner', company.email],
        ['claim-opened', renter.user.email],
      ].sort(),
    );
  });

  it("refuses an employee on a private owner's vehicle", async () => {
    const { owner, id } = await completedRental({ companyVehicle: false });
    expect((await getJson(employee.cookie, `/api/rental/claim/${id}`)).json()).toMatchObject({ canOpen: false });
    const refused = await openClaim(employee.cookie, id, { Description: 'Dent.', Amount: '10' });
    expect(refused.statusCode).toBe(403);
    expect((await getJson(employee.cookie, '/api/claims/company-rentals')).json()).not.toContainEqual(
      expect.objectContaining({ rentalId: id }),
    );
    // The owner still may.
    expect((await openClaim(owner!.cookie, id, { Description: 'Dent.', Amount: '10' })).statusCode).toBe(200);
  });
});

describe('claim mail', { timeout: 120_000 }, () => {
  it('writes each mail for its recipient in their language, with the amounts as that language writes them', async () => {
    const { owner, renter, id } = await completedRental({ companyVehicle: false, renterLanguage: 'fr' });
    await t.database.db.update(users).set({ language: 'de' }).where(eq(users.id, owner!.user.id));
    const both = [renter.user.email, owner!.user.email];

    const opened = await openClaim(owner!.cookie, id, { Description: 'Kratzer an der Tür.', Amount: '150.5' });
    expect(opened.statusCode).toBe(200);
    // Written with the claim: present as soon as the action answers, to the renter only.
    const [toRenter, ...none] = await rendered(t.database, mailsTo(both));
    expect(none).toEqual([]);
    expect(toRenter).toMatchObject({ kind: 'claim-opened', toAddress: renter.user.email, locale: 'fr' });
    expect(toRenter!.subject).toBe('Dommage signalé sur votre location de la Skoda Octavia');
    expect(toRenter!.text).toContain('150,50\u00a0€');
    expect(toRenter!.text).toContain('200,00\u00a0€');
    expect(toRenter!.text).toContain('Kratzer an der Tür.');

    expect((await answerClaim(renter.cookie, id, 'Pas moi.')).statusCode).toBe(200);
    const answered = (await rendered(t.database, mailsTo(both))).filter((m) => m.kind === 'claim-answered');
    expect(answered.map((m) => [m.toAddress, m.locale])).toEqual([[owner!.user.email, 'de']]);
    expect(answered[0]!.text).toContain('150,50\u00a0€');

    const claimId = opened.json<{ id: string }>().id;
    expect((await decide(employee.cookie, claimId, { ownerAmount: 100.25, reason: 'Fotos zeigen einen Kratzer.' })).statusCode).toBe(200);
    const decided = (await rendered(t.database, mailsTo(both))).filter((m) => m.kind.startsWith('claim-decided'));
    const renterMail = decided.find((m) => m.toAddress === renter.user.email)!;
    const ownerMail = decided.find((m) => m.toAddress === owner!.user.email)!;
    expect(renterMail.kind).toBe('claim-decided');
    // 200 - 100.25 back to the renter, in French; 100.25 to the owner, in German.
    expect(renterMail.text).toContain('99,75\u00a0€');
    expect(renterMail.text).toContain('Fotos zeigen einen Kratzer.');
    expect(ownerMail.kind).toBe('claim-decided-owner');
    expect(ownerMail.subject).toBe('Ihr Schadensanspruch für den Skoda Octavia wurde entschieden');
    expect(ownerMail.text).toContain('100,25\u00a0€');
    expect(ownerMail.html).toContain('/de/profile/vehicles');
  });

  it('is written in the action’s transaction: an action that fails after writing it leaves neither claim nor mail', async () => {
    const { owner, renter, id } = await completedRental({ companyVehicle: false });
    const realMail = createClaimMail({
      mail: createMailService({ db: t.database.db, clock: t.clock, productName: 'RentDrive', from: 'test@rentdrive.test' }),
      origin: 'http://localhost',
    });
    const service = createClaimsService({
      db: t.database.db,
      clock: t.clock,
      wallet: { settleDepositClaim: () => Promise.reject(new Error('not used')) },
      depositReleaseDays: 3,
      push: () => {},
      onError: () => {},
      mail: {
        ...realMail,
        opened: async (tx, claimId) => {
          await realMail.opened(tx, claimId);
          // The mail row exists inside the transaction...
          const inside = await tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, renter.user.email));
          expect(inside.map((m) => m.kind)).toContain('claim-opened');
          throw new Error('the action fails after its mail');
        },
      },
    });
    const caller = { id: owner!.user.id, isCompanyEmployee: false };
    await expect(service.open(caller, id, { description: 'Dent.', amount: 10 }, [], null)).rejects.toThrow(
      'the action fails after its mail',
    );
    // ...and leaves with it.
    expect(await mailsTo([renter.user.email])).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(damageClaims)
        .where(and(eq(damageClaims.rentalId, id))),
    ).toEqual([]);
  });
});
