import { randomUUID } from 'node:crypto';
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../test/factories';
import { deviceCookie, GOOD_PASSWORD, registerThroughApi } from '../../test/helpers/account';
import { buildChatConnection, startListeningApp, type ListeningApp } from '../../test/helpers/chat';
import { createCatalogueFixture, jpegPart, multipartBody, testImage, validCreateFields } from '../../test/helpers/vehicles';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('shared-limits.test: skipped, it needs Redis (set TEST_REDIS_URL, e.g. redis://127.0.0.1:6379).');

/**
 * Two instances on one database and one Redis, each with its own in-process state: every limit
 * must count the requests of both.
 */
describe.runIf(Boolean(redisUrl))('limits shared by two instances over Redis', () => {
  let a: ListeningApp;
  let b: ListeningApp;
  const open: HubConnection[] = [];

  beforeAll(async () => {
    // Each run gets its own keys, so parallel runs sharing one Redis do not see each other.
    const run = randomUUID().slice(0, 8);
    const options = {
      env: {
        REDIS_URL: redisUrl!,
        AUTH_RATE_LIMIT_PER_MINUTE: '3',
        LOGIN_LOCK_AFTER_FAILURES: '4',
        UPLOAD_RATE_LIMIT_PER_HOUR: '1',
      },
      overrides: {
        limitsKeyPrefix: `rd:test:${run}:limits`,
        realtimeOptions: { redisKeyPrefix: `rd:test:${run}:rt` },
        chatRateLimit: { maxMessages: 2, windowMs: 60_000 },
      },
    };
    a = await startListeningApp(options);
    b = await startListeningApp({ ...options, database: a.database });
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.stop()));
    await b.app.close();
    await a.close();
  });

  const login = (server: ListeningApp, emailOrUsername: string, password: string, remoteAddress: string) =>
    server.app.inject({ method: 'POST', url: '/api/account/login', payload: { emailOrUsername, password }, remoteAddress });

  it('counts sign-in attempts per address on both instances', async () => {
    const statuses = [];
    for (const server of [a, b, a, b]) statuses.push((await login(server, 'someone', 'Wrong0ne', '10.7.0.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('counts registrations per address on both instances', async () => {
    const register = (server: ListeningApp) =>
      server.app.inject({ method: 'POST', url: '/api/account/register', payload: {}, remoteAddress: '10.7.0.2' });
    const statuses = [];
    for (const server of [b, a, b, a]) statuses.push((await register(server)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('locks an account on every instance after failures spread over both', async () => {
    const user = await registerThroughApi(a.app);
    const statuses = [];
    for (const [i, server] of [a, b, a, b].entries())
      statuses.push((await login(server, user.username, 'Wrong0ne', `10.7.1.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401]);
    const onA = await login(a, user.username, GOOD_PASSWORD, '10.7.1.9');
    const onB = await login(b, user.username, GOOD_PASSWORD, '10.7.1.9');
    expect([onA.statusCode, onB.statusCode]).toEqual([429, 429]);
    expect(onB.headers['retry-after']).toBe('60');
  });

  it('exempts a known browser from the account lock on both instances, and counts its own failures on both', async () => {
    const user = await registerThroughApi(a.app);
    const laptop = deviceCookie(await login(a, user.username, GOOD_PASSWORD, '10.7.2.0'))!;
    for (const [i, server] of [a, b, a, b].entries()) await login(server, user.username, 'Wrong0ne', `10.7.2.${i + 1}`);
    const withCookie = (server: ListeningApp, password: string, remoteAddress: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { emailOrUsername: user.username, password },
        remoteAddress,
        headers: { cookie: laptop },
      });
    expect((await login(b, user.username, GOOD_PASSWORD, '10.7.2.9')).statusCode).toBe(429);
    expect((await withCookie(b, GOOD_PASSWORD, '10.7.2.9')).statusCode).toBe(200);
    // Its own budget is twice the account's (8 here), spread over both instances.
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await withCookie(i % 2 ? a : b, 'Wrong0ne', `10.7.3.${i}`)).statusCode);
    expect(statuses).toEqual(Array<number>(8).fill(401));
    expect((await withCookie(a, GOOD_PASSWORD, '10.7.3.9')).statusCode).toBe(429);
  });

  it('counts the contact form per address on both instances (the per-route limits share Redis too)', async () => {
    const contact = (server: ListeningApp) =>
      server.app.inject({ method: 'POST', url: '/api/contact', payload: {}, remoteAddress: '10.7.0.3' });
    const statuses = [];
    for (const server of [a, b, a, b, a, b]) statuses.push((await contact(server)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('counts chat messages per sender on both instances', async () => {
    const alice = await createUser(a.database);
    const bob = await createUser(a.database);
    const cookie = await signIn(a.database, alice);
    const onA = buildChatConnection(a.baseUrl, { cookie });
    const onB = buildChatConnection(b.baseUrl, { cookie });
    open.push(onA, onB);
    await Promise.all([onA.start(), onB.start()]);
    await onA.invoke('SendMessage', bob.id, 'one');
    await onB.invoke('SendMessage', bob.id, 'two');
    await expect(onA.invoke('SendMessage', bob.id, 'three')).rejects.toThrow('You are sending messages too fast');
  });

  it('counts vehicle uploads per user on both instances', async () => {
    const owner = await createUser(a.database);
    const cookie = await signIn(a.database, owner);
    const c = await createCatalogueFixture(a.database);
    const jpeg = await testImage('jpeg');
    const create = (server: ListeningApp) => {
      const body = multipartBody(validCreateFields(c), [jpegPart(jpeg)]);
      return server.app.inject({ method: 'POST', url: '/api/vehicle/create', payload: body.payload, headers: { ...body.headers, cookie } });
    };
    expect((await create(b)).statusCode).toBe(200);
    const limited = await create(a);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toBe('You can send at most 1 vehicle listings or edits an hour. Please try again later.');
  });
});
