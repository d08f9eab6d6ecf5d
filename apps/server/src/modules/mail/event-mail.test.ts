import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createVehicle } from '../../../test/factories';
import { rendered } from '../../../test/helpers/mail';
import { createEarningUser, createFundedUser, postEmpty, rent, useLedgerCheckedApp } from '../../../test/helpers/money';
import { quietNotifications, type TestApp } from '../../../test/test-app';
import { mailOutbox, users } from '../../db/schema/index';
import { TestPaymentGateway } from '../../lib/payment-gateway';
import { createRentalsService } from '../rentals/rentals.service';
import { createWalletService } from '../wallet/wallet.service';
import { createBookingMail } from './booking-mail';
import { createMailService } from './mail.service';

// Mail about completions, reviews and money paid out (issue 25), read back from the outbox the events
// wrote in their transactions. Today is 2026-06-01 (the test clock); the company fee is 20 %.
let t: TestApp;
useLedgerCheckedApp({ clockStart: '2026-06-01T10:00:00Z' }, (app) => {
  t = app;
});

const mailsTo = (addresses: string[]) =>
  rendered(t.database, t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses)));
const speaks = (userId: string, language: string) => t.database.db.update(users).set({ language }).where(eq(users.id, userId));

/** An owner's Tesla (45.50 a day) rented for 2026-06-02 and 06-03: 91.00, the owner's share 72.80. */
async function rented(ownerLanguage: string, renterLanguage: string) {
  const owner = await createFundedUser(t, 0);
  await speaks(owner.user.id, ownerLanguage);
  const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, make: 'Tesla', model: 'Model 3', pricePerDayCents: 4550 });
  const renter = await createFundedUser(t, 500);
  await speaks(renter.user.id, renterLanguage);
  const res = await rent(t.app, renter.cookie, vehicle.id, ['2026-06-02', '2026-06-03']);
  expect(res.statusCode).toBe(200);
  return { owner, renter, vehicle, rentalId: res.json<{ id: string }>().id };
}

describe('completion and review mail', () => {
  it('on confirm: the renter is asked for a review, the owner told the earnings after the fee; a review mails the owner', async () => {
    const { owner, renter, rentalId } = await rented('de', 'en');
    t.clock.set('2026-06-04T10:00:00Z');
    expect((await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${rentalId}`)).statusCode).toBe(200);

    const mails = await mailsTo([renter.user.email, owner.user.email]);
    const toRenter = mails.find((m) => m.kind === 'rental-completed')!;
    expect(toRenter).toMatchObject({ toAddress: renter.user.email, locale: 'en', subject: 'Your rental is complete — leave a review' });
    expect(toRenter.text).toContain('Your rental of the Tesla Model 3 from Jun 2, 2026 to Jun 3, 2026 is complete.');
    expect(toRenter.html).toContain('/profile/rentals');
    const toOwner = mails.find((m) => m.kind === 'rental-completed-owner')!;
    expect(toOwner).toMatchObject({ toAddress: owner.user.email, locale: 'de', subject: 'Miete abgeschlossen' });
    expect(toOwner.text).toContain('Ihr Verdienst von 72,80');
    expect(toOwner.text).not.toContain('91,00');

    // Double-blind (issue 27): the owner rated the renter first, so the review is published (and mailed) at once.
    const rated = await t.app.inject({
      method: 'POST',
      url: `/api/rental/renter-review/${rentalId}`,
      headers: { cookie: owner.cookie },
      payload: { starRating: 5 },
    });
    expect(rated.statusCode).toBe(200);
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/vehiclereview/add',
      headers: { cookie: renter.cookie },
      payload: { rentalId, starRating: 4, comment: 'Smooth ride.' },
    });
    expect(review.statusCode).toBe(200);
    const reviewed = (await mailsTo([owner.user.email])).find((m) => m.kind === 'review-received')!;
    expect(reviewed.subject).toBe(`${renter.user.username} hat Ihren Tesla Model 3 bewertet`);
    expect(reviewed.text).toContain('4 Sterne von 5');
  });

  it('on the automatic completion too, each in their language', async () => {
    const { owner, renter } = await rented('en', 'fr');
    const wallet = createWalletService({ db: t.database.db, clock: t.clock, companyFeePercent: 20, gateway: new TestPaymentGateway() });
    const mail = createMailService({ db: t.database.db, clock: t.clock, productName: 'RentDrive', from: 'mail@rentdrive.test' });
    const job = createRentalsService({
      db: t.database.db,
      clock: t.clock,
      timeZone: 'UTC',
      autoCompleteAfterDays: 3,
      wallet,
      notifications: quietNotifications(t),
      bookingMail: createBookingMail({ mail, productName: 'RentDrive', origin: 'https://rentdrive.test' }),
    });
    t.clock.set('2026-06-07T10:00:00Z');
    expect(await job.completeDueRentals()).toBeGreaterThanOrEqual(1);
    const mails = await mailsTo([renter.user.email, owner.user.email]);
    expect(mails.find((m) => m.kind === 'rental-completed')).toMatchObject({
      toAddress: renter.user.email,
      subject: 'Votre location est terminée — laissez un avis',
    });
    const toOwner = mails.find((m) => m.kind === 'rental-completed-owner')!;
    expect(toOwner.subject).toBe('Rental completed');
    expect(toOwner.text).toContain('Your earnings of €72.80 (after the company fee) are now in your wallet.');
  });
});

describe('wallet mail', () => {
  const IBAN = 'DE89 3704 0044 0532 0130 00';

  it('tells the user a withdrawal was paid, with the sum and the masked account; a refused one mails nothing', async () => {
    const owner = await createEarningUser(t, 100);
    const before = (await mailsTo([owner.user.email])).length;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw',
      headers: { cookie: owner.cookie },
      payload: { amount: 500, accountHolder: 'Olga Owner', iban: IBAN },
    });
    expect(refused.statusCode).toBe(422);
    expect(await mailsTo([owner.user.email])).toHaveLength(before);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw',
      headers: { cookie: owner.cookie },
      payload: { amount: 25.5, accountHolder: 'Olga Owner', iban: IBAN },
    });
    expect(res.statusCode).toBe(200);
    const paid = (await mailsTo([owner.user.email])).filter((m) => m.kind === 'withdrawal-paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]!.subject).toBe('Your withdrawal of €25.50 has been paid');
    expect(paid[0]!.text).toContain('€25.50 has been paid out from your wallet to the bank account DE•• •••• 3000.');
  });

  it('tells the user a refund to card was paid, in their language', async () => {
    const user = await createFundedUser(t, 50);
    await speaks(user.user.id, 'nl');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/refund-to-card',
      headers: { cookie: user.cookie },
      payload: { amount: 20 },
    });
    expect(res.statusCode).toBe(200);
    const [refund] = (await mailsTo([user.user.email])).filter((m) => m.kind === 'refund-to-card-paid');
    expect(refund).toMatchObject({ locale: 'nl', toAddress: user.user.email });
    expect(refund!.subject).toMatch(/^Uw terugbetaling van €\s20,00 naar uw kaart is uitgevoerd$/);
    expect(refund!.text).toContain('teruggestort op uw kaart •••• 4242');
  });
});
