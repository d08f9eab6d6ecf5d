import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVehicle, signIn } from '../../../test/factories';
import { rendered } from '../../../test/helpers/mail';
import { createFundedUser, rent } from '../../../test/helpers/money';
import { HAS_AIOSMTPD, startSmtpServer, type SmtpServer } from '../../../test/helpers/smtp';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailOutbox } from '../../db/schema/index';

// One-click unsubscribe (RFC 8058). Today is 2026-06-01 (the test clock).
const mailsTo = (t: TestApp, addresses: string[]) =>
  rendered(t.database, t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses)));

/** What a mail client does with List-Unsubscribe-Post: a form POST, no cookies. */
const oneClick = (t: TestApp, url: string) =>
  t.app.inject({
    method: 'POST',
    url: url.replace(/^https?:\/\/[^/]+/, ''),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('one-click unsubscribe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clockStart: '2026-06-01T10:00:00Z', env: { PUBLIC_URL: 'https://rentdrive.test' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('switches that kind off for that user only: later bookings mail the owner but not the renter', async () => {
    const owner = await createUser(t.database);
    const vehicle = await createVehicle(t.database, { ownerId: owner.id, pricePerDayCents: 1000 });
    const { user: renter, cookie } = await createFundedUser(t, 100);
    expect((await rent(t.app, cookie, vehicle.id, ['2026-06-10'])).statusCode).toBe(200);
    const [confirmed] = (await mailsTo(t, [renter.email])).filter((m) => m.kind === 'booking-confirmed');
    expect(confirmed!.listUnsubscribe).toMatch(/^https:\/\/rentdrive\.test\/api\/mail\/unsubscribe\?token=/);
    // A person reading the mail gets a link to the page that asks first, with the same token.
    const token = new URL(confirmed!.listUnsubscribe!).search;
    expect(confirmed!.html).toContain(`href="https://rentdrive.test/unsubscribe${token.replaceAll('&', '&amp;')}"`);
    expect(confirmed!.text).toContain('Stop e-mails like this one');

    const res = await oneClick(t, confirmed!.listUnsubscribe!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: true, kind: 'booking-confirmed' });
    // Pressed twice (a client retrying): the same answer.
    expect((await oneClick(t, confirmed!.listUnsubscribe!)).statusCode).toBe(200);

    expect((await rent(t.app, cookie, vehicle.id, ['2026-06-12'])).statusCode).toBe(200);
    const kinds = (await mailsTo(t, [renter.email, owner.email])).map(
      (m) => `${m.toAddress === owner.email ? 'owner' : 'renter'}:${m.kind}`,
    );
    expect(kinds.filter((k) => k === 'renter:booking-confirmed')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'owner:booking-received')).toHaveLength(2);
  });

  it('refuses a token that was altered, names another kind or is missing, with a 400 that says so', async () => {
    const owner = await createUser(t.database);
    const vehicle = await createVehicle(t.database, { ownerId: owner.id, pricePerDayCents: 1000 });
    const { user: renter, cookie } = await createFundedUser(t, 100);
    expect((await rent(t.app, cookie, vehicle.id, ['2026-06-10'])).statusCode).toBe(200);
    const [received] = (await mailsTo(t, [owner.email])).filter((m) => m.kind === 'booking-received');
    const token = new URL(received!.listUnsubscribe!).searchParams.get('token')!;
    const [userId, , signature] = token.split('.');

    for (const forged of [
      `${userId}.password-reset.${signature}`, // the owner's own signature for another kind
      `${renter.id}.booking-received.${signature}`, // for another user
      `${token.slice(0, -2)}xx`,
    ]) {
      const res = await oneClick(t, `/api/mail/unsubscribe?token=${encodeURIComponent(forged)}`);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().detail).toBe('This unsubscribe link is not valid.');
    }
    expect((await oneClick(t, '/api/mail/unsubscribe')).statusCode).toBe(400);
  });

  it('Settings → Notifications: lists each kind on or off, switches one, and security mail cannot be switched off', async () => {
    const owner = await createUser(t.database);
    const cookie = await signIn(t.database, owner);
    const get = () => t.app.inject({ method: 'GET', url: '/api/mail/preferences', headers: { cookie } });
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/mail/preferences', headers: { cookie }, payload });
    const offKinds = (body: { kinds: { kind: string; email: boolean }[] }) => body.kinds.filter((k) => !k.email).map((k) => k.kind);

    const initial = (await get()).json();
    expect(initial.kinds).toHaveLength(10);
    expect(offKinds(initial)).toEqual([]);
    expect(offKinds((await put({ kind: 'booking-received', email: false })).json())).toEqual(['booking-received']);

    const vehicle = await createVehicle(t.database, { ownerId: owner.id, pricePerDayCents: 1000 });
    const renter = await createFundedUser(t, 100);
    expect((await rent(t.app, renter.cookie, vehicle.id, ['2026-06-20'])).statusCode).toBe(200);
    expect((await mailsTo(t, [owner.email])).filter((m) => m.kind === 'booking-received')).toHaveLength(0);

    expect(offKinds((await put({ kind: 'booking-received', email: true })).json())).toEqual([]);
    expect((await rent(t.app, renter.cookie, vehicle.id, ['2026-06-21'])).statusCode).toBe(200);
    expect((await mailsTo(t, [owner.email])).filter((m) => m.kind === 'booking-received')).toHaveLength(1);

    const security = await put({ kind: 'password-reset', email: false });
    expect(security.statusCode).toBe(400);
    expect(security.json().errors.kind).toEqual(['Choose one of the kinds of e-mail that can be switched off.']);
    expect((await t.app.inject({ method: 'GET', url: '/api/mail/preferences' })).statusCode).toBe(401);
  });

  it('adds no unsubscribe link to security mail (a password reset)', async () => {
    const user = await createUser(t.database);
    const res = await t.app.inject({ method: 'POST', url: '/api/account/forgot-password', payload: { emailOrUsername: user.email } });
    expect(res.statusCode).toBe(202);
    const [reset] = (await mailsTo(t, [user.email])).filter((m) => m.kind === 'password-reset');
    expect(reset).toBeDefined();
    expect(reset!.listUnsubscribe).toBeNull();
    expect(reset!.html).not.toContain('/unsubscribe?token=');
  });
});

describe.skipIf(!HAS_AIOSMTPD)('one-click unsubscribe over SMTP', () => {
  let smtp: SmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer(4601);
    t = await createTestApp({
      clockStart: '2026-06-01T10:00:00Z',
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'RentDrive <no-reply@rentdrive.test>', PUBLIC_URL: 'https://rentdrive.test' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends List-Unsubscribe and List-Unsubscribe-Post on booking mail, and its URL works', async () => {
    const owner = await createUser(t.database);
    const vehicle = await createVehicle(t.database, { ownerId: owner.id, make: 'Fiat', model: 'Panda', pricePerDayCents: 1000 });
    const { user: renter, cookie } = await createFundedUser(t, 100);
    const before = (await smtp.messages()).length;
    expect((await rent(t.app, cookie, vehicle.id, ['2026-06-10'])).statusCode).toBe(200);
    const all = await smtp.waitFor(before + 2);
    const mail = all.find(
      (m) => m.subject === 'Your booking of the Fiat Panda is confirmed' && JSON.stringify(m.to).includes(renter.email),
    )!;
    expect(mail).toBeDefined();
    // The raw header lines (mailparser folds the List-* headers into one 'list' object).
    const line = (key: string) => mail.headerLines.find((h) => h.key === key)?.line.replace(/\r\n\s*/g, ' ');
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const url = /^List-Unsubscribe:\s*<([^>]+)>$/.exec(line('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(url).toMatch(/^https:\/\/rentdrive\.test\/api\/mail\/unsubscribe\?token=/);
    expect((await oneClick(t, url)).json()).toEqual({ unsubscribed: true, kind: 'booking-confirmed' });
  });
});
