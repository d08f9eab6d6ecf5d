import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCookie, deviceSetCookie, GOOD_PASSWORD, registerThroughApi, sessionCookie } from '../../../test/helpers/account';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';

// Five addresses take turns, as a spread-out guesser would; the per-address limit is out of the way.
const addresses = ['10.9.0.1', '10.9.0.2', '10.9.0.3', '10.9.0.4', '10.9.0.5'];

describe('per-account sign-in throttle (database store)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_LOCK_AFTER_FAILURES: '5', LOGIN_LOCK_SECONDS: '60', LOGIN_LOCK_MAX_SECONDS: '900' } });
  });
  afterAll(() => t.close());

  const login = (emailOrUsername: string, password: string, i = 0) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { emailOrUsername, password },
      remoteAddress: addresses[i % addresses.length],
    });

  async function failTimes(name: string, n: number): Promise<number[]> {
    const statuses = [];
    for (let i = 0; i < n; i++) statuses.push((await login(name, 'Wrong0ne', i)).statusCode);
    return statuses;
  }

  it('locks an account after 5 failures from any addresses, even for the right password, with a readable 429', async () => {
    const user = await registerThroughApi(t.app);
    expect(await failTimes(user.username, 5)).toEqual([401, 401, 401, 401, 401]);

    const locked = await login(user.username, GOOD_PASSWORD, 3);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['content-type']).toContain('application/problem+json');
    expect(locked.headers['retry-after']).toBe('60');
    expect(locked.json()).toMatchObject({
      status: 429,
      code: 'rate_limited',
      detail: 'Too many failed sign-in attempts for this account. Please wait 1 minute and try again.',
    });
    // By email as well: it is the account that is locked, not the name typed.
    expect((await login(user.email, GOOD_PASSWORD, 4)).statusCode).toBe(429);
  });

  it('lets the right password in once the lock has ended, and forgets the failures then', async () => {
    const user = await registerThroughApi(t.app);
    await failTimes(user.username, 5);
    t.clock.advanceMs(30_000);
    expect((await login(user.username, GOOD_PASSWORD)).headers['retry-after']).toBe('30');
    t.clock.advanceMs(30_001);
    expect((await login(user.username, GOOD_PASSWORD)).statusCode).toBe(200);
    // A fresh start: four more failures do not lock.
    expect(await failTimes(user.username, 4)).toEqual([401, 401, 401, 401]);
    expect((await login(user.username, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('doubles the lock with each further failure, never beyond the maximum, and it always ends', async () => {
    const user = await registerThroughApi(t.app);
    await failTimes(user.username, 5);
    const waits = [];
    for (let i = 0; i < 6; i++) {
      t.clock.advanceMs(901_000); // past any lock
      expect((await login(user.username, 'Wrong0ne')).statusCode).toBe(401);
      waits.push((await login(user.username, GOOD_PASSWORD)).headers['retry-after']);
    }
    expect(waits).toEqual(['120', '240', '480', '900', '900', '900']);
    t.clock.advanceMs(900_001);
    expect((await login(user.username, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('forgets failures after a quiet period without a lock', async () => {
    const user = await registerThroughApi(t.app);
    await failTimes(user.username, 4);
    t.clock.advanceMs(901_000);
    expect(await failTimes(user.username, 4)).toEqual([401, 401, 401, 401]);
    expect((await login(user.username, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('throttles a name nobody has the same way, so a lock does not reveal which names exist', async () => {
    expect(await failTimes('nobody-by-this-name', 5)).toEqual([401, 401, 401, 401, 401]);
    expect((await login('nobody-by-this-name', 'Wrong0ne')).statusCode).toBe(429);
  });

  it('locks only the account under attack: another account signs in meanwhile', async () => {
    const victim = await registerThroughApi(t.app);
    const other = await registerThroughApi(t.app);
    await failTimes(victim.username, 5);
    expect((await login(victim.username, GOOD_PASSWORD)).statusCode).toBe(429);
    expect((await login(other.username, GOOD_PASSWORD, 0)).statusCode).toBe(200);
  });

  it('counts attempts sent all at once: no more than 5 reach the password check', async () => {
    const user = await registerThroughApi(t.app);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(user.username, 'Wrong0ne', i)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('is seen by a second instance on the same database', async () => {
    const user = await registerThroughApi(t.app);
    await failTimes(user.username, 5);
    const second = await buildApp({ config: t.config, database: t.database, clock: t.clock });
    try {
      const res = await second.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { emailOrUsername: user.username, password: GOOD_PASSWORD },
        remoteAddress: '10.9.9.9',
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('known-device exemption from the per-account lock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_LOCK_AFTER_FAILURES: '5', LOGIN_LOCK_SECONDS: '60', LOGIN_LOCK_MAX_SECONDS: '900' } });
  });
  afterAll(() => t.close());

  const login = (emailOrUsername: string, password: string, cookie?: string, address = '10.8.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { emailOrUsername, password },
      remoteAddress: address,
      headers: cookie ? { cookie } : {},
    });

  /** The owner signs in on their laptop once: that browser keeps the device cookie. */
  async function knownDevice(username: string): Promise<string> {
    const res = await login(username, GOOD_PASSWORD);
    expect(res.statusCode).toBe(200);
    return deviceCookie(res)!;
  }

  /** An attacker who knows the name, from five addresses, without the cookie, until the account locks. */
  async function lockFromElsewhere(username: string): Promise<void> {
    for (let i = 0; i < 5; i++) expect((await login(username, 'Wrong0ne', undefined, addresses[i])).statusCode).toBe(401);
    expect((await login(username, GOOD_PASSWORD, undefined, '10.8.0.2')).statusCode).toBe(429);
  }

  it('lets a browser that signed in before sign in with the right password while the account is locked', async () => {
    const user = await registerThroughApi(t.app);
    const laptop = await knownDevice(user.username);
    await lockFromElsewhere(user.username);

    const owner = await login(user.username, GOOD_PASSWORD, laptop);
    expect(owner.statusCode).toBe(200);
    expect(sessionCookie(owner)).toBeDefined();
    // By email too: the exemption is the account's, whatever name is typed.
    expect((await login(user.email, GOOD_PASSWORD, laptop)).statusCode).toBe(200);
    // The owner getting in does not lift the lock for the one without the cookie.
    const stranger = await login(user.username, GOOD_PASSWORD, undefined, '10.8.0.3');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toMatchObject({ code: 'rate_limited' });
  });

  it('sets the cookie httpOnly, SameSite=Lax, for the sign-in route only, for a year, without the password in it', async () => {
    const user = await registerThroughApi(t.app);
    const res = await login(user.username, GOOD_PASSWORD);
    const line = deviceSetCookie(res)!;
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\/api\/account\/login(;|$)/);
    expect(line).not.toMatch(/; Secure/); // COOKIE_SECURE is off here; the session cookie's rule
    const expires = new Date(/Expires=([^;]+)/.exec(line)![1]!).getTime();
    expect(expires - t.clock.now().getTime()).toBeGreaterThan(300 * 86_400_000);
    expect(line).not.toContain(GOOD_PASSWORD);
  });

  it('is kept by logout, and still exempts the browser after it', async () => {
    const user = await registerThroughApi(t.app);
    const signedIn = await login(user.username, GOOD_PASSWORD);
    const laptop = deviceCookie(signedIn)!;
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: { cookie: `${sessionCookie(signedIn)}; ${laptop}` },
    });
    expect(logout.statusCode).toBe(200);
    expect(deviceSetCookie(logout)).toBeUndefined();
    await lockFromElsewhere(user.username);
    expect((await login(user.username, GOOD_PASSWORD, laptop)).statusCode).toBe(200);
  });

  it('gives no exemption for a tampered, forged, expired or another account’s cookie', async () => {
    const victim = await registerThroughApi(t.app);
    const other = await registerThroughApi(t.app);
    const laptop = await knownDevice(victim.username);
    const othersLaptop = await knownDevice(other.username);
    await lockFromElsewhere(victim.username);

    const [, userId, issued, nonce, signature] = laptop.slice('rd_device='.length).split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherUserId = othersLaptop.split('.')[1]!;
    const cookies = [
      `rd_device=d1.${userId}.${issued}.${nonce}.${flipped}`, // signature changed
      `rd_device=d1.${otherUserId}.${issued}.${nonce}.${signature}`, // the victim's signature, another id
      `rd_device=d1.${userId}.${issued}.${nonce}.${'A'.repeat(43)}`, // made up
      `rd_device=d1.${userId}.${(Number.parseInt(issued!, 36) + 1).toString(36)}.${nonce}.${signature}`,
      othersLaptop, // genuine, but for another account
      'rd_device=garbage',
    ];
    for (const cookie of cookies) {
      const res = await login(victim.username, GOOD_PASSWORD, cookie);
      expect(res.statusCode, cookie).toBe(429);
      expect(sessionCookie(res)).toBeUndefined();
    }
    // The other account's browser signs in to its own account as usual.
    expect((await login(other.username, GOOD_PASSWORD, othersLaptop)).statusCode).toBe(200);
  });

  it('expires after a year: an old cookie is no exemption', async () => {
    const user = await registerThroughApi(t.app);
    const laptop = await knownDevice(user.username);
    t.clock.advanceDays(366);
    await lockFromElsewhere(user.username);
    expect((await login(user.username, GOOD_PASSWORD, laptop)).statusCode).toBe(429);
  });

  it('locks the device itself after its own 10 failures, and only that device', async () => {
    const user = await registerThroughApi(t.app);
    const stolen = await knownDevice(user.username);
    t.clock.advanceMs(1);
    const phone = await knownDevice(user.username);

    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(user.username, 'Wrong0ne', stolen, addresses[i % 5])).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    const locked = await login(user.username, GOOD_PASSWORD, stolen);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('60');

    // The owner's other browser, and the account itself, are untouched by that device's failures.
    expect((await login(user.username, GOOD_PASSWORD, phone)).statusCode).toBe(200);
    expect((await login(user.username, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('is accepted by a second instance on the same database', async () => {
    const user = await registerThroughApi(t.app);
    const laptop = await knownDevice(user.username);
    await lockFromElsewhere(user.username);
    const second = await buildApp({ config: t.config, database: t.database, clock: t.clock });
    try {
      const inject = (cookie?: string) =>
        second.inject({
          method: 'POST',
          url: '/api/account/login',
          payload: { emailOrUsername: user.username, password: GOOD_PASSWORD },
          remoteAddress: '10.9.9.8',
          headers: cookie ? { cookie } : {},
        });
      expect((await inject(laptop)).statusCode).toBe(200);
      expect((await inject()).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('is still under the per-address limit', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const user = await registerThroughApi(limited.app);
      const first = await limited.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { emailOrUsername: user.username, password: GOOD_PASSWORD },
        remoteAddress: '10.8.1.1',
      });
      const laptop = deviceCookie(first)!;
      const again = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/account/login',
          payload: { emailOrUsername: user.username, password: GOOD_PASSWORD },
          remoteAddress: '10.8.1.1',
          headers: { cookie: laptop },
        });
      expect((await again()).statusCode).toBe(200);
      const third = await again();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ detail: expect.stringContaining('from your network') as unknown });
    } finally {
      await limited.close();
    }
  });
});
