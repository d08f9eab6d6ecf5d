import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVehicle, signIn, TEST_PASSWORD } from '../../../test/factories';
import { rendered } from '../../../test/helpers/mail';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditEvents, chatMessages, mailOutbox, notifications, rentals } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clockStart: '2026-06-01T10:00:00Z' });
});
afterAll(() => t.close());

async function person(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.database, overrides);
  return { user, cookie: await signIn(t.database, user) };
}

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const report = (cookie: string, body: Record<string, unknown>) =>
  call('POST', '/api/reports', cookie, { reason: 'fraud', details: 'Asks for payment outside the site.', ...body });
const queue = async (cookie: string) => {
  const res = await call('GET', '/api/moderation/reports', cookie);
  expect(res.statusCode).toBe(200);
  return res.json<{
    groups: {
      targetType: string;
      targetId: string;
      count: number;
      reports: { id: string; kind: string }[];
      target: Record<string, unknown>;
      history: { action: string }[];
    }[];
  }>();
};
const decide = (cookie: string, reportId: string, body: Record<string, unknown>) =>
  call('POST', `/api/moderation/reports/${reportId}/decision`, cookie, body);

describe('reports', () => {
  it('takes a report of a listing once per reporter while it is open, and refuses one of your own listing', async () => {
    const owner = await person();
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id });
    const reporter = await person();

    const first = await report(reporter.cookie, { targetType: 'vehicle', targetId: vehicle.id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'open' });
    const again = await report(reporter.cookie, { targetType: 'vehicle', targetId: vehicle.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('You already reported this; it is waiting for a decision.');

    const own = await report(owner.cookie, { targetType: 'vehicle', targetId: vehicle.id });
    expect(own.statusCode).toBe(400);
  });

  it('answers 400 with field errors for a reason off the list or no description, and 404 for an unknown target', async () => {
    const me = await person();
    const bad = await call('POST', '/api/reports', me.cookie, {
      targetType: 'vehicle',
      targetId: randomUUID(),
      reason: 'boring',
      details: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['reason', 'details']));
    const missing = await report(me.cookie, { targetType: 'user', targetId: randomUUID() });
    expect(missing.statusCode).toBe(404);
  });

  it('lets only the receiver report a chat message', async () => {
    const sender = await person();
    const receiver = await person();
    const stranger = await person();
    const [message] = await t.database.db
      .insert(chatMessages)
      .values({ senderId: sender.user.id, receiverId: receiver.user.id, text: 'Send me your card number', sentAt: t.clock.now() })
      .returning();
    expect((await report(stranger.cookie, { targetType: 'message', targetId: message!.id })).statusCode).toBe(404);
    expect((await report(receiver.cookie, { targetType: 'message', targetId: message!.id, reason: 'spam' })).statusCode).toBe(200);
    const employee = await person({ isCompanyEmployee: true });
    const group = (await queue(employee.cookie)).groups.find((g) => g.targetId === message!.id)!;
    expect(group.target).toMatchObject({ type: 'message', senderName: sender.user.username });
    expect(group.target.conversation).toEqual([expect.objectContaining({ text: 'Send me your card number', isReported: true })]);
  });

  it('throttles a reporter to 10 reports an hour', async () => {
    const me = await person();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const target = await createUser(t.database);
      statuses.push((await report(me.cookie, { targetType: 'user', targetId: target.id })).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('moderation', () => {
  it('is 403 for a non-employee and 401 signed out on every moderation endpoint', async () => {
    const me = await person();
    const id = randomUUID();
    for (const [method, url, body] of [
      ['GET', '/api/moderation/reports', undefined],
      ['POST', `/api/moderation/reports/${id}/decision`, { action: 'dismiss', reason: 'x' }],
      ['GET', '/api/moderation/users?q=a', undefined],
      ['GET', `/api/moderation/users/${id}`, undefined],
    ] as const) {
      expect((await call(method, url, me.cookie, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('groups open reports by target with their count, oldest first; hiding closes them all and tells each reporter and the owner', async () => {
    const owner = await person();
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, make: 'Lada', model: 'Niva' });
    const a = await person();
    const b = await person();
    const employee = await person({ isCompanyEmployee: true });
    const first = (await report(a.cookie, { targetType: 'vehicle', targetId: vehicle.id, reason: 'dangerous-vehicle' })).json<{
      id: string;
    }>();
    t.clock.advanceMs(1000);
    await report(b.cookie, { targetType: 'vehicle', targetId: vehicle.id });

    const groups = (await queue(employee.cookie)).groups;
    const group = groups.find((g) => g.targetId === vehicle.id)!;
    expect(group.count).toBe(2);
    expect(group.target).toMatchObject({ type: 'vehicle', title: 'Lada Niva', ownerName: owner.user.username, hiddenReason: null });
    const createdAt = groups.map((g) => g.reports[0]!.id);
    expect(createdAt.length).toBeGreaterThan(0);

    const noReason = await decide(employee.cookie, first.id, { action: 'hide-listing', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const res = await decide(employee.cookie, first.id, { action: 'hide-listing', reason: 'The brakes are shown worn through.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      reportsClosed: 2,
      decision: { action: 'hide-listing', reason: 'The brakes are shown worn through.' },
    });
    expect((await queue(employee.cookie)).groups.find((g) => g.targetId === vehicle.id)).toBeUndefined();
    expect((await decide(employee.cookie, first.id, { action: 'dismiss', reason: 'again' })).statusCode).toBe(409);

    for (const who of [a, b, owner]) {
      const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, who.user.id));
      expect(rows.map((r) => r.type)).toContain('moderation');
      const mail = await rendered(t.database, t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, who.user.email)));
      expect(mail.length).toBeGreaterThan(0);
    }
    const ownerNote = await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(ownerNote[0]!.text).toContain('The brakes are shown worn through.');
    // The audit trail has the decision: who, what, on what and why.
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, vehicle.id));
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: employee.user.id,
        action: 'moderation.hide-listing',
        targetType: 'vehicle',
        reason: 'The brakes are shown worn through.',
      }),
    ]);
  });

  it('hides a listing from its page, the saved cards and the sitemap for everyone but its owner and employees; restoring shows it again', async () => {
    const owner = await person();
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id });
    const visitor = await person();
    const employee = await person({ isCompanyEmployee: true });
    expect((await call('PUT', `/api/favourites/${vehicle.id}`, visitor.cookie)).statusCode).toBe(200);
    const r = (await report(visitor.cookie, { targetType: 'vehicle', targetId: vehicle.id, reason: 'illegal' })).json<{ id: string }>();
    expect((await decide(employee.cookie, r.id, { action: 'hide-listing', reason: 'Stolen vehicle.' })).statusCode).toBe(200);

    expect((await call('GET', `/api/vehicle/${vehicle.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/vehicle/${vehicle.id}`, visitor.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/vehicle/${vehicle.id}`, owner.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/vehicle/${vehicle.id}`, employee.cookie)).statusCode).toBe(200);
    expect((await call('POST', `/api/rental/rent/${vehicle.id}`, visitor.cookie, { bookedDates: ['2026-06-10'] })).statusCode).toBe(404);
    expect((await call('GET', `/api/vehicle/cards?ids=${vehicle.id}`)).json()).toEqual([]);
    expect((await call('GET', '/api/favourites', visitor.cookie)).json()).toEqual([]);
    expect((await call('GET', '/sitemap.xml')).body).not.toContain(vehicle.id);

    // The owner reads why and answers once; the answer returns to the queue.
    const mine = (await call('GET', '/api/moderation/my-decisions', owner.cookie)).json<
      { id: string; reason: string; answered: boolean }[]
    >();
    expect(mine[0]).toMatchObject({ reason: 'Stolen vehicle.', answered: false });
    expect(
      (await call('POST', `/api/moderation/decisions/${mine[0]!.id}/complaint`, visitor.cookie, { details: 'not mine' })).statusCode,
    ).toBe(404);
    const answer = await call('POST', `/api/moderation/decisions/${mine[0]!.id}/complaint`, owner.cookie, { details: 'I own the papers.' });
    expect(answer.statusCode).toBe(200);
    expect((await call('POST', `/api/moderation/decisions/${mine[0]!.id}/complaint`, owner.cookie, { details: 'again' })).statusCode).toBe(
      409,
    );
    const group = (await queue(employee.cookie)).groups.find((g) => g.targetId === vehicle.id)!;
    expect(group.reports[0]).toMatchObject({ kind: 'complaint' });
    expect(group.target).toMatchObject({ hiddenReason: 'Stolen vehicle.' });
    expect(group.history.map((d) => d.action)).toEqual(['hide-listing']);

    expect((await decide(employee.cookie, group.reports[0]!.id, { action: 'restore-listing', reason: 'Papers checked.' })).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/api/vehicle/${vehicle.id}`, visitor.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/sitemap.xml')).body).toContain(vehicle.id);
  });

  it('suspends a user until a time: sessions end, sign-in says until when, listings hide, active rentals are listed; lifting undoes it', async () => {
    const suspect = await person();
    const vehicle = await createVehicle(t.database, { ownerId: suspect.user.id });
    const renter = await createUser(t.database);
    const [rental] = await t.database.db
      .insert(rentals)
      .values({
        vehicleId: vehicle.id,
        renterId: renter.id,
        status: 'Active',
        startDate: '2026-06-10',
        endDate: '2026-06-12',
        pricePerDayCents: 5000,
        totalCents: 15000,
        bookedAt: t.clock.now(),
      })
      .returning();
    const reporter = await person();
    const employee = await person({ isCompanyEmployee: true });
    const r = (await report(reporter.cookie, { targetType: 'user', targetId: suspect.user.id, reason: 'fraud' })).json<{ id: string }>();

    const past = await decide(employee.cookie, r.id, { action: 'suspend-user', reason: 'x', until: '2026-05-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    const res = await decide(employee.cookie, r.id, { action: 'suspend-user', reason: 'Repeated fraud.', until: '2026-07-01T12:00:00Z' });
    expect(res.statusCode).toBe(200);
    expect(res.json().activeRentals).toEqual([expect.objectContaining({ id: rental!.id, status: 'Active' })]);

    // Every endpoint refuses the old session; sign-in answers 403 saying until when.
    expect((await call('GET', '/api/account/me', suspect.cookie)).statusCode).toBe(401);
    expect((await call('GET', '/api/wallettransaction/history', suspect.cookie)).statusCode).toBe(401);
    const login = await call('POST', '/api/account/login', undefined, { emailOrUsername: suspect.user.username, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'account_suspended', detail: 'This account is suspended until 2026-07-01 12:00 UTC.' });
    const wrong = await call('POST', '/api/account/login', undefined, { emailOrUsername: suspect.user.username, password: 'Wrong0pass' });
    expect(wrong.statusCode).toBe(401);
    expect((await call('GET', `/api/vehicle/${vehicle.id}`)).statusCode).toBe(404);

    const users = (await call('GET', `/api/moderation/users?q=${suspect.user.username.slice(0, 8)}`, employee.cookie)).json<
      { id: string; isSuspended: boolean }[]
    >();
    expect(users.find((u) => u.id === suspect.user.id)).toMatchObject({ isSuspended: true });
    const detail = await call('GET', `/api/moderation/users/${suspect.user.id}`, employee.cookie);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      user: { suspendedUntil: '2026-07-01T12:00:00.000Z', suspensionReason: 'Repeated fraud.' },
      listings: [{ id: vehicle.id, hiddenReason: 'Repeated fraud.' }],
      rentals: [{ id: rental!.id }],
      wallet: { balanceCents: 0 },
      reportsAbout: [{ id: r.id }],
      decisions: [{ action: 'suspend-user' }],
    });

    // Lifting: a new report (a complaint) decided with lift-suspension.
    const decisionId = detail.json().decisions[0].id as string;
    const second = await person();
    const r2 = (await report(second.cookie, { targetType: 'user', targetId: suspect.user.id, reason: 'other' })).json<{ id: string }>();
    expect(decisionId).toBeTruthy();
    expect((await decide(employee.cookie, r2.id, { action: 'lift-suspension', reason: 'Resolved with the renter.' })).statusCode).toBe(200);
    const again = await call('POST', '/api/account/login', undefined, { emailOrUsername: suspect.user.username, password: TEST_PASSWORD });
    expect(again.statusCode).toBe(200);
    expect((await call('GET', `/api/vehicle/${vehicle.id}`)).statusCode).toBe(200);
  });

  it('lets a suspension that ended expire on its own: sign-in works again after the end', async () => {
    const suspect = await person();
    const reporter = await person();
    const employee = await person({ isCompanyEmployee: true });
    const r = (await report(reporter.cookie, { targetType: 'user', targetId: suspect.user.id })).json<{ id: string }>();
    const until = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    expect((await decide(employee.cookie, r.id, { action: 'suspend-user', reason: 'Cool down.', until })).statusCode).toBe(200);
    const login = () => call('POST', '/api/account/login', undefined, { emailOrUsername: suspect.user.username, password: TEST_PASSWORD });
    expect((await login()).statusCode).toBe(403);
    t.clock.advanceMs(3_600_001);
    expect((await login()).statusCode).toBe(200);
  });

  it('refuses a decision that does not fit the target, and suspending an employee', async () => {
    const target = await person();
    const colleague = await person({ isCompanyEmployee: true });
    const reporter = await person();
    const employee = await person({ isCompanyEmployee: true });
    const r = (await report(reporter.cookie, { targetType: 'user', targetId: target.user.id })).json<{ id: string }>();
    expect((await decide(employee.cookie, r.id, { action: 'hide-listing', reason: 'no' })).statusCode).toBe(400);
    expect((await decide(employee.cookie, r.id, { action: 'lift-suspension', reason: 'no' })).statusCode).toBe(409);
    const r2 = (await report(reporter.cookie, { targetType: 'user', targetId: colleague.user.id })).json<{ id: string }>();
    expect((await decide(employee.cookie, r2.id, { action: 'suspend-user', reason: 'no' })).statusCode).toBe(400);
    expect((await decide(employee.cookie, randomUUID(), { action: 'dismiss', reason: 'no' })).statusCode).toBe(404);
    const dismissed = await decide(employee.cookie, r.id, { action: 'dismiss', reason: 'Nothing wrong found.' });
    expect(dismissed.statusCode).toBe(200);
  });

  it('finds users by name, e-mail or id', async () => {
    const employee = await person({ isCompanyEmployee: true });
    const target = await createUser(t.database, { username: 'findme_mod', email: 'someone.else@example.org' });
    const search = async (q: string) =>
      (await call('GET', `/api/moderation/users?q=${encodeURIComponent(q)}`, employee.cookie)).json<{ id: string }[]>().map((u) => u.id);
    expect(await search('findme')).toContain(target.id);
    expect(await search('someone.else@')).toContain(target.id);
    expect(await search(target.id)).toEqual([target.id]);
    expect(await search('%')).not.toContain(target.id);
    expect((await call('GET', `/api/moderation/users/${randomUUID()}`, employee.cookie)).statusCode).toBe(404);
  });
});
