import { AccountMessages } from '@rentdrive/contracts/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Refusals in the request's language (issue 24): problem+json `detail` and field errors. */
describe('problem+json in the language of Accept-Language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const badRegistration = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers,
      payload: { username: 'ab', email: 'not-an-email', password: 'Secret1', confirmedPassword: 'Secret1' },
    });

  it('answers in German', async () => {
    const res = await badRegistration({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    const body = res.json();
    expect(body.errors.username).toEqual(['Der Benutzername muss mindestens 3 Zeichen lang sein!']);
    expect(body.errors.email).toEqual(['Ungültige E-Mail-Adresse!']);
    expect(Object.values(body.errors).flat()).toContain(body.detail);
    expect(body.code).toBe('validation_failed');
  });

  it('answers in French', async () => {
    const res = await badRegistration({ 'accept-language': 'fr-FR' });
    const body = res.json();
    expect(body.errors.username).toEqual(['Le nom d’utilisateur doit comporter au moins 3 caractères\u202f!']);
    expect(body.errors.email).toEqual(['Adresse e-mail non valide\u202f!']);
  });

  it('translates a refusal that is not a validation error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/me', headers: { 'accept-language': 'nl' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Je moet inloggen om dit te doen.');
  });

  it('keeps the English texts for a client that asks for no language, or for English, or for one we do not speak', async () => {
    const cases: Record<string, string>[] = [{}, { 'accept-language': 'en-GB,en;q=0.9' }, { 'accept-language': 'pt-BR,ja;q=0.5' }];
    for (const headers of cases) {
      const body = (await badRegistration(headers)).json();
      expect(body.errors.username).toEqual([AccountMessages.usernameMin]);
      expect(body.errors.email).toEqual([AccountMessages.emailInvalid]);
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/account/me' });
    expect(me.json().detail).toBe('You need to sign in to do this.');
  });
});
