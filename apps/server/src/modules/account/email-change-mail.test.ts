import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { registerThroughApi } from '../../../test/helpers/account';

// Changing the address in Settings (issue 25): the old address is told (security mail), the new one
// gets a verification link; saving the profile with the same address sends nothing.
describe('e-mail address change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://rentdrive.test' } });
  });
  afterAll(() => t.close());

  const update = (cookie: string, body: { username: string; email: string }) =>
    t.app.inject({ method: 'PUT', url: '/api/account/update-profile-details', headers: { cookie }, payload: { ...body, phoneNumber: '' } });
  const mailTo = async (address: string) => (await t.database.db.select().from(mailOutbox)).filter((m) => m.toAddress === address);
  async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const value = await read();
      if (ok(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('tells the old address and sends a verification link to the new one', async () => {
    const user = await registerThroughApi(t.app);
    const newEmail = `new.${user.email}`;
    const res = await update(user.cookie, { username: user.username, email: newEmail });
    expect(res.statusCode).toBe(200);

    const [notice] = await until(
      async () => (await mailTo(user.email)).filter((m) => m.kind === 'email-changed'),
      (list) => list.length === 1,
    );
    expect(notice!.subject).toBe('The e-mail address of your RentDrive account was changed');
    expect(notice!.text).toContain(`from ${user.email} to ${newEmail}`);
    // Security mail: no unsubscribe.
    expect(notice!.listUnsubscribe).toBeNull();
    const [verification] = await until(
      async () => (await mailTo(newEmail)).filter((m) => m.kind === 'verify-email'),
      (list) => list.length === 1,
    );
    expect(verification!.text).toContain('http://rentdrive.test/verify-email?token=');
    // The status answers for the new address, not verified yet.
    const status = await t.app.inject({ method: 'GET', url: '/api/account/email-status', headers: { cookie: user.cookie } });
    expect(status.json()).toEqual({ email: newEmail, verified: false });
  });

  it('sends nothing when the address stays the same', async () => {
    const user = await registerThroughApi(t.app);
    const before = (await t.database.db.select().from(mailOutbox)).length;
    expect((await update(user.cookie, { username: user.username, email: user.email.toUpperCase() })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.database.db.select().from(mailOutbox)).length).toBe(before);
  });
});
