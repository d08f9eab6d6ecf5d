import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration, sessionCookie } from '../../../test/helpers/account';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** A person's language (issue 24): set at registration from the request, changed in the account, shown on /me. */
describe('the account language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function register(acceptLanguage?: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: registration(),
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    });
    expect(res.statusCode).toBe(200);
    return sessionCookie(res)!;
  }
  const me = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie } })).json();
  const put = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: '/api/account/language', payload: payload as object, headers });

  it('is the language the registration was sent in', async () => {
    expect((await me(await register('de-AT,de;q=0.9,en;q=0.5'))).language).toBe('de');
    expect((await me(await register('fr'))).language).toBe('fr');
  });

  it('is English when the registration named none of ours', async () => {
    expect((await me(await register())).language).toBe('en');
    expect((await me(await register('ja,pt;q=0.8'))).language).toBe('en');
  });

  it('changes with PUT /api/account/language, and /me and the session answer the new one', async () => {
    const cookie = await register('de');
    const res = await put({ language: 'nl' }, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ language: 'nl' });
    expect((await me(cookie)).language).toBe('nl');
    const session = await t.app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } });
    expect(session.json().user.language).toBe('nl');
  });

  it('refuses a language we do not speak with a readable 400, in the request language', async () => {
    const cookie = await register();
    const res = await put({ language: 'pt' }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.language).toEqual(['Choose one of the languages: en, de, fr, es, it or nl.']);
    const german = await put({ language: 'xx' }, { cookie, 'accept-language': 'de' });
    expect(german.json().errors.language).toEqual(['Wählen Sie eine der Sprachen: en, de, fr, es, it oder nl.']);
    expect((await me(cookie)).language).toBe('en');
  });

  it('needs a signed-in person', async () => {
    const res = await put({ language: 'de' });
    expect(res.statusCode).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/account/language'].put).toBeDefined();
  });
});
