import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { transact } from '../../db/transactions';
import { recordAudit } from './audit.service';

/** The database's own message (Drizzle wraps it as the cause of 'Failed query: ...'). */
async function refusal(query: Promise<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
  return 'not refused';
}

type AuditRow = {
  id: number;
  action: string;
  actor: { id: string; username: string } | null;
  targetId: string | null;
  reason: string | null;
};

describe('the audit trail', () => {
  let t: TestApp;
  let employee: Awaited<ReturnType<typeof createUser>>;
  let employeeCookie: string;
  beforeAll(async () => {
    t = await createTestApp({ clockStart: '2026-06-01T10:00:00Z' });
    employee = await createUser(t.database, { isCompanyEmployee: true });
    employeeCookie = await signIn(t.database, employee);
  });
  afterAll(() => t.close());

  const list = (cookie: string | undefined, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/moderation/audit${query}`, headers: cookie ? { cookie } : {} });

  describe('is append-only: the application cannot change or remove an event', () => {
    let id: number;
    beforeAll(async () => {
      id = await recordAudit(t.database.db, {
        actorId: employee.id,
        action: 'catalogue.type.create',
        target: { type: 'vehicle-type', id: 1 },
      });
    });

    it('refuses UPDATE', async () => {
      expect(await refusal(t.database.db.execute(sql`update audit_events set action = 'nothing' where id = ${id}`))).toBe(
        'audit_events is append-only: UPDATE refused',
      );
    });
    it('refuses DELETE', async () => {
      expect(await refusal(t.database.db.execute(sql`delete from audit_events where id = ${id}`))).toBe(
        'audit_events is append-only: DELETE refused',
      );
    });
    it('refuses TRUNCATE', async () => {
      expect(await refusal(t.database.db.execute(sql`truncate audit_events`))).toBe('audit_events is append-only: TRUNCATE refused');
    });
    it('still holds the event as written', async () => {
      const res = await list(employeeCookie, `?actor=${employee.id}`);
      expect(res.json().items).toEqual([expect.objectContaining({ id, action: 'catalogue.type.create', targetId: '1' })]);
    });
  });

  it('writes an event with its action: rolled back together', async () => {
    await expect(
      transact(t.database.db, async (tx) => {
        await recordAudit(tx, { actorId: employee.id, action: 'moderation.dismiss', target: { type: 'report', id: 'rolled-back' } });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect((await list(employeeCookie, '?target=rolled-back')).json().items).toEqual([]);
  });

  it('is read by employees only: anonymous 401, any other user 403', async () => {
    const user = await createUser(t.database);
    expect((await list(undefined)).statusCode).toBe(401);
    const refused = await list(await signIn(t.database, user));
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect((await list(employeeCookie)).statusCode).toBe(200);
  });

  it('filters by actor, target and time, newest first, in pages', async () => {
    const actor = await createUser(t.database, { username: 'auditactor' });
    const at = (iso: string) => new Date(iso);
    for (const [day, target] of [
      ['2026-03-01T09:00:00Z', 'v-1'],
      ['2026-03-02T09:00:00Z', 'v-2'],
      ['2026-03-03T09:00:00Z', 'v-1'],
      ['2026-03-04T09:00:00Z', 'v-3'],
    ] as const) {
      await recordAudit(t.database.db, {
        actorId: actor.id,
        ip: '203.0.113.9',
        action: 'moderation.hide-listing',
        target: { type: 'vehicle', id: target },
        reason: `hidden ${day}`,
        occurredAt: at(day),
      });
    }
    const mine = await list(employeeCookie, `?actor=${actor.id}`);
    expect(mine.statusCode).toBe(200);
    const items = mine.json().items as AuditRow[];
    expect(items.map((e) => e.targetId)).toEqual(['v-3', 'v-1', 'v-2', 'v-1']);
    expect(items[0]).toMatchObject({
      actor: { id: actor.id, username: 'auditactor' },
      ip: '203.0.113.9',
      reason: 'hidden 2026-03-04T09:00:00Z',
    });

    const byTarget = (await list(employeeCookie, `?actor=${actor.id}&target=v-1&targetType=vehicle`)).json().items as AuditRow[];
    expect(byTarget.map((e) => e.reason)).toEqual(['hidden 2026-03-03T09:00:00Z', 'hidden 2026-03-01T09:00:00Z']);

    const window = (await list(employeeCookie, `?actor=${actor.id}&from=2026-03-02&to=2026-03-03`)).json().items as AuditRow[];
    expect(window.map((e) => e.targetId)).toEqual(['v-1', 'v-2']);

    const first = (await list(employeeCookie, `?actor=${actor.id}&pageSize=3`)).json();
    expect(first.items).toHaveLength(3);
    const second = (await list(employeeCookie, `?actor=${actor.id}&pageSize=3&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((e: AuditRow) => e.targetId)).toEqual(['v-1']);
    expect(second.nextCursor).toBeNull();
  });

  it('answers bad filters with 400 and the field', async () => {
    const res = await list(employeeCookie, '?actor=nobody&from=yesterday&pageSize=1000');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(Object.keys(res.json().errors ?? {})).toEqual(expect.arrayContaining(['actor', 'from', 'pageSize']));
  });

  describe('what is written', () => {
    const actionsOn = async (targetId: string) =>
      ((await list(employeeCookie, `?target=${targetId}`)).json().items as (AuditRow & { ip: string | null })[]).map((e) => e.action);

    it('a sign-in, a password change and a lock after failed sign-ins, with the address', async () => {
      const user = await createUser(t.database);
      const login = (password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/account/login',
          payload: { emailOrUsername: user.username, password },
          remoteAddress: '198.51.100.7',
        });
      const signedIn = await login('Passw0rd');
      expect(signedIn.statusCode).toBe(200);
      const cookie = String(signedIn.headers['set-cookie']).match(/rd_session=[^;]+/)![0];
      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/account/update-password',
        headers: { cookie },
        payload: { currentPassword: 'Passw0rd', newPassword: 'Newpass1', confirmPassword: 'Newpass1' },
      });
      expect(changed.statusCode).toBe(200);
      let status = 0;
      for (let i = 0; i < 20 && status !== 429; i++) status = (await login('Wrong0ne')).statusCode;
      expect(status).toBe(429);
      const actions = await actionsOn(user.id);
      expect(actions).toEqual(expect.arrayContaining(['auth.sign-in', 'auth.password-change', 'auth.sign-in-locked']));
      const items = (await list(employeeCookie, `?target=${user.id}`)).json().items as {
        action: string;
        ip: string;
        actor: { id: string } | null;
      }[];
      expect(items.find((e) => e.action === 'auth.sign-in')).toMatchObject({ ip: '198.51.100.7', actor: { id: user.id } });
    });

    it("an employee's catalogue change", async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/vehicletype/create',
        headers: { cookie: employeeCookie },
        payload: { name: 'Audited type' },
      });
      expect(created.statusCode).toBe(200);
      const id = String(created.json().id);
      const [event] = (await list(employeeCookie, `?target=${id}&targetType=vehicle-type`)).json().items;
      expect(event).toMatchObject({ action: 'catalogue.type.create', actor: { id: employee.id }, details: { name: 'Audited type' } });
    });
  });
});
