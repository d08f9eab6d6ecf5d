import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages } from '@rentdrive/contracts/account';
import { GOOD_PASSWORD, loginThroughApi, registerThroughApi } from '../../../test/helpers/account';
import { rendered } from '../../../test/helpers/mail';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailOutbox } from '../../db/schema/index';

// Changing the address in Settings (issue 25): the account keeps its address until the new one is
// verified; the current address is told at once (security mail), the new one gets the link; once
// it is followed the account uses the new address and the old one is told the change is done.
describe('e-mail address change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://rentdrive.test' } });
  });
  afterAll(() => t.close());

  const update = (cookie: string, body: { username: string; email: string }) =>
    t.app.inject({ method: 'PUT', url: '/api/account/update-profile-details', headers: { cookie }, payload: { ...body, phoneNumber: '' } });
  const status = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/account/email-status', headers: { cookie } });
  const mailTo = async (address: string) =>
    (await rendered(t.database, t.database.db.select().from(mailOutbox))).filter((m) => m.toAddress === address);
  const verifyLink = (text: string) => /verify-email\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
  const verify = (token: string) => t.app.inject({ method: 'POST', url: '/api/account/verify-email', payload: { token } });

  it('keeps the old address until the new one is verified, telling the old address twice', async () => {
    const user = await registerThroughApi(t.app);
    const newEmail = `new.${user.email}`;
    const res = await update(user.cookie, { username: user.username, email: newEmail });
    expect(res.statusCode).toBe(200);
    // The account still answers with its current address, the new one waits.
    expect(res.json().email).toBe(user.email);
    expect((await status(user.cookie)).json()).toEqual({ email: user.email, verified: false, pendingEmail: newEmail });

    const [notice] = (await mailTo(user.email)).filter((m) => m.kind === 'email-change-requested');
    expect(notice!.subject).toBe('A new e-mail address was given for your RentDrive account');
    expect(notice!.text).toContain(`from ${user.email} to ${newEmail}`);
    expect(notice!.text).toContain('until then your account keeps using this address');
    // Security mail: no unsubscribe.
    expect(notice!.listUnsubscribe).toBeNull();
    const [verification] = (await mailTo(newEmail)).filter((m) => m.kind === 'verify-email');
    expect(verification!.text).toContain('http://rentdrive.test/verify-email?token=');
    expect(verification!.text).toContain(`Please confirm that ${newEmail} is your address.`);

    // Until verified, signing in and reset mail use the old address.
    expect((await loginThroughApi(t.app, user.email, GOOD_PASSWORD)).statusCode).toBe(200);

    expect((await verify(verifyLink(verification!.text))).statusCode).toBe(200);
    expect((await status(user.cookie)).json()).toEqual({ email: newEmail, verified: true, pendingEmail: null });
    const [done] = (await mailTo(user.email)).filter((m) => m.kind === 'email-changed');
    expect(done!.text).toContain(`from ${user.email} to ${newEmail}`);
    expect((await loginThroughApi(t.app, newEmail, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('"Send again" mails the address waiting for confirmation; a newer change ends the older link', async () => {
    const user = await registerThroughApi(t.app);
    const first = `first.${user.email}`;
    const second = `second.${user.email}`;
    await update(user.cookie, { username: user.username, email: first });
    const [firstLink] = (await mailTo(first)).filter((m) => m.kind === 'verify-email');
    await update(user.cookie, { username: user.username, email: second });
    const resend = await t.app.inject({ method: 'POST', url: '/api/account/resend-verification', headers: { cookie: user.cookie } });
    expect(resend.statusCode).toBe(202);
    expect((await mailTo(second)).filter((m) => m.kind === 'verify-email')).toHaveLength(2);
    expect((await verify(verifyLink(firstLink!.text))).statusCode).toBe(400);
    expect((await status(user.cookie)).json()).toMatchObject({ email: user.email, pendingEmail: second });
  });

  it('refuses an address another account holds, before and at verification, with a 409 on the field', async () => {
    const user = await registerThroughApi(t.app);
    const other = await registerThroughApi(t.app);
    const taken = await update(user.cookie, { username: user.username, email: other.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: [AccountMessages.emailTaken] });

    // Free when asked for, taken by someone registering before the link is followed.
    const wanted = `wanted.${user.email}`;
    await update(user.cookie, { username: user.username, email: wanted });
    const [link] = (await mailTo(wanted)).filter((m) => m.kind === 'verify-email');
    await registerThroughApi(t.app, { email: wanted });
    const late = await verify(verifyLink(link!.text));
    expect(late.statusCode).toBe(409);
    expect((await status(user.cookie)).json().email).toBe(user.email);
  });

  it('sends nothing when the address stays the same', async () => {
    const user = await registerThroughApi(t.app);
    const before = (await t.database.db.select().from(mailOutbox)).length;
    expect((await update(user.cookie, { username: user.username, email: user.email.toUpperCase() })).statusCode).toBe(200);
    expect((await t.database.db.select().from(mailOutbox)).length).toBe(before);
  });
});
