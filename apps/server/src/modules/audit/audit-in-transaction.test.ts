import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVehicleType, signIn, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditEvents, sessions } from '../../db/schema/index';

/**
 * Issue 28: an audited action and its audit event commit together. A trigger (test-only) makes the
 * audit insert fail for marked events; the action must then be rolled back as well — proof that the
 * event is written in the action's own transaction, not after it.
 */
describe('audit events in the action’s transaction', () => {
  let t: TestApp;
  let employeeCookie: string;
  let doomed: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    const employee = await createUser(t.database, { isCompanyEmployee: true });
    employeeCookie = await signIn(t.database, employee);
    doomed = await createUser(t.database);
    // The audit insert of a change to anything named 'Audit fails', or of this user's sign-in, fails.
    await t.database.db.execute(sql`
      create function test_refuse_marked_audit() returns trigger language plpgsql as $$
      begin
        if new.details->>'name' = 'Audit fails' or (new.action = 'auth.sign-in' and new.target_id = '${sql.raw(doomed.id)}') then
          raise exception 'audit refused by the test';
        end if;
        return new;
      end $$`);
    await t.database.db.execute(
      sql`create trigger test_refuse_marked_audit before insert on audit_events for each row execute function test_refuse_marked_audit()`,
    );
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as never, headers: { cookie: employeeCookie } });
  const events = async (action: string, targetId: string | number) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, String(targetId))))
    )[0]!.n;
  const typeNames = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/vehicletype/types' })).json().map((x: { name: string }) => x.name);

  it('a catalogue change and its event commit together', async () => {
    const created = await send('POST', '/api/vehicletype/create', { name: 'Snowmobile' });
    expect(created.statusCode).toBe(200);
    expect(await events('catalogue.type.create', created.json().id)).toBe(1);
    const category = await send('POST', '/api/vehicletypecategory/create', {
      name: 'Touring',
      description: 'Long trips',
      vehicleTypeId: created.json().id,
    });
    expect(category.statusCode).toBe(200);
    expect(await events('catalogue.category.create', category.json().id)).toBe(1);
    expect((await send('DELETE', `/api/vehicletype/delete/${created.json().id}`)).statusCode).toBe(200);
    expect(await events('catalogue.type.delete', created.json().id)).toBe(1);
  });

  it('a catalogue change whose event cannot be written is rolled back: no new type, no event', async () => {
    const created = await send('POST', '/api/vehicletype/create', { name: 'Audit fails' });
    expect(created.statusCode).toBe(500);
    expect(await typeNames()).not.toContain('Audit fails');

    const type = await createVehicleType(t.database, { name: 'Kept name' });
    const renamed = await send('PUT', `/api/vehicletype/edit/${type.id}`, { id: type.id, name: 'Audit fails' });
    expect(renamed.statusCode).toBe(500);
    expect(await typeNames()).toContain('Kept name');
    expect(await events('catalogue.type.update', type.id)).toBe(0);
  });

  it('a sign-in and its event commit together', async () => {
    const user = await createUser(t.database);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { emailOrUsername: user.username, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(await events('auth.sign-in', user.id)).toBe(1);
  });

  it('a sign-in whose event cannot be written leaves no session behind', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { emailOrUsername: doomed.username, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(500);
    expect(res.headers['set-cookie']).toBeUndefined();
    const [left] = await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, doomed.id));
    expect(left!.n).toBe(0);
  });
});
