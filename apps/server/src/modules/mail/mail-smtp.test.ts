import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThroughApi, registerThroughApi } from '../../../test/helpers/account';
import { rendered } from '../../../test/helpers/mail';
import { HAS_AIOSMTPD, startSmtpServer, type SmtpServer } from '../../../test/helpers/smtp';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailOutbox } from '../../db/schema/index';

// A real SMTP server (aiosmtpd, Maildir) on a loopback port; the app delivers through pg-boss.
const SMTP_PORT = 4511;
const FROM = 'RentDrive <no-reply@rentdrive.test>';

describe.skipIf(!HAS_AIOSMTPD)('mail over SMTP', () => {
  let smtp: SmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer(SMTP_PORT);
    t = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: FROM,
        MAIL_RETRY_LIMIT: '2',
        MAIL_RETRY_DELAY_SECONDS: '1',
        PUBLIC_URL: 'http://rentdrive.test',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const forgot = (emailOrUsername: string) =>
    t.app.inject({ method: 'POST', url: '/api/account/forgot-password', payload: { emailOrUsername } });
  const outboxOf = async (address: string, kind: string) =>
    (await rendered(t.database, t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)))).filter(
      (m) => m.kind === kind,
    );
  async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (ok(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('delivers the reset mail: recipient, subject, HTML and text parts, a link that resets the password', async () => {
    const user = await registerThroughApi(t.app);
    const before = (await smtp.messages()).length;
    expect((await forgot(user.email)).statusCode).toBe(202);
    const all = await smtp.waitFor(before + 2); // the verification after registering, then the reset
    const mail = all.find((m) => m.subject === 'Reset your RentDrive password' && m.to && JSON.stringify(m.to).includes(user.email))!;
    expect(mail).toBeDefined();
    expect(mail.from?.value[0]).toMatchObject({ name: 'RentDrive', address: 'no-reply@rentdrive.test' });
    expect(mail.html).toContain('Choose a new password');
    expect(mail.text).toContain(`Hello ${user.username},`);
    const link = /http:\/\/rentdrive\.test\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
    expect(mail.html).toContain(`href="${link}"`);

    // Following the link: the page's token resets the password.
    const token = new URL(link).searchParams.get('token')!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { token, newPassword: 'Fresh1Pass', confirmPassword: 'Fresh1Pass' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await loginThroughApi(t.app, user.email, 'Fresh1Pass')).statusCode).toBe(200);
    const [row] = await until(
      () => outboxOf(user.email, 'password-reset'),
      ([r]) => r?.status === 'sent',
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    // The 'password changed' mail follows, once.
    const changed = await until(
      async () =>
        (await smtp.messages()).filter(
          (m) => m.subject === 'Your RentDrive password was changed' && JSON.stringify(m.to).includes(user.email),
        ),
      (list) => list.length >= 1,
    );
    expect(changed).toHaveLength(1);
  });

  it('keeps a message while the SMTP server is down and delivers it once when it is back', async () => {
    const user = await registerThroughApi(t.app);
    await until(
      () => outboxOf(user.email, 'verify-email'),
      ([r]) => r?.status === 'sent',
    );
    await smtp.stop();
    const started = Date.now();
    expect((await forgot(user.username)).statusCode).toBe(202);
    expect(Date.now() - started).toBeLessThan(2_000);
    const [failedOnce] = await until(
      () => outboxOf(user.email, 'password-reset'),
      ([r]) => (r?.attempts ?? 0) >= 1,
    );
    expect(failedOnce).toMatchObject({ status: 'queued' });
    expect(failedOnce!.lastError).toBeTruthy();
    await smtp.start();
    await until(
      () => outboxOf(user.email, 'password-reset'),
      ([r]) => r?.status === 'sent',
    );
    await new Promise((r) => setTimeout(r, 1_500));
    const resets = (await smtp.messages()).filter(
      (m) => m.subject === 'Reset your RentDrive password' && JSON.stringify(m.to).includes(user.email),
    );
    expect(resets).toHaveLength(1);
  });

  it('marks a message failed after the last try, where an operator can see it', async () => {
    const user = await registerThroughApi(t.app);
    await until(
      () => outboxOf(user.email, 'verify-email'),
      ([r]) => r?.status === 'sent',
    );
    await smtp.stop();
    try {
      await forgot(user.email);
      const [failed] = await until(
        () => outboxOf(user.email, 'password-reset'),
        ([r]) => r?.status === 'failed',
        20_000,
      );
      expect(failed!.attempts).toBe(3);
    } finally {
      await smtp.start();
    }
  }, 30_000);
});
