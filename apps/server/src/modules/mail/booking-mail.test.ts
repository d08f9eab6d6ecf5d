import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RentalPaths } from '@rentdrive/contracts/paths';
import { createUser, createVehicle } from '../../../test/factories';
import { rendered } from '../../../test/helpers/mail';
import { createFundedUser, postEmpty, rent } from '../../../test/helpers/money';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailOutbox, users } from '../../db/schema/index';

// Today is 2026-06-01 (the test clock).
describe('booking mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clockStart: '2026-06-01T10:00:00Z' });
  });
  afterAll(async () => {
    await t.close();
  });

  const mailsOf = (addresses: string[]) =>
    rendered(t.database, t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses)));

  it('mails the renter "confirmed" and the owner "new booking" in their languages, then both on cancelling', async () => {
    const owner = await createUser(t.database);
    await t.database.db.update(users).set({ language: 'de' }).where(eq(users.id, owner.id));
    const vehicle = await createVehicle(t.database, { ownerId: owner.id, make: 'Tesla', model: 'Model 3', pricePerDayCents: 4550 });
    const { user: renter, cookie } = await createFundedUser(t, 500);

    const res = await rent(t.app, cookie, vehicle.id, ['2026-06-10', '2026-06-11']);
    expect(res.statusCode).toBe(200);
    const booked = await mailsOf([renter.email, owner.email]);
    const confirmed = booked.find((m) => m.kind === 'booking-confirmed')!;
    expect(confirmed).toMatchObject({ toAddress: renter.email, subject: 'Your booking of the Tesla Model 3 is confirmed', locale: 'en' });
    expect(confirmed.text).toContain(
      `You booked the Tesla Model 3 of ${owner.username} from Jun 10, 2026 to Jun 11, 2026 (2 days) for €91.00.`,
    );
    expect(confirmed.html).toContain('/profile/rentals');
    const received = booked.find((m) => m.kind === 'booking-received')!;
    expect(received).toMatchObject({ toAddress: owner.email, locale: 'de', subject: 'Neue Buchung Ihres Tesla Model 3' });
    expect(received.text).toContain('91,00');

    const cancel = await postEmpty(t.app, cookie, RentalPaths.cancel(res.json().id));
    expect(cancel.statusCode).toBe(200);
    const kinds = (await mailsOf([renter.email, owner.email])).map((m) => m.kind).sort();
    expect(kinds).toEqual(['booking-cancelled', 'booking-cancelled-owner', 'booking-confirmed', 'booking-received']);
    const refund = (await mailsOf([renter.email])).find((m) => m.kind === 'booking-cancelled')!;
    expect(refund.text).toContain('€91.00 has been refunded to your wallet.');
  });

  it('writes nothing when the booking is refused (its transaction rolls back)', async () => {
    const owner = await createUser(t.database);
    const vehicle = await createVehicle(t.database, { ownerId: owner.id, pricePerDayCents: 100_00 });
    const { user: renter, cookie } = await createFundedUser(t, 50);
    const res = await rent(t.app, cookie, vehicle.id, ['2026-06-10']);
    expect(res.statusCode).not.toBe(200);
    expect(await mailsOf([renter.email, owner.email])).toEqual([]);
  });
});
