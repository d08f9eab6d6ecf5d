import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@rentdrive/contracts/notifications';
import { createVehicle } from '../../../test/factories';
import { createFundedUser, postEmpty, rent, useLedgerCheckedApp } from '../../../test/helpers/money';
import type { TestApp } from '../../../test/test-app';
import { users } from '../../db/schema/index';

type Funded = Awaited<ReturnType<typeof createFundedUser>>;

/** Notifications are written in their recipient's language (issue 24), English for everyone else. */
describe('notifications in the recipient language', () => {
  let t: TestApp;
  useLedgerCheckedApp({ clockStart: '2026-06-01T10:00:00Z' }, async (app) => {
    t = app;
    await createFundedUser(t, 0, { isCompanyAccount: true });
  });

  async function speaking(user: Funded, language: string | null) {
    await t.database.db.update(users).set({ language }).where(eq(users.id, user.user.id));
  }
  async function textsOf(user: Funded): Promise<string[]> {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    return res.json<{ items: Notification[] }>().items.map((n) => n.text);
  }

  it("writes the owner's booking in German and the French renter's refund in French", async () => {
    const owner = await createFundedUser(t, 0);
    const renter = await createFundedUser(t, 3_000);
    await speaking(owner, 'de');
    await speaking(renter, 'fr');
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, make: 'Skoda', model: 'Octavia', pricePerDayCents: 123_450 });
    const res = await rent(t.app, renter.cookie, vehicle.id, ['2026-06-02', '2026-06-03']);
    expect(res.statusCode, res.body).toBe(200);
    expect(await textsOf(owner)).toEqual([
      `${renter.user.username} hat Ihr Fahrzeug Skoda Octavia für 2.–3. Juni 2026 gebucht (2.469,00\u00a0€).`,
    ]);

    expect((await postEmpty(t.app, renter.cookie, `/api/rental/cancel-rental/${res.json().id}`)).statusCode).toBe(200);
    expect((await textsOf(owner))[0]).toBe(
      `${renter.user.username} hat die Buchung Ihres Fahrzeugs Skoda Octavia für 2.–3. Juni 2026 storniert.`,
    );
    expect(await textsOf(renter)).toEqual([
      'remboursés sur votre portefeuille pour la location annulée du Skoda Octavia (2–3 juin 2026).'.replace(/^/, '2\u202f469,00\u00a0€ '),
    ]);
  });

  it('keeps English, word for word, for a person without a language (accounts from before)', async () => {
    const owner = await createFundedUser(t, 0);
    const renter = await createFundedUser(t, 500);
    await speaking(owner, null);
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, make: 'Skoda', model: 'Octavia', pricePerDayCents: 5_000 });
    expect((await rent(t.app, renter.cookie, vehicle.id, ['2026-06-02', '2026-06-03'])).statusCode).toBe(200);
    expect(await textsOf(owner)).toEqual([`${renter.user.username} booked your Skoda Octavia for 2-3 Jun 2026 (100.00€).`]);
  });
});
