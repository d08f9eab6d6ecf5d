import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { GOOD_PASSWORD, registerThroughApi } from '../../../test/helpers/account';

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
