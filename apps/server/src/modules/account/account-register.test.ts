import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages } from '@rentdrive/contracts/account';
import {
  GOOD_PASSWORD,
  registerThroughApi,
  registration,
  sessionCookie,
  sessionSetCookie,
  uniqueName,
} from '../../../test/helpers/account';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ledgerAccounts, users } from '../../db/schema/index';

describe('POST /api/account/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clockStart: '2026-03-04T09:30:00Z' });
  });
  afterAll(() => t.close());

  const register = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/account/register', payload: payload as object });

  it('creates the account with an empty wallet and signs the user in', async () => {
    const body = registration({ phoneNumber: 'ignored' });
    const res = await register(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ succeeded: true });
    const setCookie = sessionSetCookie(res)!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);

    const [user] = await t.database.db.select().from(users).where(eq(users.username, body.username));
    expect(user).toMatchObject({ email: body.email, isCompanyEmployee: false, isCompanyAccount: false, phoneNumber: null });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const wallets = await t.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, user!.id));
    expect(wallets).toEqual([expect.objectContaining({ kind: 'wallet', balanceCents: 0 })]);

    const me = await t.app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie: sessionCookie(res)! } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      username: body.username,
      email: body.email,
      balance: 0,
      pendingBalance: 0,
      memberSince: '2026-03-04T09:30:00.000Z',
    });
  });

  it('accepts the existing client property spelling (Username, Email, Password, ComfirmedPassword)', async () => {
    const username = uniqueName();
    const res = await register({
      Username: username,
      Email: `${username}@example.com`,
      Password: GOOD_PASSWORD,
      ComfirmedPassword: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).toBeDefined();
  });

  it('trims the username and email it stores', async () => {
    const username = uniqueName();
    const res = await register(registration({ username: `  ${username} `, email: ` ${username}@example.com ` }));
    expect(res.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
    expect(user?.email).toBe(`${username}@example.com`);
  });

  it('answers a path in odd case with a trailing slash', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/API/Account/Register/', payload: registration() });
    expect(res.statusCode).toBe(200);
  });

  const badInputs: [string, Record<string, unknown>, string, string][] = [
    ['missing username', { username: undefined }, 'username', AccountMessages.usernameRequired],
    ['empty username', { username: '' }, 'username', AccountMessages.usernameRequired],
    ['blank username', { username: '   ' }, 'username', AccountMessages.usernameRequired],
    ['short username', { username: 'ab' }, 'username', AccountMessages.usernameMin],
    ['long username', { username: 'a'.repeat(21) }, 'username', AccountMessages.usernameMax],
    ['missing email', { email: undefined }, 'email', AccountMessages.emailRequired],
    ['invalid email', { email: 'not-an-email' }, 'email', AccountMessages.emailInvalid],
    ['missing password', { password: undefined }, 'password', AccountMessages.passwordRequired],
    ['short password', { password: 'Ab1', comfirmedPassword: 'Ab1' }, 'password', AccountMessages.passwordMin],
    [
      'long password',
      { password: 'Abcdefghij1234567890x', comfirmedPassword: 'Abcdefghij1234567890x' },
      'password',
      AccountMessages.passwordMax,
    ],
    ['no lowercase', { password: 'PASSW0RD', comfirmedPassword: 'PASSW0RD' }, 'password', AccountMessages.passwordLower],
    ['no uppercase', { password: 'passw0rd', comfirmedPassword: 'passw0rd' }, 'password', AccountMessages.passwordUpper],
    ['no digit', { password: 'Password', comfirmedPassword: 'Password' }, 'password', AccountMessages.passwordDigit],
    ['missing confirmation', { comfirmedPassword: undefined }, 'comfirmedPassword', AccountMessages.confirmRequired],
    ['different confirmation', { comfirmedPassword: 'Passw0rd2' }, 'comfirmedPassword', AccountMessages.confirmMismatch],
  ];
  it.each(badInputs)('refuses %s with 400 and the spec message', async (_name, overrides, field, message) => {
    const res = await register(registration(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const problem = res.json();
    expect(problem).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(problem.errors[field]).toContain(message);
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('reports every invalid field at once', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      username: [AccountMessages.usernameRequired],
      email: [AccountMessages.emailRequired],
      password: [AccountMessages.passwordRequired],
      comfirmedPassword: [AccountMessages.confirmRequired],
    });
  });

  it('refuses a body that is not valid JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "abc",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().detail).toBe('The request body is not valid JSON.');
  });

  it('refuses a taken username, whatever its case, with 409 and a field error', async () => {
    const existing = await registerThroughApi(t.app);
    const res = await register(registration({ username: existing.username.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, code: 'username_taken', detail: AccountMessages.usernameTaken });
    expect(res.json().errors).toEqual({ username: [AccountMessages.usernameTaken] });
  });

  it('refuses a taken email, whatever its case, with 409 and a field error', async () => {
    const existing = await registerThroughApi(t.app);
    const res = await register(registration({ email: existing.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'email_taken', detail: AccountMessages.emailTaken });
    expect(res.json().errors).toEqual({ email: [AccountMessages.emailTaken] });
  });

  it('names both fields when username and email are taken', async () => {
    const existing = await registerThroughApi(t.app);
    const res = await register(registration({ username: existing.username, email: existing.email }));
    expect(res.statusCode).toBe(409);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'username']);
  });

  it('lets only one of two simultaneous registrations of a name succeed (the other gets 409)', async () => {
    const username = uniqueName();
    const results = await Promise.all([
      register(registration({ username, email: `${username}-1@example.com` })),
      register(registration({ username: username.toUpperCase(), email: `${username}-2@example.com` })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const conflict = results.find((r) => r.statusCode === 409)!;
    expect(conflict.json().errors.username).toEqual([AccountMessages.usernameTaken]);
    const rows = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, `${username}-2@example.com`));
    const rows1 = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, `${username}-1@example.com`));
    expect(rows.length + rows1.length).toBe(1);
  });

  it('lets only one of two simultaneous registrations of an email succeed', async () => {
    const email = `${uniqueName()}@example.com`;
    const results = await Promise.all([register(registration({ email })), register(registration({ email: email.toUpperCase() }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().errors.email).toEqual([AccountMessages.emailTaken]);
  });
});

describe('register rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('answers 429 problem+json once a client exceeds the limit, counting failed attempts too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/account/register', payload: {}, remoteAddress: '10.0.0.7' });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400]);
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: registration(),
      remoteAddress: '10.0.0.7',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(limited.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(limited.headers['retry-after']).toBeDefined();

    // Another client is not affected.
    const other = await t.app.inject({ method: 'POST', url: '/api/account/register', payload: registration(), remoteAddress: '10.0.0.8' });
    expect(other.statusCode).toBe(200);
  });
});
