import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages } from '@rentdrive/contracts/account';
import { createUser, createVehicle, signIn, TEST_PASSWORD } from '../../../test/factories';
import { loginThroughApi, registerThroughApi, sessionCookie, uniqueName } from '../../../test/helpers/account';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ledgerAccounts, rentals, reviews } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function addRental(vehicleId: string, renterId: string, status: 'Active' | 'Completed' | 'Cancelled', totalCents = 10_000) {
  const [rental] = await t.database.db
    .insert(rentals)
    .values({
      vehicleId,
      renterId,
      status,
      startDate: '2026-05-01',
      endDate: '2026-05-02',
      pricePerDayCents: totalCents / 2,
      totalCents,
      bookedAt: new Date('2026-04-01T00:00:00Z'),
    })
    .returning();
  return rental!;
}

async function addReview(vehicleId: string, reviewerId: string, starRating: number) {
  const rental = await addRental(vehicleId, reviewerId, 'Completed');
  await t.database.db
    .insert(reviews)
    .values({ rentalId: rental.id, vehicleId, reviewerId, starRating, createdAt: new Date('2026-05-03T00:00:00Z') });
}

describe('signed-out callers', () => {
  it.each([
    ['GET', '/api/account/me'],
    ['GET', '/api/account/overview-details'],
    ['GET', '/api/account/user-profile-details'],
    ['PUT', '/api/account/update-profile-details'],
    ['POST', '/api/account/update-password'],
  ] as const)('%s %s answers 401 problem+json', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 401, code: 'not_authenticated' });
  });
});

describe('GET /api/account/me', () => {
  it('answers the current user with balances in euros', async () => {
    const user = await createUser(t.database, {
      phoneNumber: '+4915112345678',
      isCompanyEmployee: true,
      createdAt: new Date('2025-02-03T04:05:06Z'),
    });
    await t.database.db
      .update(ledgerAccounts)
      .set({ balanceCents: 12_345, withdrawableCents: 12_345 })
      .where(eq(ledgerAccounts.userId, user.id));
    // Someone rents the user's vehicle: the owner's 80 % share of the Active rental is pending.
    const renter = await createUser(t.database);
    const vehicle = await createVehicle(t.database, { ownerId: user.id });
    await addRental(vehicle.id, renter.id, 'Active', 10_050);
    const res = await get('/api/account/me', await signIn(t.database, user));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      userName: user.username,
      username: user.username,
      email: user.email,
      phoneNumber: '+4915112345678',
      memberSince: '2025-02-03T04:05:06.000Z',
      isCompanyEmployee: true,
      balance: 123.45,
      pendingBalance: 80.4,
      withdrawableBalance: 123.45,
      refundableToCard: 0,
      // An account from before languages (the factory sets none) reads English.
      language: 'en',
    });
  });

  it('answers a path in odd case with a trailing slash', async () => {
    const user = await createUser(t.database);
    const res = await get('/API/ACCOUNT/Me/', await signIn(t.database, user));
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(user.id);
  });
});

describe('GET /api/account/session', () => {
  it('answers user null to a signed-out caller with 200, and the same user as /me when signed in', async () => {
    const signedOut = await get('/api/account/session');
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ user: null });
    const cookie = await signIn(t.database, await createUser(t.database));
    const res = await get('/api/account/session', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ user: (await get('/api/account/me', cookie)).json() });
  });
});

describe('GET /api/account/overview-details', () => {
  it('computes the counts and rating from the real tables', async () => {
    const owner = await createUser(t.database, { createdAt: new Date('2025-06-07T08:00:00Z') });
    const other = await createUser(t.database);
    const reviewer = await createUser(t.database);
    const first = await createVehicle(t.database, { ownerId: owner.id });
    const second = await createVehicle(t.database, { ownerId: owner.id });
    const deleted = await createVehicle(t.database, { ownerId: owner.id, deletedAt: new Date('2026-01-01T00:00:00Z') });
    const notOwned = await createVehicle(t.database, { ownerId: other.id });
    await addReview(first.id, reviewer.id, 5);
    await addReview(second.id, reviewer.id, 4);
    await addReview(deleted.id, reviewer.id, 4); // the owner's history counts even after deleting the vehicle
    await addReview(notOwned.id, reviewer.id, 1);
    // The owner's own rentals as renter: two completed, one active, one cancelled.
    await addRental(notOwned.id, owner.id, 'Completed');
    await addRental(notOwned.id, owner.id, 'Completed');
    await addRental(notOwned.id, owner.id, 'Active');
    await addRental(notOwned.id, owner.id, 'Cancelled');

    const res = await get('/api/account/overview-details', await signIn(t.database, owner));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      username: owner.username,
      email: owner.email,
      phoneNumber: 'N/A',
      memberSince: '2025-06-07T08:00:00.000Z',
      completedRentalsCount: 2,
      userRating: 4.3, // (5 + 4 + 4) / 3 = 4.33
      vehiclesListedCount: 2,
    });
  });

  it('answers real zeros for a new user', async () => {
    const user = await registerThroughApi(t.app);
    const res = await get('/api/account/overview-details', user.cookie);
    expect(res.json()).toMatchObject({ completedRentalsCount: 0, userRating: 0, vehiclesListedCount: 0, phoneNumber: 'N/A' });
  });

  it('shows the phone number when there is one', async () => {
    const user = await createUser(t.database, { phoneNumber: '12345678' });
    expect((await get('/api/account/overview-details', await signIn(t.database, user))).json().phoneNumber).toBe('12345678');
  });
});

describe('profile details', () => {
  it('GET user-profile-details answers username, email and phone', async () => {
    const user = await createUser(t.database);
    const res = await get('/api/account/user-profile-details', await signIn(t.database, user));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: user.username, email: user.email, phoneNumber: null });
  });

  it('PUT update-profile-details saves and answers the new details', async () => {
    const user = await createUser(t.database);
    const cookie = await signIn(t.database, user);
    const username = uniqueName('n');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/update-profile-details',
      headers: { cookie },
      payload: { Username: ` ${username} `, Email: `${username}@example.org`, PhoneNumber: '+35799123456' },
    });
    expect(res.statusCode).toBe(200);
    // A new address waits for its verification link (issue 25): the account keeps its current one till then.
    expect(res.json()).toEqual({ username, email: user.email, phoneNumber: '+35799123456' });
    expect((await get('/api/account/user-profile-details', cookie)).json()).toEqual(res.json());
    expect((await get('/api/account/me', cookie)).json()).toMatchObject({ username, userName: username });
    // The new name signs in; the old one no longer does.
    expect((await loginThroughApi(t.app, username, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await loginThroughApi(t.app, user.username, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('accepts a phone typed with spaces, dashes and brackets and stores its digits', async () => {
    const user = await createUser(t.database);
    const cookie = await signIn(t.database, user);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/update-profile-details',
      headers: { cookie },
      payload: { username: user.username, email: user.email, phoneNumber: '+49 (151) 1234-5678' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().phoneNumber).toBe('+4915112345678');
    expect((await get('/api/account/user-profile-details', cookie)).json().phoneNumber).toBe('+4915112345678');
  });

  it('clears the phone number when it is empty or missing', async () => {
    const user = await createUser(t.database, { phoneNumber: '12345678' });
    const cookie = await signIn(t.database, user);
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/account/update-profile-details', headers: { cookie }, payload });
    expect((await put({ username: user.username, email: user.email, phoneNumber: '' })).json().phoneNumber).toBeNull();
    await put({ username: user.username, email: user.email, phoneNumber: '12345678' });
    expect((await put({ username: user.username, email: user.email })).json().phoneNumber).toBeNull();
    await put({ username: user.username, email: user.email, phoneNumber: '12345678' });
    expect((await put({ username: user.username, email: user.email, phoneNumber: null })).json().phoneNumber).toBeNull();
  });

  it('lets users change the case of their own username and email', async () => {
    const user = await createUser(t.database);
    const cookie = await signIn(t.database, user);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/update-profile-details',
      headers: { cookie },
      payload: { username: user.username.toUpperCase(), email: user.email.toUpperCase() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(user.username.toUpperCase());
  });

  it.each([
    ['short username', { username: 'ab' }, 'username', AccountMessages.usernameMin],
    ['long username', { username: 'x'.repeat(21) }, 'username', AccountMessages.usernameMax],
    ['missing username', { username: undefined }, 'username', AccountMessages.usernameRequired],
    ['missing email', { email: '' }, 'email', AccountMessages.emailRequired],
    ['invalid email', { email: 'someone@nowhere' }, 'email', AccountMessages.emailInvalid],
    ['phone with letters', { phoneNumber: '12345abc' }, 'phoneNumber', AccountMessages.phoneInvalid],
    ['phone too short', { phoneNumber: '1234567' }, 'phoneNumber', AccountMessages.phoneInvalid],
    ['phone too long', { phoneNumber: '+1234567890123456' }, 'phoneNumber', AccountMessages.phoneInvalid],
  ])('refuses a %s with 400 and the message', async (_name, overrides, field, message) => {
    const user = await createUser(t.database);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/update-profile-details',
      headers: { cookie: await signIn(t.database, user) },
      payload: { username: user.username, email: user.email, phoneNumber: '', ...overrides },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toContain(message);
  });

  it('refuses a username or email another user holds (any case) with 409 and field errors', async () => {
    const taken = await createUser(t.database);
    const user = await createUser(t.database);
    const cookie = await signIn(t.database, user);
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/account/update-profile-details', headers: { cookie }, payload });
    const byName = await put({ username: taken.username.toUpperCase(), email: user.email });
    expect(byName.statusCode).toBe(409);
    expect(byName.json()).toMatchObject({ code: 'username_taken', errors: { username: [AccountMessages.usernameTaken] } });
    const byEmail = await put({ username: user.username, email: taken.email.toUpperCase() });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toMatchObject({ code: 'email_taken', errors: { email: [AccountMessages.emailTaken] } });
    expect((await get('/api/account/user-profile-details', cookie)).json().username).toBe(user.username);
  });
});

describe('POST /api/account/update-password', () => {
  const change = (cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/account/update-password', headers: { cookie }, payload });

  it('changes the password and ends the other sessions, keeping this one', async () => {
    const user = await registerThroughApi(t.app);
    const otherDevice = sessionCookie(await loginThroughApi(t.app, user.username))!;
    const res = await change(user.cookie, { CurrentPassword: user.password, NewPassword: 'NewPassw0rd', ConfirmPassword: 'NewPassw0rd' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ succeeded: true });
    expect((await get('/api/account/me', user.cookie)).statusCode).toBe(200);
    expect((await get('/api/account/me', otherDevice)).statusCode).toBe(401);
    expect((await loginThroughApi(t.app, user.username, user.password)).statusCode).toBe(401);
    expect((await loginThroughApi(t.app, user.username, 'NewPassw0rd')).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 on currentPassword and changes nothing', async () => {
    const user = await registerThroughApi(t.app);
    const res = await change(user.cookie, { currentPassword: 'Wrong0ne', newPassword: 'NewPassw0rd', confirmPassword: 'NewPassw0rd' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      detail: AccountMessages.currentPasswordIncorrect,
      errors: { currentPassword: [AccountMessages.currentPasswordIncorrect] },
    });
    expect((await loginThroughApi(t.app, user.username, user.password)).statusCode).toBe(200);
  });

  it.each([
    ['missing current password', { currentPassword: '' }, 'currentPassword', AccountMessages.currentPasswordRequired],
    ['short new password', { newPassword: 'Ab1', confirmPassword: 'Ab1' }, 'newPassword', AccountMessages.passwordMin],
    [
      'long new password',
      { newPassword: 'Abcdefghij1234567890x', confirmPassword: 'Abcdefghij1234567890x' },
      'newPassword',
      AccountMessages.passwordMax,
    ],
    [
      'new password without lowercase',
      { newPassword: 'NEWPASSW0RD', confirmPassword: 'NEWPASSW0RD' },
      'newPassword',
      AccountMessages.passwordLower,
    ],
    [
      'new password without uppercase',
      { newPassword: 'newpassw0rd', confirmPassword: 'newpassw0rd' },
      'newPassword',
      AccountMessages.passwordUpper,
    ],
    [
      'new password without digit',
      { newPassword: 'NewPassword', confirmPassword: 'NewPassword' },
      'newPassword',
      AccountMessages.passwordDigit,
    ],
    ['missing confirmation', { confirmPassword: '' }, 'confirmPassword', AccountMessages.confirmRequired],
    ['different confirmation', { confirmPassword: 'NewPassw0rd2' }, 'confirmPassword', AccountMessages.newPasswordsMismatch],
  ])('refuses a %s with 400 and the message', async (_name, overrides, field, message) => {
    const user = await registerThroughApi(t.app);
    const res = await change(user.cookie, {
      currentPassword: user.password,
      newPassword: 'NewPassw0rd',
      confirmPassword: 'NewPassw0rd',
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toContain(message);
  });
});
