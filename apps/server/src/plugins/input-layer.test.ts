import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVehicle, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { contactMessages } from '../db/schema/index';

/**
 * The input layer every body, query and path parameter passes: keys named like Object members,
 * control characters and broken Unicode answer a clear 400 (never a 500), and what a signed-in
 * caller is answered is never cached.
 */
describe('the input layer', () => {
  let t: TestApp;
  let client = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Raw JSON text: a JavaScript object literal would turn "__proto__" into a prototype, not a key.
  const postJson = (url: string, json: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: json,
      headers: { 'content-type': 'application/json', ...headers },
      remoteAddress: `10.7.0.${++client}`,
    });
  const contact = (fields: Record<string, string>) =>
    JSON.stringify({ name: 'Maria', surname: 'Papadopoulou', email: 'maria@example.com', message: 'Hello there', ...fields });
  const storedContacts = async (email: string) => t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));

  describe('keys named like Object members', () => {
    const MEMBER_NAMES = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', 'ToString', 'isPrototypeOf'];

    it.each(MEMBER_NAMES)('ignores "%s" in a body like any unknown key (login, register, contact, search)', async (key) => {
      // A name per key: repeated failures for one account are throttled.
      const login = await postJson(
        '/api/account/login',
        `{"emailOrUsername":"nobody${MEMBER_NAMES.indexOf(key)}","password":"x","${key}":{"a":1}}`,
      );
      expect(login.statusCode).toBe(401);
      expect(login.headers['content-type']).toContain('application/problem+json');
      const register = await postJson('/api/account/register', `{"${key}":"x","username":"ab"}`);
      expect(register.statusCode).toBe(400);
      expect(register.json().errors.username).toEqual(['Username must be at least 3 characters long!']);
      const email = `member-${MEMBER_NAMES.indexOf(key)}@example.com`;
      const sent = await postJson('/api/contact', contact({ email, [key]: 'x' }));
      expect(sent.statusCode).toBe(201);
      expect(await storedContacts(email)).toHaveLength(1);
      const search = await postJson('/api/vehicle/search', `{"${key}":1,"query":"van"}`);
      expect(search.statusCode).toBe(200);
      const filter = await postJson('/api/vehicle/filter', `{"${key}":[1]}`);
      expect(filter.statusCode).toBe(200);
    });

    it.each([...MEMBER_NAMES, '__proto__'])('ignores "%s" in a query string', async (key) => {
      for (const url of [
        `/api/vehicle/recent?${key}=1`,
        `/api/vehicle/search-vehicles?${key}=x`,
        `/api/vehicle/base-filter-properties?${key}=2`,
      ]) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
      }
    });

    it('refuses a body holding "__proto__" or "constructor.prototype", at any depth, with a 400 that says why', async () => {
      for (const json of [
        '{"emailOrUsername":"nobody","password":"x","__proto__":{"isCompanyEmployee":true}}',
        '{"emailOrUsername":"nobody","password":"x","extra":[{"__proto__":{}}]}',
        '{"emailOrUsername":"nobody","password":"x","constructor":{"prototype":{"polluted":true}}}',
      ]) {
        const res = await postJson('/api/account/login', json);
        expect(res.statusCode, json).toBe(400);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json().detail).toBe('The request body must not contain a "__proto__" key or a "constructor" key holding "prototype".');
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      const email = 'proto@example.com';
      const refused = await postJson('/api/contact', contact({ email }).replace('{', '{"__proto__":{"x":1},'));
      expect(refused.statusCode).toBe(400);
      expect(await storedContacts(email)).toEqual([]);
    });

    it('still answers invalid JSON as invalid JSON', async () => {
      const res = await postJson('/api/account/login', '{"emailOrUsername":');
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('The request body is not valid JSON.');
    });
  });

  describe('control characters and broken Unicode', () => {
    it.each(['name', 'surname', 'email', 'message'])(
      'refuses NUL in the contact form field %s, naming it, and stores nothing',
      async (field) => {
        const email = `nul-${field}@example.com`;
        const value = field === 'email' ? `nul\u0000-${field}@example.com` : 'bad\u0000text';
        const res = await postJson('/api/contact', contact({ email, [field]: value }));
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json()).toMatchObject({
          code: 'validation_failed',
          detail: `${field} must not contain control characters.`,
          errors: { [field]: [`${field} must not contain control characters.`] },
        });
        expect(await storedContacts(email)).toEqual([]);
      },
    );

    it('keeps tab and line breaks in multi-line text and refuses them in single-line text', async () => {
      const email = 'multiline@example.com';
      const message = 'Line one\n\tLine two\r\nLine three';
      const kept = await postJson('/api/contact', contact({ email, message }));
      expect(kept.statusCode).toBe(201);
      expect((await storedContacts(email))[0]?.message).toBe(message);
      for (const name of ['Ma\tria', 'Ma\nria', 'Ma\u001bria', 'Ma\u007fria']) {
        const res = await postJson('/api/contact', contact({ email: 'single@example.com', name }));
        expect(res.statusCode, JSON.stringify(name)).toBe(400);
        expect(res.json().errors).toEqual({ name: ['name must not contain control characters.'] });
      }
      const bell = await postJson('/api/contact', contact({ email: 'bell@example.com', message: 'ring\u0007' }));
      expect(bell.json().errors).toEqual({ message: ['message must not contain control characters.'] });
      expect(await storedContacts('single@example.com')).toEqual([]);
    });

    it('refuses a lone surrogate, which cannot be stored as UTF-8', async () => {
      const res = await postJson('/api/contact', contact({ email: 'surrogate@example.com' }).replace('Maria', 'Ma\\ud800ria'));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ name: ['name contains a character that is not valid Unicode.'] });
    });

    it('refuses NUL in login, register, queries and path parameters with a 400', async () => {
      const login = await postJson('/api/account/login', '{"emailOrUsername":"ali\\u0000ce","password":"x"}');
      expect(login.statusCode).toBe(400);
      expect(login.json().errors).toEqual({ emailOrUsername: ['emailOrUsername must not contain control characters.'] });
      const register = await postJson(
        '/api/account/register',
        '{"username":"ali\\u0000ce","email":"a@example.com","password":"Passw0rd","comfirmedPassword":"Passw0rd"}',
      );
      expect(register.statusCode).toBe(400);
      expect(register.json().errors.username).toEqual(['username must not contain control characters.']);
      const query = await t.app.inject({ url: '/api/vehicle/search-vehicles?searchQuery=van%00' });
      expect(query.statusCode).toBe(400);
      expect(query.json().errors).toEqual({ searchQuery: ['searchQuery must not contain control characters.'] });

      const user = await createUser(t.database);
      const cookie = await signIn(t.database, user);
      const path = await t.app.inject({ url: '/api/chat/search-users/%00', headers: { cookie } });
      expect(path.statusCode).toBe(400);
      expect(path.json().errors).toEqual({ text: ['text must not contain control characters.'] });
      const profile = await t.app.inject({
        method: 'PUT',
        url: '/api/account/update-profile-details',
        headers: { cookie },
        payload: { username: user.username, email: `x\u0000${user.email}` },
      });
      expect(profile.statusCode).toBe(400);
      expect(profile.json().errors.email).toEqual(['email must not contain control characters.']);
    });
  });

  describe('caching of what a signed-in caller is answered', () => {
    it('marks every user-specific answer no-store: wallet history, rentals, bookings, chats', async () => {
      const owner = await createUser(t.database);
      const vehicle = await createVehicle(t.database, { ownerId: owner.id });
      const cookie = await signIn(t.database, owner);
      const other = await createUser(t.database);
      for (const url of [
        '/api/wallettransaction/history',
        '/api/rental/my-rentals',
        `/api/rental/vehicle/${vehicle.id}`,
        `/api/chat/load-chat-history/${other.id}`,
        '/api/chat/recent-chats',
        '/api/chat/unread-count',
        '/api/account/me',
      ]) {
        const res = await t.app.inject({ url, headers: { cookie } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
      const refused = await t.app.inject({ url: '/api/rental/vehicle/not-a-vehicle', headers: { cookie } });
      expect(refused.headers['cache-control']).toBe('no-store');
    });

    it('leaves public answers cacheable as their routes say', async () => {
      const cookie = await signIn(t.database, await createUser(t.database));
      const enums = await t.app.inject({ url: '/api/base/fuel-types', headers: { cookie } });
      expect(enums.headers['cache-control']).toBe('public, max-age=3600');
      const anonymous = await t.app.inject({ url: '/api/vehicle/all' });
      expect(anonymous.headers['cache-control']).toBeUndefined();
    });
  });
});

describe('the Origin check behind proxies', () => {
  const post = (app: TestApp['app'], headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress,
      headers: { host: 'rentdrive.example', origin: 'https://evil.example', ...headers },
      payload: { name: 'A', surname: 'B', email: 'origin@example.com', message: 'hi' },
    });

  it('ignores X-Forwarded-Host when TRUST_PROXY is unset', async () => {
    const t = await createTestApp();
    try {
      const res = await post(t.app, { 'x-forwarded-host': 'evil.example' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'origin_not_allowed' });
    } finally {
      await t.close();
    }
  });

  it('believes X-Forwarded-Host only from a proxy TRUST_PROXY names', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '10.3.0.1' } });
    try {
      expect((await post(t.app, { 'x-forwarded-host': 'evil.example' }, '10.3.0.1')).statusCode).toBe(201);
      expect((await post(t.app, { 'x-forwarded-host': 'evil.example' }, '10.3.0.2')).statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});
