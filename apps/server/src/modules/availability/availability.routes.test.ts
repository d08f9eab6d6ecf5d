import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, createVehicle, signIn } from '../../../test/factories';
import { createFundedUser, meBalances, rent, useLedgerCheckedApp } from '../../../test/helpers/money';
import { type TestApp } from '../../../test/test-app';

// Today is 2026-06-01 in the marketplace time zone (UTC): the window runs to 2026-12-01.
let t: TestApp;
useLedgerCheckedApp({ clockStart: '2026-06-01T10:00:00Z' }, async (app) => {
  t = app;
  await createFundedUser(t, 0, { isCompanyAccount: true });
});

const url = (vehicleId: string) => `/api/vehicle/blocked-days/${vehicleId}`;
const get = (path: string, cookie?: string) => t.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
const put = (vehicleId: string, cookie: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: url(vehicleId), headers: cookie ? { cookie } : {}, payload: payload as object });

async function ownedVehicle(overrides: { isCompanyProperty?: boolean } = {}) {
  const owner = await createFundedUser(t, 0);
  const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 5_000, ...overrides });
  return { owner, vehicle };
}

describe('GET and PUT /api/vehicle/blocked-days/{vehicleId}', () => {
  it('shows the owner the booking window, the blocked and the booked days', async () => {
    const { owner, vehicle } = await ownedVehicle();
    const renter = await createFundedUser(t, 500);
    expect((await rent(t.app, renter.cookie, vehicle.id, ['2026-06-03', '2026-06-04'])).statusCode).toBe(200);
    const res = await get(url(vehicle.id), owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      vehicleId: vehicle.id,
      firstDay: '2026-06-01',
      lastDay: '2026-12-01',
      blockedDays: [],
      bookedDays: ['2026-06-03', '2026-06-04'],
    });
  });

  it('blocks days (sorted, duplicates collapsed), replaces them on the next PUT, and renters see them unavailable', async () => {
    const { owner, vehicle } = await ownedVehicle();
    const first = await put(vehicle.id, owner.cookie, { days: ['2026-06-12', '2026-06-10', '2026-06-11', '2026-06-10', '2026-07-01'] });
    expect(first.statusCode).toBe(200);
    expect(first.json().blockedDays).toEqual(['2026-06-10', '2026-06-11', '2026-06-12', '2026-07-01']);
    // The renters' calendar (anonymous too) lists them among the unavailable days.
    expect((await get(`/api/rental/${vehicle.id}`)).json()).toEqual(['2026-06-10', '2026-06-11', '2026-06-12', '2026-07-01']);

    const second = await put(vehicle.id, owner.cookie, { Days: ['2026-06-11', '2026-06-20'] });
    expect(second.statusCode).toBe(200);
    expect(second.json().blockedDays).toEqual(['2026-06-11', '2026-06-20']);
    expect((await get(url(vehicle.id), owner.cookie)).json().blockedDays).toEqual(['2026-06-11', '2026-06-20']);
    expect((await get(`/api/rental/${vehicle.id}`)).json()).toEqual(['2026-06-11', '2026-06-20']);

    expect((await put(vehicle.id, owner.cookie, { days: [] })).json().blockedDays).toEqual([]);
    expect((await get(`/api/rental/${vehicle.id}`)).json()).toEqual([]);
  });

  it('refuses renting a blocked day with 409; the renter keeps the money and a free day still rents', async () => {
    const { owner, vehicle } = await ownedVehicle();
    await put(vehicle.id, owner.cookie, { days: ['2026-06-15'] });
    const renter = await createFundedUser(t, 500);
    const refused = await rent(t.app, renter.cookie, vehicle.id, ['2026-06-14', '2026-06-15', '2026-06-16']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'dates_unavailable', detail: 'These dates are no longer available.' });
    expect((await meBalances(t.app, renter.cookie)).balance).toBe(500);
    expect((await rent(t.app, renter.cookie, vehicle.id, ['2026-06-16'])).statusCode).toBe(200);
  });

  it('refuses to block a booked day with 409 naming it, and changes nothing', async () => {
    const { owner, vehicle } = await ownedVehicle();
    await put(vehicle.id, owner.cookie, { days: ['2026-06-20'] });
    const renter = await createFundedUser(t, 500);
    expect((await rent(t.app, renter.cookie, vehicle.id, ['2026-06-05', '2026-06-06'])).statusCode).toBe(200);
    const res = await put(vehicle.id, owner.cookie, { days: ['2026-06-04', '2026-06-05', '2026-06-06'] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'dates_unavailable', detail: 'Booked days cannot be blocked: 2026-06-05, 2026-06-06.' });
    expect((await get(url(vehicle.id), owner.cookie)).json()).toMatchObject({
      blockedDays: ['2026-06-20'],
      bookedDays: ['2026-06-05', '2026-06-06'],
    });
  });

  it('keeps past blocked days as history: a PUT replaces from today on', async () => {
    const { owner, vehicle } = await ownedVehicle();
    await put(vehicle.id, owner.cookie, { days: ['2026-06-01', '2026-06-02', '2026-06-05'] });
    t.clock.set('2026-06-03T10:00:00Z');
    const res = await put(vehicle.id, owner.cookie, { days: ['2026-06-04'] });
    expect(res.json()).toMatchObject({ firstDay: '2026-06-03', blockedDays: ['2026-06-04'] });
    const rows = await t.database.db.execute(
      sql`select to_char(day, 'YYYY-MM-DD') as day from rental_days where vehicle_id = ${vehicle.id} order by day`,
    );
    expect((rows as { rows: { day: string }[] }).rows.map((r) => r.day)).toEqual(['2026-06-01', '2026-06-02', '2026-06-04']);
  });

  it.each([
    ['a day before today', { days: ['2026-05-31'] }, 'Days in the past cannot be blocked or unblocked.'],
    ['a day after 6 months', { days: ['2026-12-02'] }, 'Days can be blocked at most 6 months ahead.'],
    ['a day that does not exist', { days: ['2026-06-31'] }, 'Every blocked day must be a real calendar day written YYYY-MM-DD.'],
    ['another date format', { days: ['01.06.2026'] }, 'Days must be written YYYY-MM-DD.'],
    ['a number', { days: [20260601] }, 'Days must be written YYYY-MM-DD.'],
    ['no list', { days: '2026-06-10' }, 'Send the days to block as a list'],
    ['no days field', {}, 'Send the days to block as a list'],
    ['over 190 days', { days: Array.from({ length: 191 }, () => '2026-06-10') }, 'At most 190 days can be blocked.'],
  ])('refuses %s with 400 and a message on days', async (_name, payload, message) => {
    const { owner, vehicle } = await ownedVehicle();
    const res = await put(vehicle.id, owner.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(JSON.stringify(res.json().errors)).toContain(message);
    expect((await get(url(vehicle.id), owner.cookie)).json().blockedDays).toEqual([]);
  });

  it("refuses other users' vehicles with 403 and unknown, malformed or deleted ones with 404", async () => {
    const { owner, vehicle } = await ownedVehicle();
    const other = await createFundedUser(t, 0);
    expect((await get(url(vehicle.id), other.cookie)).statusCode).toBe(403);
    const refused = await put(vehicle.id, other.cookie, { days: ['2026-06-10'] });
    expect(refused.statusCode).toBe(403);
    expect((await get(`/api/rental/${vehicle.id}`)).json()).toEqual([]);
    for (const id of ['0b7c6f8e-3f1a-4f57-8d59-7f0a0f7d3a11', 'not-a-uuid']) {
      expect((await get(url(id), owner.cookie)).statusCode).toBe(404);
      expect((await put(id, owner.cookie, { days: [] })).statusCode).toBe(404);
    }
    const deleted = await createVehicle(t.database, { ownerId: owner.user.id, deletedAt: new Date('2026-05-01T00:00:00Z') });
    expect((await put(deleted.id, owner.cookie, { days: ['2026-06-10'] })).statusCode).toBe(404);
  });

  it('refuses anonymous callers with 401, before looking at the body', async () => {
    const { vehicle } = await ownedVehicle();
    expect((await get(url(vehicle.id))).statusCode).toBe(401);
    expect((await put(vehicle.id, undefined, { days: ['2026-06-10'] })).statusCode).toBe(401);
    expect((await put(vehicle.id, undefined, { days: 'junk' })).statusCode).toBe(401);
  });

  it('lets employees block days on company vehicles, not on personal ones', async () => {
    const employee = await createUser(t.database, { isCompanyEmployee: true });
    const cookie = await signIn(t.database, employee);
    const company = await ownedVehicle({ isCompanyProperty: true });
    const personal = await ownedVehicle();
    const res = await put(company.vehicle.id, cookie, { days: ['2026-06-10'] });
    expect(res.statusCode).toBe(200);
    expect((await get(url(company.vehicle.id), cookie)).json().blockedDays).toEqual(['2026-06-10']);
    expect((await put(personal.vehicle.id, cookie, { days: ['2026-06-10'] })).statusCode).toBe(403);
    expect((await get(url(personal.vehicle.id), cookie)).statusCode).toBe(403);
  });

  it("makes the search's availability filter treat blocked days as taken", async () => {
    const owner = await createFundedUser(t, 0);
    const make = `Blockmobile${Date.now()}`;
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, make });
    // Each search carries the data version of the last write, as the browser's cookie does (read-your-writes).
    let version = '';
    const block = async (days: string[]) => {
      const res = await put(vehicle.id, owner.cookie, { days });
      expect(res.statusCode).toBe(200);
      version = String(res.headers['x-data-version'] ?? '');
    };
    const search = async (body: object) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/vehicle/search',
          headers: version ? { 'x-data-version': version } : {},
          payload: { makes: [make], ...body },
        })
      ).json().total;
    // A first write (nothing blocked) gives a version that includes the new vehicle.
    await block([]);
    expect(version).not.toBe('');
    expect(await search({ availableFrom: '2026-06-10', availableTo: '2026-06-12' })).toBe(1);
    await block(['2026-06-11']);
    expect(await search({ availableFrom: '2026-06-10', availableTo: '2026-06-12' })).toBe(0);
    expect(await search({ availableFrom: '2026-06-12', availableTo: '2026-06-14' })).toBe(1);
    await block([]);
    expect(await search({ availableFrom: '2026-06-10', availableTo: '2026-06-12' })).toBe(1);
  });

  it('has the database refuse a day both booked and blocked, and a row that is neither or both', async () => {
    const { owner, vehicle } = await ownedVehicle();
    const renter = await createFundedUser(t, 500);
    const rental = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-08'])).json();
    await expect(
      t.database.db.execute(
        sql`insert into rental_days (vehicle_id, day, blocked_by) values (${vehicle.id}, '2026-06-08', ${owner.user.id})`,
      ),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(
        sql`insert into rental_days (vehicle_id, day, rental_id, blocked_by) values (${vehicle.id}, '2026-06-09', ${rental.id}, ${owner.user.id})`,
      ),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`insert into rental_days (vehicle_id, day) values (${vehicle.id}, '2026-06-09')`),
    ).rejects.toThrow();
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/vehicle/blocked-days/{vehicleId}']).sort()).toEqual(['get', 'put']);
  });
});
