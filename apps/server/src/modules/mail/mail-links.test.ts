import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi } from '../../../test/helpers/account';
import { rendered } from '../../../test/helpers/mail';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailOutbox, users } from '../../db/schema/index';
import { mailLinkIn } from './mail-links';

describe('mailLinkIn', () => {
  const origin = 'https://rentdrive.example';
  it('puts our pages in the reader’s language and leaves the rest alone', () => {
    expect(mailLinkIn('de', origin, `${origin}/profile/rentals`)).toBe(`${origin}/de/profile/rentals`);
    expect(mailLinkIn('fr', origin, `${origin}/reset-password?token=abc`)).toBe(`${origin}/fr/reset-password?token=abc`);
    expect(mailLinkIn('nl', origin, `${origin}/`)).toBe(`${origin}/nl`);
    expect(mailLinkIn('en', origin, `${origin}/profile/rentals`)).toBe(`${origin}/profile/rentals`);
    expect(mailLinkIn('de', origin, `${origin}/de/profile/wallet`)).toBe(`${origin}/de/profile/wallet`);
    expect(mailLinkIn('de', origin, 'https://elsewhere.example/profile')).toBe('https://elsewhere.example/profile');
    expect(mailLinkIn('de', origin, `${origin}.evil.example/x`)).toBe(`${origin}.evil.example/x`);
  });
});

describe('links in a mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const resetMail = async (language: string | null) => {
    const user = await registerThroughApi(t.app);
    await t.database.db.update(users).set({ language }).where(eq(users.username, user.username));
    const forgot = await t.app.inject({ method: 'POST', url: '/api/account/forgot-password', payload: { emailOrUsername: user.email } });
    expect(forgot.statusCode).toBe(202);
    const mails = await rendered(t.database, t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email)));
    return mails.find((m) => m.kind === 'password-reset')!;
  };

  it('open the German pages for a German reader: the button and the settings link', async () => {
    const mail = await resetMail('de');
    expect(mail.text).toMatch(/https?:\/\/[^\s]+\/de\/reset-password\?token=[\w-]+/);
    expect(mail.html).toMatch(/href="https?:\/\/[^"]+\/de\/reset-password\?token=[\w-]+"/);
    expect(mail.text).toMatch(/https?:\/\/[^\s]+\/de\/profile\/settings/);
    expect(mail.text).not.toMatch(/\/\/[^/\s]+\/(reset-password|profile\/settings)/);
  });

  it('keep the English pages for an English reader', async () => {
    const mail = await resetMail(null);
    expect(mail.text).toMatch(/https?:\/\/[^/\s]+\/reset-password\?token=/);
    expect(mail.text).not.toContain('/en/');
  });
});
