import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVehicle, createVehicleType, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/** A refusal's title and detail in the request's language (issue 24); English, unchanged, without one. */
describe('problem+json in the request language', () => {
  let t: TestApp;
  let employee: string;
  beforeAll(async () => {
    t = await createTestApp();
    employee = await signIn(t.database, await createUser(t.database, { isCompanyEmployee: true }));
  });
  afterAll(() => t.close());

  it('titles a 404 in German for a German request and in English without a language', async () => {
    const url = `/api/vehicle/${randomUUID()}`;
    const german = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'de-CH, de;q=0.9' } });
    expect(german.statusCode).toBe(404);
    expect(german.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(german.json().title).toBe('Nicht gefunden');
    expect(german.headers.vary).toMatch(/Accept-Language/i);

    const english = await t.app.inject({ method: 'GET', url });
    expect(english.json()).toMatchObject({ title: 'Not Found', status: 404 });
  });

  it('writes a detail with values in it (a count, a name) in the request language', async () => {
    const type = await createVehicleType(t.database, { name: 'Tractor' });
    const owner = await createUser(t.database);
    await createVehicle(t.database, { ownerId: owner.id, vehicleTypeId: type.id });
    await createVehicle(t.database, { ownerId: owner.id, vehicleTypeId: type.id });
    const remove = (language?: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/vehicletype/delete/${type.id}`,
        headers: { cookie: employee, ...(language ? { 'accept-language': language } : {}) },
      });
    const french = await remove('fr');
    expect(french.statusCode).toBe(409);
    expect(french.json()).toMatchObject({
      title: 'Conflit',
      detail: 'Ce type de véhicule est utilisé par 2 véhicules et ne peut pas être supprimé.',
    });
    expect((await remove()).json()).toMatchObject({
      title: 'Conflict',
      detail: 'This vehicle type is used by 2 vehicles and cannot be deleted.',
    });

    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/vehicletype/create',
      payload: { name: 'Tractor' },
      headers: { cookie: employee, 'accept-language': 'de' },
    });
    expect(taken.json().detail).toBe('Es gibt bereits einen Fahrzeugtyp namens „Tractor“.');
  });

  it('translates a refusal that had no message id before (a write from another origin)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: { origin: 'https://elsewhere.example', 'accept-language': 'it' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ title: 'Non consentito', detail: 'Le richieste da questa origine non sono consentite.' });
    const english = await t.app.inject({ method: 'POST', url: '/api/account/logout', headers: { origin: 'https://elsewhere.example' } });
    expect(english.json()).toMatchObject({ title: 'Forbidden', detail: 'Requests from this origin are not allowed.' });
  });
});
