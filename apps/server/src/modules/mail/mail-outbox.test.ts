import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@rentdrive/contracts/mail';
import { createUser, signIn } from '../../../test/factories';
import { HAS_AIOSMTPD, startSmtpServer, type SmtpServer } from '../../../test/helpers/smtp';
import { createTestApp, type TestApp } from '../../../test/test-app';

// The operator's view of mail that did not go out (issue 25): employees list failed and queued
// messages and send a failed one again, through a real SMTP server (aiosmtpd) and pg-boss.
const SMTP_PORT = 4412;

describe.skipIf(!HAS_AIOSMTPD)('mail outbox for operators', () => {
  let smtp: SmtpServer;
  let t: TestApp;
  let employee: string;
  let member: string;
  beforeAll(async () => {
    smtp = await startSmtpServer(SMTP_PORT);
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_RETRY_LIMIT: '0', MAIL_RETRY_DELAY_SECONDS: '1', PUBLIC_URL: 'http://rentdrive.test' },
    });
    employee = await signIn(t.database, await createUser(t.database, { isCompanyEmployee: true }));
    member = await signIn(t.database, await createUser(t.database));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const list = (cookie?: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/mail/outbox${query}`, headers: cookie ? { cookie } : {} });
  const retry = (id: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: `/api/mail/outbox/${id}/retry`, headers: cookie ? { cookie } : {} });
  async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (ok(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const entriesTo = async (address: string, query = '') =>
    (await list(employee, query)).json<{ items: OutboxEntry[] }>().items.filter((m) => m.toAddress === address);

  it('shows a message that failed to an employee, and sends it once when retried', async () => {
    const user = await createUser(t.database);
    await smtp.stop();
    let failed: OutboxEntry | undefined;
    try {
      const forgot = await t.app.inject({ method: 'POST', url: '/api/account/forgot-password', payload: { emailOrUsername: user.email } });
      expect(forgot.statusCode).toBe(202);
      [failed] = await until(
        () => entriesTo(user.email, '?status=failed'),
        (items) => items.length === 1,
      );
      expect(failed).toMatchObject({ kind: 'password-reset', status: 'failed', attempts: 1, subject: 'Reset your RentDrive password' });
      expect(failed!.lastError).toBeTruthy();
      // Failed messages come first in the unfiltered list, too.
      expect((await entriesTo(user.email)).map((m) => m.status)).toEqual(['failed']);
    } finally {
      await smtp.start();
    }

    const again = await retry(failed!.id, employee);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: failed!.id, status: 'queued' });
    const delivered = await until(
      async () => (await smtp.messages()).filter((m) => JSON.stringify(m.to).includes(user.email)),
      (found) => found.length >= 1,
    );
    expect(delivered[0]!.subject).toBe('Reset your RentDrive password');
    await until(
      () => entriesTo(user.email),
      (items) => items.length === 0,
    );
    // Sent: no longer listed, and not sent again.
    const twice = await retry(failed!.id, employee);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('Only a message that failed can be sent again; this one is queued or sent.');
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await smtp.messages()).filter((m) => JSON.stringify(m.to).includes(user.email))).toHaveLength(1);
  });

  it('is for company employees only', async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await list(member)).statusCode).toBe(403);
    expect((await retry('00000000-0000-4000-8000-000000000000', member)).statusCode).toBe(403);
    expect((await list(employee)).statusCode).toBe(200);
  });

  it('answers an unknown message with 404 and bad input with 400', async () => {
    const unknown = await retry('00000000-0000-4000-8000-000000000000', employee);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('There is no such message.');
    expect((await retry('not-a-uuid', employee)).statusCode).toBe(400);
    const badStatus = await list(employee, '?status=sent');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().detail).toContain('Status is failed or queued.');
  });
});
