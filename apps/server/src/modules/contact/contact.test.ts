import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactMessages } from '@rentdrive/contracts/contact';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { contactMessages } from '../../db/schema/index';

describe('POST /api/contact', () => {
  let t: TestApp;
  let client = 0;
  beforeAll(async () => {
    t = await createTestApp({ clockStart: '2026-02-03T10:00:00Z' });
  });
  afterAll(() => t.close());

  // Each test posts from its own address, so the per-IP limit only shows where it is tested.
  const post = (payload: unknown, remoteAddress = `10.9.0.${++client}`) =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });
  const valid = (email: string) => ({
    name: 'Maria',
    surname: 'Papadopoulou',
    email,
    interests: ['cars', 'traveling'],
    message: 'Do you rent vans for a weekend?',
  });

  it('stores the message and answers 201', async () => {
    const res = await post(valid('maria@example.com'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ succeeded: true });
    const rows = await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, 'maria@example.com'));
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'Maria',
        surname: 'Papadopoulou',
        interests: ['cars', 'traveling'],
        message: 'Do you rent vans for a weekend?',
        createdAt: new Date('2026-02-03T10:00:00Z'),
      }),
    ]);
  });

  it('needs no sign-in, accepts any key case, no interests, and normalizes interests', async () => {
    const none = await post({ Name: 'A', Surname: 'B', Email: 'none@example.com', Message: 'Hello' });
    expect(none.statusCode).toBe(201);
    const mixed = await post({ ...valid('mixed@example.com'), interests: ['Food', 'cars', 'FOOD', ' shopping '] });
    expect(mixed.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, 'mixed@example.com'));
    expect(row?.interests).toEqual(['cars', 'shopping', 'food']);
    const [empty] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, 'none@example.com'));
    expect(empty?.interests).toEqual([]);
  });

  it.each([
    ['no name', { name: '' }, 'name', ContactMessages.nameRequired],
    ['a long name', { name: 'x'.repeat(51) }, 'name', ContactMessages.nameMax],
    ['no surname', { surname: '  ' }, 'surname', ContactMessages.surnameRequired],
    ['no email', { email: undefined }, 'email', ContactMessages.emailRequired],
    ['a bad email', { email: 'maria@' }, 'email', ContactMessages.emailInvalid],
    ['an unknown interest', { interests: ['cars', 'boats'] }, 'interests', ContactMessages.interestInvalid],
    ['interests not a list', { interests: 'cars' }, 'interests', ContactMessages.interestInvalid],
    ['no message', { message: '' }, 'message', ContactMessages.messageRequired],
    ['a long message', { message: 'x'.repeat(2001) }, 'message', ContactMessages.messageMax],
  ])('refuses %s with 400 and the message', async (_name, overrides, field, message) => {
    const res = await post({ ...valid('bad@example.com'), ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors[field]).toContain(message);
  });

  it('refuses a foreign Origin with 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'https://evil.example' },
      payload: valid('o@example.com'),
    });
    expect(res.statusCode).toBe(403);
  });

  it('limits each client to 5 messages a minute (429 problem+json)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(valid(`flood${i}@example.com`), '10.9.9.9')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const limited = await post(valid('flood@example.com'), '10.9.9.9');
    expect(limited.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((await post(valid('other@example.com'), '10.9.9.10')).statusCode).toBe(201);
  });
});
