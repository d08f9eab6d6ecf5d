import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages } from '@rentdrive/contracts/account';
import { createUser } from '../../../test/factories';
import { GOOD_PASSWORD, loginThroughApi, registerThroughApi, sessionCookie, sessionSetCookie } from '../../../test/helpers/account';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { users } from '../../db/schema/index';
import { hashPassword } from './password';

const me = (t: TestApp, cookie?: string) => t.app.inject({ method: 'GET', url: '/api/account/me', headers: cookie ? { cookie } : {} });

describe('login and logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs in with the username in any case and sets the session cookie', async () => {
    const user = await registerThroughApi(t.app);
    const res = await loginThroughApi(t.app, user.username.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ succeeded: true });
    const cookie = sessionCookie(res)!;
    expect(sessionSetCookie(res)).toMatch(/HttpOnly/);
    const current = await me(t, cookie);
    expect(current.statusCode).toBe(200);
    expect(current.json().username).toBe(user.username);
  });

  it('signs in with the email in any case, sent as EmailOrUsername/Password', async () => {
    const user = await registerThroughApi(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { EmailOrUsername: ` ${user.email.toUpperCase()} `, Password: GOOD_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(t, sessionCookie(res))).json().email).toBe(user.email);
  });

  it('answers a wrong password and an unknown user with the same 401 sentence', async () => {
    const user = await registerThroughApi(t.app);
    const wrong = await loginThroughApi(t.app, user.username, 'Wrong0ne');
    const unknown = await loginThroughApi(t.app, 'nobody-here', GOOD_PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 401, code: 'invalid_credentials', detail: AccountMessages.invalidCredentials });
      expect(sessionCookie(res)).toBeUndefined();
    }
  });

  it('refuses a password in the wrong case', async () => {
    const user = await registerThroughApi(t.app);
    expect((await loginThroughApi(t.app, user.username, GOOD_PASSWORD.toLowerCase())).statusCode).toBe(401);
  });

  it('signs in the email owner when another user is named like that email', async () => {
    const owner = await registerThroughApi(t.app);
    // Names from before the character rule may look like an email: one equal to the owner's email.
    const shortEmail = `${owner.username.slice(0, 8)}@ex.io`;
    const emailOwner = await registerThroughApi(t.app, { email: shortEmail });
    const legacy = await createUser(t.database, { username: shortEmail, email: `${owner.username}-x@example.com` });
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('Other0ne') })
      .where(eq(users.id, legacy.id));
    const res = await loginThroughApi(t.app, shortEmail);
    expect(res.statusCode).toBe(200);
    expect((await me(t, sessionCookie(res))).json().username).toBe(emailOwner.username);
    const other = await loginThroughApi(t.app, shortEmail, 'Other0ne');
    expect((await me(t, sessionCookie(other))).json().username).toBe(shortEmail);
  });

  it.each([
    ['nothing', {}, { emailOrUsername: [AccountMessages.emailOrUsernameRequired], password: [AccountMessages.passwordRequired] }],
    [
      'blanks',
      { emailOrUsername: '  ', password: '' },
      { emailOrUsername: [AccountMessages.emailOrUsernameRequired], password: [AccountMessages.passwordRequired] },
    ],
    ['no password', { emailOrUsername: 'someone' }, { password: [AccountMessages.passwordRequired] }],
    ['a number as password', { emailOrUsername: 'someone', password: 12 }, { password: [AccountMessages.passwordRequired] }],
  ])('refuses %s with 400 and the spec messages', async (_name, payload, errors) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/login', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors });
  });

  it('refuses invalid JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('answers /Api/Account/LOGIN/ (odd case, trailing slash)', async () => {
    const user = await registerThroughApi(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/Api/Account/LOGIN/',
      payload: { emailOrUsername: user.username, password: GOOD_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  it('logout ends the session on the server: the old cookie no longer works', async () => {
    const user = await registerThroughApi(t.app);
    expect((await me(t, user.cookie)).statusCode).toBe(200);
    // The existing client posts Content-Type: application/json with an empty body.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(sessionSetCookie(res)).toMatch(/rd_session=;/);
    expect(sessionSetCookie(res)).toMatch(/Expires=Thu, 01 Jan 1970/);
    const after = await me(t, user.cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'not_authenticated' });
  });

  it('logout without a session, or twice, still answers 200', async () => {
    const user = await registerThroughApi(t.app);
    const headers = { cookie: user.cookie, 'content-type': 'application/json' };
    expect((await t.app.inject({ method: 'POST', url: '/api/account/logout', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/account/logout', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/account/logout' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/account/logout', headers: { 'content-type': 'text/plain' }, payload: 'x' }))
        .statusCode,
    ).toBe(200);
  });

  it('a new login replaces the session the browser still carried', async () => {
    const user = await registerThroughApi(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { cookie: user.cookie },
      payload: { emailOrUsername: user.username, password: GOOD_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(t, user.cookie)).statusCode).toBe(401);
    expect((await me(t, sessionCookie(res))).statusCode).toBe(200);
  });

  it('ignores an unknown or malformed session cookie (signed out, not an error)', async () => {
    expect((await me(t, 'rd_session=made-up-token')).statusCode).toBe(401);
    expect((await me(t, `rd_session=${'x'.repeat(500)}`)).statusCode).toBe(401);
  });

  it('keeps the session across a server restart (a second app on the same database)', async () => {
    const user = await registerThroughApi(t.app);
    const second = await buildApp({ config: t.config, database: t.database, clock: t.clock });
    try {
      const res = await second.inject({ method: 'GET', url: '/api/account/me', headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json().username).toBe(user.username);
    } finally {
      await second.close();
    }
  });
});

describe('session expiry and sliding renewal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_TTL_DAYS: '30' }, clockStart: '2026-01-01T12:00:00Z' });
  });
  afterAll(() => t.close());

  it('expires an idle session after its lifetime', async () => {
    t.clock.set('2026-01-01T12:00:00Z');
    const user = await registerThroughApi(t.app);
    expect(sessionSetCookie(await loginThroughApi(t.app, user.username))).toMatch(/Expires=Sat, 31 Jan 2026 12:00:00 GMT/);
    t.clock.advanceDays(29);
    expect((await me(t, user.cookie)).statusCode).toBe(200);
    t.clock.advanceDays(2);
    // Day 29 was past half the lifetime, so that request renewed the session until day 59.
    expect((await me(t, user.cookie)).statusCode).toBe(200);
    t.clock.advanceDays(31);
    expect((await me(t, user.cookie)).statusCode).toBe(401);
  });

  it('renews a session used after half its lifetime and re-issues the cookie', async () => {
    t.clock.set('2026-01-01T12:00:00Z');
    const user = await registerThroughApi(t.app);
    t.clock.advanceDays(10);
    const early = await me(t, user.cookie);
    expect(early.statusCode).toBe(200);
    expect(sessionSetCookie(early)).toBeUndefined(); // not yet half way: nothing to renew
    t.clock.advanceDays(10);
    const renewed = await me(t, user.cookie);
    expect(renewed.statusCode).toBe(200);
    expect(sessionSetCookie(renewed)).toMatch(/Expires=Fri, 20 Feb 2026 12:00:00 GMT/);
    expect(sessionCookie(renewed)).toBe(user.cookie);
    t.clock.advanceDays(25); // day 45: past the first expiry (day 30), within the renewed one
    expect((await me(t, user.cookie)).statusCode).toBe(200);
    // A logout that also renews answers only the clearing cookie.
    t.clock.advanceDays(4);
    const logout = await t.app.inject({ method: 'POST', url: '/api/account/logout', headers: { cookie: user.cookie } });
    const cookies = [logout.headers['set-cookie']].flat().filter((c) => c?.startsWith('rd_session='));
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^rd_session=;/);
  });

  it('an unused session is gone after its lifetime even though others were renewed', async () => {
    t.clock.set('2026-01-01T12:00:00Z');
    const user = await registerThroughApi(t.app);
    t.clock.advanceDays(30);
    expect((await me(t, user.cookie)).statusCode).toBe(401);
  });
});

describe('login rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
  });
  afterAll(() => t.close());

  it('answers 429 problem+json after the per-client limit, even for the right password', async () => {
    const login = (password: string, remoteAddress = '10.1.1.1') =>
      t.app.inject({ method: 'POST', url: '/api/account/login', payload: { emailOrUsername: 'someone', password }, remoteAddress });
    expect((await login('Wrong0ne')).statusCode).toBe(401);
    expect((await login('Wrong0ne')).statusCode).toBe(401);
    const limited = await login('Wrong0ne');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(limited.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((await login('Wrong0ne', '10.1.1.2')).statusCode).toBe(401);
  });
});

describe('origin check, CORS and security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CORS_ORIGINS: 'https://app.rentdrive.example' } });
  });
  afterAll(() => t.close());

  it('refuses a state-changing request from a foreign Origin with 403', async () => {
    const user = await registerThroughApi(t.app);
    for (const url of ['/api/account/login', '/api/account/register', '/api/account/logout']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'https://evil.example', cookie: user.cookie },
        payload: { emailOrUsername: user.username, password: GOOD_PASSWORD },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, code: 'origin_not_allowed' });
    }
    // The logout above was refused, so the session still works.
    expect((await me(t, user.cookie)).statusCode).toBe(200);
  });

  it('accepts the same origin', async () => {
    const user = await registerThroughApi(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { origin: 'http://localhost:8080', host: 'localhost:8080' },
      payload: { emailOrUsername: user.username, password: GOOD_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  it('lets an allow-listed origin call with credentials (preflight and request)', async () => {
    const origin = 'https://app.rentdrive.example';
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/account/login',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');

    const user = await registerThroughApi(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { origin },
      payload: { emailOrUsername: user.username, password: GOOD_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    const current = await t.app.inject({ method: 'GET', url: '/api/account/me', headers: { origin, cookie: sessionCookie(res)! } });
    expect(current.statusCode).toBe(200);
    expect(current.headers['access-control-allow-origin']).toBe(origin);
  });

  it('gives a foreign origin no CORS permission', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/me', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends a real Content-Security-Policy and the usual security headers; private answers are not cached', async () => {
    const user = await registerThroughApi(t.app);
    const res = await me(t, user.cookie);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('rate limit client address', () => {
  const attempt = (t: TestApp, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      remoteAddress: '10.2.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { emailOrUsername: 'someone', password: 'Wrong0ne' },
    });

  it('ignores X-Forwarded-For by default, so a client cannot reset its own limit', async () => {
    const t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const statuses = [];
      for (const spoofed of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) statuses.push((await attempt(t, spoofed)).statusCode);
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await t.close();
    }
  });

  it('behind a trusted proxy (TRUST_PROXY), limits each client the proxy reports', async () => {
    const t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '10.2.0.0/16' } });
    try {
      // The proxy appends the real client address; anything the client wrote before it is not believed.
      const statuses = [];
      for (const chain of ['1.1.1.1, 10.3.0.1', '2.2.2.2, 10.3.0.1', '3.3.3.3, 10.3.0.1'])
        statuses.push((await attempt(t, chain)).statusCode);
      expect(statuses).toEqual([401, 401, 429]);
      expect((await attempt(t, '10.3.0.2')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
