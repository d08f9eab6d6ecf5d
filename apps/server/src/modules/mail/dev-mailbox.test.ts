import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi } from '../../../test/helpers/account';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('the development mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the kept messages, newest first, and shows one with its link clickable', async () => {
    const user = await registerThroughApi(t.app);
    t.clock.advanceMs(1_000);
    await t.app.inject({ method: 'POST', url: '/api/account/forgot-password', payload: { emailOrUsername: user.email } });
    const list = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    const rows = [...list.body.matchAll(/<a href="(\/dev\/mailbox\/[0-9a-f-]{36})">([^<]+)<\/a>/g)];
    expect(rows.map((r) => r[2]).slice(0, 2)).toEqual(['Reset your RentDrive password', 'Confirm your e-mail address for RentDrive']);
    expect(list.body).toContain(user.email);

    const message = await t.app.inject({ method: 'GET', url: rows[0]![1]! });
    expect(message.statusCode).toBe(200);
    expect(message.body).toMatch(/<a href="http:\/\/localhost(:\d+)?\/reset-password\?token=[A-Za-z0-9_-]+">/);
    const html = await t.app.inject({ method: 'GET', url: `${rows[0]![1]}/html` });
    expect(html.body).toContain('Choose a new password');
    const missing = await t.app.inject({ method: 'GET', url: '/dev/mailbox/00000000-0000-0000-0000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('is not served in production', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const res = await production.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(res.statusCode).not.toBe(200);
      expect(res.body).not.toContain('Development mailbox');
    } finally {
      await production.close();
    }
  });
});
