import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountRecoveryMessages } from '@rentdrive/contracts/account-recovery';
import { apiMessageOf } from '@rentdrive/contracts/api-messages';
import { GOOD_PASSWORD, loginThroughApi, registerThroughApi, sessionCookie } from '../../../test/helpers/account';
import { rendered } from '../../../test/helpers/mail';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailOutbox, users } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'N3wPassword';

async function mailsTo(address: string) {
  return rendered(
    t.database,
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(desc(mailOutbox.createdAt)),
  );
}

function linkToken(text: string, path: string): string {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1]!;
}

async function forgot(emailOrUsername: string, ip = '203.0.113.1') {
  return t.app.inject({ method: 'POST', url: '/api/account/forgot-password', payload: { emailOrUsername }, remoteAddress: ip });
}

async function reset(token: string, newPassword = NEW_PASSWORD, confirmPassword = newPassword) {
  return t.app.inject({ method: 'POST', url: '/api/account/reset-password', payload: { token, newPassword, confirmPassword } });
}

async function resetTokenFor(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(202);
  const [mail] = (await mailsTo(email)).filter((m) => m.kind === 'password-reset');
  return linkToken(mail!.text, '/reset-password');
}

describe('POST /api/account/forgot-password', () => {
  it('answers a known and an unknown address the same, and queues a mail only for the known one', async () => {
    const user = await registerThroughApi(t.app);
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-here@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(JSON.parse(known.body)).toEqual({ accepted: true });
    expect(await mailsTo('nobody-here@example.com')).toEqual([]);
    const [mail] = (await mailsTo(user.email)).filter((m) => m.kind === 'password-reset');
    // Queued in the outbox (no SMTP here: kept for the development mailbox), not sent inline.
    expect(mail).toMatchObject({ status: 'kept', subject: 'Reset your RentDrive password', locale: 'en' });
    expect(mail!.html).toContain('/reset-password?token=');
    expect(mail!.text).toContain('/reset-password?token=');
  });

  it('finds the account by username too', async () => {
    const user = await registerThroughApi(t.app);
    expect((await forgot(user.username.toUpperCase())).statusCode).toBe(202);
    expect((await mailsTo(user.email)).filter((m) => m.kind === 'password-reset')).toHaveLength(1);
  });

  it('sends at most three links per address in 15 minutes, answering the same', async () => {
    const user = await registerThroughApi(t.app);
    for (let i = 0; i < 5; i++) expect((await forgot(user.email, `198.51.100.${i}`)).statusCode).toBe(202);
    expect((await mailsTo(user.email)).filter((m) => m.kind === 'password-reset')).toHaveLength(3);
  });

  it('refuses an empty identifier with a field error', async () => {
    const res = await forgot('  ');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.emailOrUsername).toEqual(['Email or Username is required!']);
  });
});

describe('POST /api/account/reset-password', () => {
  it('sets the new password, ends every session, mails "password changed" and refuses the link a second time', async () => {
    const user = await registerThroughApi(t.app);
    const secondSession = sessionCookie(await loginThroughApi(t.app, user.username))!;
    const token = await resetTokenFor(user.email);

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    for (const cookie of [user.cookie, secondSession]) {
      const session = await t.app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } });
      expect(session.json().user).toBeNull();
    }
    expect((await loginThroughApi(t.app, user.username, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await loginThroughApi(t.app, user.username, NEW_PASSWORD)).statusCode).toBe(200);
    const changed = (await mailsTo(user.email)).filter((m) => m.kind === 'password-changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]!.subject).toBe('Your RentDrive password was changed');

    const again = await reset(token, 'An0therPass');
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(AccountRecoveryMessages.tokenUsed);
    expect((await loginThroughApi(t.app, user.username, 'An0therPass')).statusCode).toBe(401);
  });

  it('refuses a link older than one hour', async () => {
    const user = await registerThroughApi(t.app);
    const token = await resetTokenFor(user.email);
    t.clock.advanceMs(3_600_001);
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      detail: AccountRecoveryMessages.tokenExpired,
      errors: { token: [AccountRecoveryMessages.tokenExpired] },
    });
    expect((await loginThroughApi(t.app, user.username, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a made-up token and a verification token', async () => {
    const user = await registerThroughApi(t.app);
    const made = await reset(randomBytes(32).toString('base64url'));
    expect(made.statusCode).toBe(400);
    expect(made.json().detail).toBe(AccountRecoveryMessages.tokenInvalid);
    const [verification] = (await mailsTo(user.email)).filter((m) => m.kind === 'verify-email');
    const foreign = await reset(linkToken(verification!.text, '/verify-email'));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().detail).toBe(AccountRecoveryMessages.tokenInvalid);
  });

  it("holds the new password to the spec's rules and the confirmation to match, leaving the link usable", async () => {
    const user = await registerThroughApi(t.app);
    const token = await resetTokenFor(user.email);
    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.newPassword).toContain('Password must be at least 6 characters long!');
    const mismatch = await reset(token, NEW_PASSWORD, 'Different1');
    expect(mismatch.json().errors.confirmPassword).toEqual(['New passwords do not match.']);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('says "not valid" in the language the request asks for', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/reset-password',
      headers: { 'accept-language': 'de' },
      payload: { token: 'x'.repeat(43), newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Dieser Link ist ungültig. Bitte fordern Sie einen neuen an.');
  });
});

describe('verification of the e-mail address', () => {
  it('mails a 48-hour link after registering; verifying marks the address, once', async () => {
    const user = await registerThroughApi(t.app);
    const status = () => t.app.inject({ method: 'GET', url: '/api/account/email-status', headers: { cookie: user.cookie } });
    expect((await status()).json()).toEqual({ email: user.email, verified: false, pendingEmail: null });
    const [mail] = (await mailsTo(user.email)).filter((m) => m.kind === 'verify-email');
    expect(mail!.subject).toBe('Confirm your e-mail address for RentDrive');
    const token = linkToken(mail!.text, '/verify-email');

    const verify = () => t.app.inject({ method: 'POST', url: '/api/account/verify-email', payload: { token } });
    expect((await verify()).statusCode).toBe(200);
    expect((await status()).json()).toEqual({ email: user.email, verified: true, pendingEmail: null });
    const again = await verify();
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(AccountRecoveryMessages.tokenUsed);
    const resend = await t.app.inject({ method: 'POST', url: '/api/account/resend-verification', headers: { cookie: user.cookie } });
    expect(resend.statusCode).toBe(409);
  });

  it('refuses a link older than 48 hours; "Send again" mails a new one, throttled', async () => {
    const user = await registerThroughApi(t.app);
    const [mail] = (await mailsTo(user.email)).filter((m) => m.kind === 'verify-email');
    t.clock.advanceMs(48 * 3_600_000 + 1);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/account/verify-email',
      payload: { token: linkToken(mail!.text, '/verify-email') },
    });
    expect(late.json().detail).toBe(AccountRecoveryMessages.tokenExpired);
    const resend = () => t.app.inject({ method: 'POST', url: '/api/account/resend-verification', headers: { cookie: user.cookie } });
    for (let i = 0; i < 3; i++) expect((await resend()).statusCode).toBe(202);
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toBe(AccountRecoveryMessages.tooManyRequests);
    expect((await mailsTo(user.email)).filter((m) => m.kind === 'verify-email')).toHaveLength(4);
  });

  it('needs a session for resend and status', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/account/resend-verification' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/email-status' })).statusCode).toBe(401);
  });
});

describe('mail in the recipient’s language and after a change in Settings', () => {
  it('writes the reset mail in the user’s language', async () => {
    const user = await registerThroughApi(t.app);
    await t.database.db.update(users).set({ language: 'de' }).where(eq(users.username, user.username));
    await forgot(user.email);
    const [mail] = (await mailsTo(user.email)).filter((m) => m.kind === 'password-reset');
    expect(mail!.locale).toBe('de');
    expect(mail!.html).toContain('lang="de"');
    expect(mail!.subject).toBe('Setzen Sie Ihr RentDrive-Passwort zurück');
    expect(mail!.text).toContain('Neues Passwort wählen');
  });

  it('mails "password changed" after a change in Settings', async () => {
    const user = await registerThroughApi(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/update-password',
      headers: { cookie: user.cookie },
      payload: { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect((await mailsTo(user.email)).map((m) => m.kind)).toContain('password-changed');
  });

  it('gives every refusal text a message id', () => {
    for (const text of Object.values(AccountRecoveryMessages)) expect(apiMessageOf(text), text).toBeDefined();
  });
});
