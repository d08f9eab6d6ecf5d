import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AccountExportSchema, type AccountExport } from '@rentdrive/contracts/account-data';
import { createUser, createVehicle, signIn, TEST_PASSWORD } from '../../../test/factories';
import { loginThroughApi, registerThroughApi } from '../../../test/helpers/account';
import { createFundedUser, postEmpty, rent, useLedgerCheckedApp } from '../../../test/helpers/money';
import type { TestApp } from '../../../test/test-app';
import { auditEvents, chatMessages, sessions, users, vehicleImages } from '../../db/schema/index';
import { EXPORT_BATCH_SIZE } from './account-export.service';

let t: TestApp;
useLedgerCheckedApp({ clockStart: '2026-06-01T10:00:00Z' }, async (app) => {
  t = app;
  await createFundedUser(t, 0, { isCompanyAccount: true });
});

const exportOf = (cookie: string | undefined) =>
  t.app.inject({ method: 'GET', url: '/api/account/export', headers: cookie ? { cookie } : {} });
const deleteAccount = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'DELETE', url: '/api/account', headers: cookie ? { cookie } : {}, payload: payload as object });

/** A completed rental of the owner's vehicle by the renter, reviewed by the renter. */
async function reviewedRental(owner: { user: { id: string }; cookie: string }, renter: { cookie: string }) {
  const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, make: 'Skoda', model: 'Octavia', pricePerDayCents: 5_000 });
  const booked = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-02'])).json<{ id: string }>();
  t.clock.set('2026-06-03T10:00:00Z');
  expect((await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${booked.id}`)).statusCode).toBe(200);
  // The owner rates the renter first, so the renter's review is published at once (double-blind, issue 27).
  const rated = await t.app.inject({
    method: 'POST',
    url: `/api/rental/renter-review/${booked.id}`,
    headers: { cookie: owner.cookie },
    payload: { starRating: 5 },
  });
  expect(rated.statusCode).toBe(200);
  const reviewed = await t.app.inject({
    method: 'POST',
    url: '/api/vehiclereview/add',
    headers: { cookie: renter.cookie },
    payload: { rentalId: booked.id, vehicleId: vehicle.id, starRating: 4, comment: 'Clean and on time.' },
  });
  expect(reviewed.statusCode).toBe(200);
  return { vehicle, rentalId: booked.id };
}

describe('GET /api/account/export', () => {
  it('needs a session', async () => {
    expect((await exportOf(undefined)).statusCode).toBe(401);
  });

  it("downloads the owner's own data as one JSON document of the documented shape, and is audited", async () => {
    const owner = await createFundedUser(t, 0);
    const renter = await createFundedUser(t, 100);
    const { vehicle } = await reviewedRental(owner, renter);
    await t.database.db
      .insert(vehicleImages)
      .values({ vehicleId: vehicle.id, position: 9, largePath: 'images/vehicles/a.webp', thumbPath: 'images/vehicles/a-thumb.webp' });
    await t.database.db
      .insert(chatMessages)
      .values({ senderId: renter.user.id, receiverId: owner.user.id, text: 'Is it free on Sunday?', sentAt: t.clock.now() });

    const res = await exportOf(renter.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="rentdrive-account-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const doc: AccountExport = AccountExportSchema.parse(res.json());
    expect(doc.account).toMatchObject({ id: renter.user.id, username: renter.user.username, email: renter.user.email });
    expect(doc.rentals).toEqual([
      expect.objectContaining({ role: 'renter', vehicle: 'Skoda Octavia', status: 'Completed', totalCents: 5_000 }),
    ]);
    expect(doc.reviewsWritten).toEqual([
      expect.objectContaining({ about: 'vehicle', starRating: 4, comment: 'Clean and on time.', reviewer: renter.user.username }),
    ]);
    // The owner's rating of the renter, published with the renter's review (issue 27).
    expect(doc.reviewsReceived).toEqual([
      expect.objectContaining({ about: 'renter', starRating: 5, reviewer: owner.user.username, publishedAt: expect.any(String) }),
    ]);
    expect(doc.walletTransactions.map((p) => [p.type, p.amountCents])).toEqual([
      ['Deposit', 10_000],
      ['Rental Payment', -5_000],
    ]);
    expect(doc.chatMessages).toEqual([
      expect.objectContaining({ direction: 'sent', partner: owner.user.username, text: 'Is it free on Sunday?' }),
    ]);

    const ownerDoc = AccountExportSchema.parse((await exportOf(owner.cookie)).json());
    expect(ownerDoc.account.id).toBe(owner.user.id);
    expect(ownerDoc.vehicles.map((v) => v.id)).toEqual([vehicle.id]);
    expect(ownerDoc.vehicles[0]!.images.at(-1)).toEqual({
      url: expect.stringMatching(/^https?:\/\/[^/]+\/images\/vehicles\/a\.webp$/),
      thumbnailUrl: expect.stringMatching(/\/images\/vehicles\/a-thumb\.webp$/),
    });
    expect(ownerDoc.reviewsReceived).toEqual([
      expect.objectContaining({ about: 'vehicle', reviewer: renter.user.username, starRating: 4 }),
    ]);
    expect(ownerDoc.reviewsWritten).toEqual([expect.objectContaining({ about: 'renter', starRating: 5 })]);
    expect(ownerDoc.rentals).toEqual([expect.objectContaining({ role: 'owner', renter: renter.user.username })]);
    expect(ownerDoc.notifications.length).toBeGreaterThan(0);
    // Nobody else's data: the renter's e-mail is nowhere in the owner's document.
    expect(JSON.stringify(ownerDoc)).not.toContain(renter.user.email);

    const audited = await t.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, renter.user.id));
    expect(audited.map((e) => [e.action, e.actorId])).toContainEqual(['account.export', renter.user.id]);
  });

  it('leaves out reviews about the user still waiting for publication (double-blind); the own ones are there, marked unpublished', async () => {
    t.clock.set('2026-06-01T10:00:00Z');
    const owner = await createFundedUser(t, 0);
    const renter = await createFundedUser(t, 200);
    const completed = async () => {
      const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, make: 'Seat', model: 'Leon', pricePerDayCents: 5_000 });
      t.clock.set('2026-06-01T10:00:00Z');
      const booked = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-02'])).json<{ id: string }>();
      t.clock.set('2026-06-03T10:00:00Z');
      expect((await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${booked.id}`)).statusCode).toBe(200);
      return { vehicleId: vehicle.id, rentalId: booked.id };
    };
    const rateRenter = (rentalId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/rental/renter-review/${rentalId}`,
        headers: { cookie: owner.cookie },
        payload: { starRating: 2, comment: 'Returned it late and dirty.' },
      });
    const reviewVehicle = (rental: { vehicleId: string; rentalId: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/vehiclereview/add',
        headers: { cookie: renter.cookie },
        payload: { ...rental, starRating: 3, comment: 'The brakes squeaked.' },
      });
    const docOf = async (cookie: string) => AccountExportSchema.parse((await exportOf(cookie)).json());

    // The owner rated the renter; the renter has not reviewed yet: hidden from the renter.
    const first = await completed();
    expect((await rateRenter(first.rentalId)).statusCode).toBe(200);
    const renterDoc = await docOf(renter.cookie);
    expect(renterDoc.reviewsReceived).toEqual([]);
    expect(JSON.stringify(renterDoc)).not.toContain('Returned it late and dirty.');
    expect((await docOf(owner.cookie)).reviewsWritten).toEqual([
      expect.objectContaining({ about: 'renter', rentalId: first.rentalId, starRating: 2, publishedAt: null }),
    ]);

    // The renter reviewed another rental first: hidden from the owner, the renter's own copy unpublished.
    const second = await completed();
    expect((await reviewVehicle(second)).statusCode).toBe(200);
    const ownerDoc = await docOf(owner.cookie);
    expect(ownerDoc.reviewsReceived).toEqual([]);
    expect(JSON.stringify(ownerDoc)).not.toContain('The brakes squeaked.');
    expect((await docOf(renter.cookie)).reviewsWritten).toEqual([
      expect.objectContaining({ about: 'vehicle', rentalId: second.rentalId, starRating: 3, publishedAt: null }),
    ]);

    // Once both sides of the first rental wrote, both reviews are published and each side sees the other's.
    expect((await reviewVehicle(first)).statusCode).toBe(200);
    expect((await docOf(renter.cookie)).reviewsReceived).toEqual([
      expect.objectContaining({
        about: 'renter',
        rentalId: first.rentalId,
        reviewer: owner.user.username,
        starRating: 2,
        comment: 'Returned it late and dirty.',
        publishedAt: expect.any(String),
      }),
    ]);
    expect((await docOf(owner.cookie)).reviewsReceived).toEqual([
      expect.objectContaining({ about: 'vehicle', rentalId: first.rentalId, starRating: 3, publishedAt: expect.any(String) }),
    ]);
  });

  it('streams a large account in many chunks, reading it in batches', async () => {
    const user = await createUser(t.database);
    const partner = await createUser(t.database);
    const count = EXPORT_BATCH_SIZE * 6 + 7;
    await t.database.db.execute(sql`
      insert into chat_messages (sender_id, receiver_id, text, sent_at)
      select ${user.id}::uuid, ${partner.id}::uuid, 'message ' || n || ' ' || repeat('x', 200), now() from generate_series(1, ${count}) n`);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: { cookie: await signIn(t.database, user) },
      payloadAsStream: true,
    });
    expect(res.statusCode).toBe(200);
    const chunks: Buffer[] = [];
    for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
    const doc = AccountExportSchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    expect(doc.chatMessages).toHaveLength(count);
    expect(doc.chatMessages[count - 1]!.text).toMatch(/^message \d+ x+$/);
    // Written as it was read: the ~700 KB document arrives in dozens of pieces, none holding it all.
    expect(chunks.length).toBeGreaterThan(20);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(64 * 1024);
  });
});

describe('DELETE /api/account', () => {
  it('needs a session and the right password (400 naming the field)', async () => {
    expect((await deleteAccount(undefined, { password: TEST_PASSWORD })).statusCode).toBe(401);
    const user = await createFundedUser(t, 0);
    const wrong = await deleteAccount(user.cookie, { password: 'Wrong0ne' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.password).toEqual(['The password is incorrect.']);
    expect((await deleteAccount(user.cookie, {})).statusCode).toBe(400);
  });

  it('is refused with 409 and the reason while the wallet holds money', async () => {
    const user = await createFundedUser(t, 25);
    const res = await deleteAccount(user.cookie, { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ reasons: ['wallet-balance'], detail: expect.stringContaining('Your wallet still holds money') });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row!.deletedAt).toBeNull();
  });

  it('is refused while a rental is requested or active, for the renter and the owner', async () => {
    const owner = await createFundedUser(t, 0);
    const renter = await createFundedUser(t, 50);
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 5_000 });
    expect((await rent(t.app, renter.cookie, vehicle.id, ['2026-06-05'])).statusCode).toBe(200);
    expect((await deleteAccount(renter.cookie, { password: TEST_PASSWORD })).json().reasons).toEqual(['open-rental']);
    expect((await deleteAccount(owner.cookie, { password: TEST_PASSWORD })).json().reasons).toEqual(['open-rental']);
  });

  it('erases the person, keeps a Deleted user tombstone with the figures, ends sessions and reserves the name for 30 days', async () => {
    const owner = await createFundedUser(t, 0);
    const registered = await registerThroughApi(t.app);
    const renterCookie = registered.cookie;
    const renterName = registered.username;
    // Spend everything the renter tops up, so the wallet is empty when the account goes.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/wallet/add-funds',
          headers: { cookie: renterCookie },
          payload: { amount: 50, cardHolderName: 'A B', cardNumber: '4242 4242 4242 4242', cvv: '123', expiryMonth: 12, expiryYear: 2030 },
        })
      ).statusCode,
    ).toBe(200);
    const [renterRow] = await t.database.db.select().from(users).where(eq(users.username, renterName));
    const { vehicle } = await reviewedRental(owner, { cookie: renterCookie });
    await t.database.db
      .insert(chatMessages)
      .values({ senderId: renterRow!.id, receiverId: owner.user.id, text: 'my phone is 0123', sentAt: t.clock.now() });

    const res = await deleteAccount(renterCookie, { password: 'Passw0rd' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

    const [tomb] = await t.database.db.select().from(users).where(eq(users.id, renterRow!.id));
    expect(tomb).toMatchObject({ username: 'Deleted user', phoneNumber: null, deletedAt: expect.any(Date) });
    expect(tomb!.email).not.toContain(renterName);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, renterRow!.id))).toEqual([]);
    const [message] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.senderId, renterRow!.id));
    expect(message!.text).toBe('');
    // The old session is gone; the old name signs in to nothing.
    expect((await exportOf(renterCookie)).statusCode).toBe(401);
    expect((await loginThroughApi(t.app, renterName, 'Passw0rd')).statusCode).toBe(401);
    // The review keeps its stars and reads 'Deleted user'.
    const page = (await t.app.inject({ method: 'GET', url: `/api/vehicle/${vehicle.id}` })).json();
    expect(page.vehicleReviews).toEqual([expect.objectContaining({ username: 'Deleted user', starRating: 4 })]);
    // The owner's export names the renter 'Deleted user'.
    const ownerDoc = AccountExportSchema.parse((await exportOf(owner.cookie)).json());
    expect(ownerDoc.rentals[0]!.renter).toBe('Deleted user');
    // Audited.
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'account.delete'));
    expect(events).toContainEqual(expect.objectContaining({ actorId: renterRow!.id, targetId: renterRow!.id }));

    // The name is reserved for 30 days, then free.
    const again = await t.app.inject({ method: 'POST', url: '/api/account/register', payload: registrationFor(renterName) });
    expect(again.statusCode).toBe(409);
    t.clock.set('2026-07-04T10:00:00Z');
    const later = await t.app.inject({ method: 'POST', url: '/api/account/register', payload: registrationFor(renterName, 'later') });
    expect(later.statusCode).toBe(200);
  });
});

function registrationFor(username: string, suffix = 'again') {
  return { username, email: `${username}.${suffix}@example.com`, password: 'Passw0rd', comfirmedPassword: 'Passw0rd' };
}
