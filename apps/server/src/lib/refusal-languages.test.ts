import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVehicle, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 24 for the refusals of issues 27, 28 and 30: booking rules, reports and moderation,
 * dashboards answer `detail` and field errors in the request's language, English for none.
 */
describe('newer refusals in the request’s language', () => {
  let t: TestApp;
  let owner: { id: string; cookie: string };
  let employeeCookie: string;
  let vehicleId: string;

  beforeAll(async () => {
    t = await createTestApp({ clockStart: '2026-06-01T10:00:00Z' });
    const user = await createUser(t.database);
    owner = { id: user.id, cookie: await signIn(t.database, user) };
    employeeCookie = await signIn(t.database, await createUser(t.database, { isCompanyEmployee: true }));
    vehicleId = (await createVehicle(t.database, { ownerId: user.id })).id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, language?: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      payload: payload as never,
      headers: { ...(cookie ? { cookie } : {}), ...(language ? { 'accept-language': language } : {}) },
    });

  it('a report of one’s own listing: German and French, English without a language', async () => {
    const body = { targetType: 'vehicle', targetId: vehicleId, reason: 'fraud', details: 'Mine.' };
    const de = await call('POST', '/api/reports', 'de-DE,de;q=0.9', owner.cookie, body);
    expect(de.statusCode).toBe(400);
    expect(de.json()).toMatchObject({
      detail: 'Sie können sich selbst oder Ihr eigenes Inserat nicht melden.',
      errors: { targetId: ['Sie können sich selbst oder Ihr eigenes Inserat nicht melden.'] },
    });
    const fr = await call('POST', '/api/reports', 'fr', owner.cookie, body);
    expect(fr.json().detail).toBe('Vous ne pouvez pas vous signaler vous-même ni votre propre annonce.');
    const en = await call('POST', '/api/reports', undefined, owner.cookie, body);
    expect(en.json().detail).toBe('You cannot report yourself or your own listing.');
  });

  it('a report’s field errors (the schema’s messages) in French', async () => {
    const res = await call('POST', '/api/reports', 'fr', owner.cookie, {
      targetType: 'car',
      targetId: vehicleId,
      reason: 'x',
      details: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      targetType: ['Choisissez ce que vous signalez : un véhicule, un utilisateur ou un message.'],
      reason: ['Choisissez un motif dans la liste.'],
      details: ['Décrivez le problème.'],
    });
  });

  it('a moderation decision without a reason, and an unknown report, in German', async () => {
    const res = await call('POST', '/api/moderation/reports/00000000-0000-4000-8000-000000000000/decision', 'de', employeeCookie, {
      action: 'dismiss',
      reason: ' ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.reason).toEqual(['Schreiben Sie den Grund der Entscheidung: Er wird den Betroffenen gesendet.']);
    const missing = await call('POST', '/api/moderation/reports/00000000-0000-4000-8000-000000000000/decision', 'de', employeeCookie, {
      action: 'dismiss',
      reason: 'Nothing to see.',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Diese Meldung existiert nicht.');
  });

  it('booking rules: the form’s refusals in German, a quote below the minimum with its number in French', async () => {
    const rules = {
      bookingMode: 'instant',
      cancellationPolicy: 'flexible',
      weeklyDiscountPercent: 0,
      monthlyDiscountPercent: 0,
      minDays: 3,
      maxDays: 2,
      advanceNoticeDays: 0,
      deposit: 0,
    };
    const refused = await call('PUT', `/api/vehicle/booking-rules/${vehicleId}`, 'de', owner.cookie, rules);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.maxDays).toEqual(['Die Höchstzahl an Tagen darf nicht unter dem Minimum liegen.']);

    expect(
      (await call('PUT', `/api/vehicle/booking-rules/${vehicleId}`, undefined, owner.cookie, { ...rules, maxDays: null })).statusCode,
    ).toBe(200);
    const quote = await call('POST', `/api/rental/quote/${vehicleId}`, 'fr', undefined, { bookedDates: ['2026-06-10'] });
    expect(quote.statusCode).toBe(400);
    expect(quote.json()).toMatchObject({
      detail: 'Ce véhicule se loue pour au moins 3 jours.',
      errors: { bookedDates: ['Ce véhicule se loue pour au moins 3 jours.'] },
    });
    const english = await call('POST', `/api/rental/quote/${vehicleId}`, undefined, undefined, { bookedDates: ['2026-06-10'] });
    expect(english.json().detail).toBe('This vehicle is rented for at least 3 days.');
  });

  it('dashboards: a period the wrong way round in French, a bad date in German', async () => {
    const fr = await call('GET', '/api/dashboard/owner?from=2026-06-30&to=2026-05-01', 'fr', owner.cookie);
    expect(fr.statusCode).toBe(400);
    expect(fr.json().errors.from).toEqual(['Le début ne doit pas être après la fin.']);
    const de = await call('GET', '/api/dashboard/owner?from=31.01.2026', 'de', owner.cookie);
    expect(de.statusCode).toBe(400);
    expect(de.json().detail).toBe('Verwenden Sie ein Datum wie 2026-01-31.');
  });
});
