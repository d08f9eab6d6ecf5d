import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVehicle } from '../../../test/factories';
import { rendered } from '../../../test/helpers/mail';
import { createFundedUser, postEmpty, rent } from '../../../test/helpers/money';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailOutbox, users, verifiedEmails } from '../../db/schema/index';

// On-request bookings (issue 27) by mail (issue 25): the owner is asked, the renter told the answer,
// each written in the transaction of its event. Today is 2026-06-01 (the test clock).
describe('booking request mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clockStart: '2026-06-01T10:00:00Z', env: { E2E_TEST_HOOKS: 'true' } });
  });
  afterAll(() => t.close());

  const mailsOf = (addresses: string[]) =>
    rendered(t.database, t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses)));

  async function requested(ownerLanguage = 'en') {
    const owner = await createFundedUser(t, 0);
    await t.database.db.update(users).set({ language: ownerLanguage }).where(eq(users.id, owner.user.id));
    const renter = await createFundedUser(t, 1_000);
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, make: 'Fiat', model: 'Panda', pricePerDayCents: 5_000 });
    const rules = await t.app.inject({
      method: 'PUT',
      url: `/api/vehicle/booking-rules/${vehicle.id}`,
      headers: { cookie: owner.cookie },
      payload: {
        bookingMode: 'request',
        cancellationPolicy: 'flexible',
        weeklyDiscountPercent: 0,
        monthlyDiscountPercent: 0,
        minDays: 1,
        maxDays: null,
        advanceNoticeDays: 0,
        deposit: 100,
      },
    });
    expect(rules.statusCode).toBe(200);
    const res = await rent(t.app, renter.cookie, vehicle.id, ['2026-06-10', '2026-06-11']);
    expect(res.json()).toMatchObject({ status: 'Requested' });
    return { owner, renter, vehicle, rentalId: res.json<{ id: string }>().id };
  }

  it('asks the owner (in their language), not the renter; the acceptance reaches the renter', async () => {
    const { owner, renter, rentalId } = await requested('de');
    const asked = await mailsOf([owner.user.email, renter.user.email]);
    expect(asked.map((m) => [m.kind, m.toAddress])).toEqual([['booking-requested', owner.user.email]]);
    expect(asked[0]!.subject).toBe('Neue Buchungsanfrage für Ihr Fiat Panda');
    expect(asked[0]!.text).toContain('24 Stunden');
    expect(asked[0]!.text).toContain('100,00');

    expect((await postEmpty(t.app, owner.cookie, `/api/rental/accept/${rentalId}`)).statusCode).toBe(200);
    const [accepted] = (await mailsOf([renter.user.email])).filter((m) => m.kind === 'booking-request-accepted');
    expect(accepted!.subject).toBe(`${owner.user.username} accepted your request: the Fiat Panda is booked`);
    expect(accepted!.text).toContain('from Jun 10, 2026 to Jun 11, 2026 (2 days) for €100.00 is confirmed.');
    expect(accepted!.html).toContain('/profile/rentals');
  });

  it('tells the renter of a decline with the money back (total and deposit)', async () => {
    const { owner, renter, rentalId } = await requested();
    expect((await postEmpty(t.app, owner.cookie, `/api/rental/decline/${rentalId}`)).statusCode).toBe(200);
    const [declined] = (await mailsOf([renter.user.email])).filter((m) => m.kind === 'booking-request-declined');
    expect(declined!.subject).toBe('Your request for the Fiat Panda was declined');
    expect(declined!.text).toContain('€200.00 has been returned to your wallet.');
  });

  it('tells the renter of an expiry, written by the timed job', async () => {
    const { renter } = await requested();
    t.clock.set('2026-06-02T10:00:01Z');
    expect((await t.app.inject({ method: 'POST', url: '/api/test/rentals/auto-complete' })).statusCode).toBe(200);
    const expired = (await mailsOf([renter.user.email])).filter((m) => m.kind === 'booking-request-expired');
    expect(expired).toHaveLength(1);
    expect(expired[0]!.text).toContain('within 24 hours, so it expired. €200.00 has been returned to your wallet.');
    t.clock.set('2026-06-01T10:00:00Z');
  });

  it("shows the owner whether the renter's address is verified on the booking list", async () => {
    const { owner, renter, vehicle } = await requested();
    const list = () => t.app.inject({ method: 'GET', url: `/api/rental/vehicle/${vehicle.id}`, headers: { cookie: owner.cookie } });
    expect((await list()).json()[0]).toMatchObject({ status: 'Requested', renterEmailVerified: false });
    await t.database.db.insert(verifiedEmails).values({ userId: renter.user.id, email: renter.user.email, verifiedAt: new Date() });
    expect((await list()).json()[0]).toMatchObject({ renterEmailVerified: true });
  });
});
