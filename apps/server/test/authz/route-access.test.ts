import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, damageClaims, mailOutbox, moderationDecisions, rentals, reports } from '../../src/db/schema/index';
import type { RouteAccess } from '../../src/plugins/route-access';
import { createCategory, createProperty, createUser, createVehicle, createVehicleType, signIn, TEST_PASSWORD } from '../factories';
import { earn } from '../helpers/money';
import { createTestApp, type TestApp } from '../test-app';

/**
 * Authorization from the route table: every registered route declares who may call it, and each is
 * called as anonymous, a stranger, the owner of the object it names and an employee, with real
 * objects made fresh for every call. The answer must match the declaration:
 *   public             everyone gets the route's normal answer
 *   user               anonymous 401; every signed-in caller the normal answer
 *   owner              anonymous 401; stranger and employee 403 or 404; the owner the normal answer
 *   owner-or-employee  as owner, and the employee gets the normal answer too
 *   employee           anonymous 401; stranger and owner 403; the employee the normal answer
 * A route without a declaration, or without a case here, fails: a new endpoint must say who may call it.
 */

type Role = 'anonymous' | 'stranger' | 'owner' | 'employee';
const ROLES: Role[] = ['anonymous', 'stranger', 'employee', 'owner'];
type Expectation = 'ok' | 401 | 403 | 'denied';

const EXPECTED: Record<RouteAccess, Record<Role, Expectation>> = {
  public: { anonymous: 'ok', stranger: 'ok', owner: 'ok', employee: 'ok' },
  user: { anonymous: 401, stranger: 'ok', owner: 'ok', employee: 'ok' },
  owner: { anonymous: 401, stranger: 'denied', owner: 'ok', employee: 'denied' },
  'owner-or-employee': { anonymous: 401, stranger: 'denied', owner: 'ok', employee: 'ok' },
  employee: { anonymous: 401, stranger: 403, owner: 403, employee: 'ok' },
};

const CLOCK_START = '2026-06-01T10:00:00Z';
const DAY_MS = 86_400_000;

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let people: Record<Exclude<Role, 'anonymous'>, User> & { host: User };
let catalogue: { typeId: number; categoryId: number };
let png: Buffer;
let nextIp = 1;

interface Call {
  url: string;
  payload?: string | Buffer | Record<string, unknown>;
  headers?: Record<string, string>;
  /** Statuses that count as the route's normal answer (default: any 2xx). */
  ok?: number[];
}
/** Builds the request for one call by `caller` (undefined: anonymous), with fresh objects owned by the owner. */
type Case = (caller: User | undefined) => Promise<Call>;

const day = (offset: number) => new Date(t.clock.now().getTime() + offset * DAY_MS).toISOString().slice(0, 10);

async function cookieOf(user: User): Promise<string> {
  return signIn(t.database, user);
}

async function inject(method: string, call: Call, cookie?: string) {
  return t.app.inject({
    method: method as 'GET',
    url: call.url,
    payload: call.payload,
    headers: { ...call.headers, ...(cookie ? { cookie } : {}) },
    remoteAddress: `10.1.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`,
  });
}

async function ok(method: string, url: string, cookie: string, payload?: Call['payload']) {
  const response = await inject(method, { url, payload }, cookie);
  if (response.statusCode >= 300) throw new Error(`fixture ${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response;
}

const vehicleOf = (owner: User) =>
  createVehicle(t.database, { ownerId: owner.id, vehicleTypeId: catalogue.typeId, vehicleTypeCategoryId: catalogue.categoryId });

/** A rental by `renter` of a fresh vehicle of the host, starting `startOffset` days from today. */
async function rentalOf(renter: User, startOffset = 5): Promise<string> {
  const vehicle = await vehicleOf(people.host);
  const response = await ok('POST', `/api/rental/rent/${vehicle.id}`, await cookieOf(renter), { bookedDates: [day(startOffset)] });
  return response.json<{ id: string }>().id;
}

const BOOKING_RULES = {
  bookingMode: 'request',
  cancellationPolicy: 'moderate',
  weeklyDiscountPercent: 10,
  monthlyDiscountPercent: 20,
  minDays: 1,
  maxDays: null,
  advanceNoticeDays: 0,
  deposit: 0,
};

/** A booking request (issue 27) by the stranger for a fresh vehicle of the owner's that is booked on request. */
async function requestOnOwnersVehicle(): Promise<string> {
  const vehicle = await vehicleOf(people.owner);
  await ok('PUT', `/api/vehicle/booking-rules/${vehicle.id}`, await cookieOf(people.owner), BOOKING_RULES);
  const response = await ok('POST', `/api/rental/rent/${vehicle.id}`, await cookieOf(people.stranger), { bookedDates: [day(5)] });
  return response.json<{ id: string }>().id;
}

/** Issue 27: an accepted booking by the stranger of a fresh vehicle of the owner's, starting in `startOffset` days. */
async function bookingOnOwnersVehicle(startOffset = 5): Promise<string> {
  const vehicle = await vehicleOf(people.owner);
  const response = await ok('POST', `/api/rental/rent/${vehicle.id}`, await cookieOf(people.stranger), { bookedDates: [day(startOffset)] });
  return response.json<{ id: string }>().id;
}

/** Issue 27: a completed rental by the stranger of a vehicle of the owner's (moves the clock two days on). */
async function completedBookingOnOwnersVehicle(): Promise<string> {
  const id = await bookingOnOwnersVehicle(1);
  t.clock.advanceDays(2);
  await ok('POST', `/api/rental/confirm-rental/${id}`, await cookieOf(people.stranger));
  return id;
}

/** A rental of the owner's that ended yesterday and is still Active (moves the clock two days on). */
async function endedRentalOfOwner(): Promise<string> {
  const id = await rentalOf(people.owner, 1);
  t.clock.advanceDays(2);
  return id;
}

function multipart(fields: Record<string, string>, withImage: boolean, imageField = 'Images') {
  const boundary = `----authz${randomUUID().replaceAll('-', '')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (withImage) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${imageField}"; filename="car.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const vehicleFields = () => ({
  Make: 'Skoda',
  Model: 'Octavia',
  Color: 'Green',
  PricePerDay: '45',
  FuelType: 'Petrol',
  DateOfProduction: '2019-03-15',
  CurbWeightInKg: '1350',
  Description: 'Roomy estate car.',
  VehicleTypeId: String(catalogue.typeId),
  VehicleTypeCategoryId: String(catalogue.categoryId),
  isCompanyProperty: 'false',
});

/** A hub connection of the owner's (negotiated, optionally with its long poll attached). */
async function ownerConnection(attach: boolean): Promise<string> {
  const cookie = await cookieOf(people.owner);
  const negotiated = await ok('POST', '/chat/negotiate?negotiateVersion=1', cookie);
  const token = negotiated.json<{ connectionToken: string }>().connectionToken;
  if (attach) await ok('GET', `/chat?id=${encodeURIComponent(token)}`, cookie);
  return token;
}

/** Issue 27: a rental of a vehicle of `owner`'s by `renter`, completed now, with a deposit (written straight to the database). */
async function completedRentalRow(owner: User, renter: User, depositCents: number): Promise<string> {
  const vehicle = await vehicleOf(owner);
  const now = t.clock.now();
  const [row] = await t.database.db
    .insert(rentals)
    .values({
      ...{ vehicleId: vehicle.id, renterId: renter.id, status: 'Completed', startDate: day(-2), endDate: day(-1) },
      ...{ pricePerDayCents: 1000, totalCents: 1000, bookedAt: now, completedAt: now, depositCents },
    })
    .returning({ id: rentals.id });
  return row!.id;
}

/** Issue 27: an open damage claim of `owner` on a completed rental of `renter` (no deposit: deciding it moves no money). */
async function claimRow(owner: User, renter: User): Promise<{ rentalId: string; claimId: string }> {
  const rentalId = await completedRentalRow(owner, renter, 0);
  const [claim] = await t.database.db
    .insert(damageClaims)
    .values({ rentalId, ownerId: owner.id, renterId: renter.id, description: 'Dent.', amountCents: 100, openedAt: t.clock.now() })
    .returning({ id: damageClaims.id });
  return { rentalId, claimId: claim!.id };
}

const uniqueName = () => `u${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const newType = async () => (await createVehicleType(t.database)).id;

/** One case per route (HEAD uses its GET's case). The key is the method and the registered path. */
const CASES: Record<string, Case> = {
  // Plugins and infrastructure
  'OPTIONS *': async () => ({ url: '/api/health', ok: [204] }),
  'GET /api/docs': async () => ({ url: '/api/docs', ok: [200, 302] }),
  'GET /api/docs/static/index.html': async () => ({ url: '/api/docs/static/index.html', ok: [200, 302] }),
  'GET /api/docs/static/swagger-initializer.js': async () => ({ url: '/api/docs/static/swagger-initializer.js' }),
  'GET /api/docs/json': async () => ({ url: '/api/docs/json' }),
  'GET /api/docs/yaml': async () => ({ url: '/api/docs/yaml' }),
  'GET /api/docs/static/*': async () => ({ url: '/api/docs/static/swagger-ui.css' }),
  'GET /images/*': async () => ({ url: '/images/authz/probe.txt' }),
  // Without a web build the page route answers the not-found problem, for everyone alike.
  'GET /*': async () => ({ url: '/some/page', ok: [404] }),
  'GET /robots.txt': async () => ({ url: '/robots.txt' }),
  'GET /sitemap.xml': async () => ({ url: '/sitemap.xml' }),
  'GET /api/health': async () => ({ url: '/api/health' }),
  'GET /api/ready': async () => ({ url: '/api/ready' }),
  'GET /api/base/fuel-types': async () => ({ url: '/api/base/fuel-types' }),
  'GET /api/base/value-types': async () => ({ url: '/api/base/value-types' }),
  'GET /api/base/units': async () => ({ url: '/api/base/units' }),
  'POST /api/contact': async () => ({
    url: '/api/contact',
    payload: { name: 'Ann', surname: 'Visitor', email: 'ann@example.com', message: 'A question about renting.' },
  }),

  // Account
  'POST /api/account/register': async () => {
    const name = uniqueName();
    return {
      url: '/api/account/register',
      payload: { username: name, email: `${name}@example.com`, password: TEST_PASSWORD, comfirmedPassword: TEST_PASSWORD },
    };
  },
  'POST /api/account/login': async () => {
    const user = await createUser(t.database);
    return { url: '/api/account/login', payload: { emailOrUsername: user.username, password: TEST_PASSWORD } };
  },
  'POST /api/account/logout': async () => ({ url: '/api/account/logout' }),
  'GET /api/account/me': async () => ({ url: '/api/account/me' }),
  'GET /api/account/session': async () => ({ url: '/api/account/session' }),
  'GET /api/account/overview-details': async () => ({ url: '/api/account/overview-details' }),
  'GET /api/account/user-profile-details': async () => ({ url: '/api/account/user-profile-details' }),
  'PUT /api/account/update-profile-details': async (caller) => ({
    url: '/api/account/update-profile-details',
    payload: { username: caller?.username ?? uniqueName(), email: caller?.email ?? 'x@example.com', phoneNumber: '' },
  }),
  'POST /api/account/update-password': async () => ({
    url: '/api/account/update-password',
    payload: { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
  }),
  'PUT /api/account/language': async () => ({ url: '/api/account/language', payload: { language: 'de' } }),
  // Recovery: public (a stranger to the account asks for it); a token nobody was sent is the 400 every caller gets.
  'POST /api/account/forgot-password': async () => ({
    url: '/api/account/forgot-password',
    payload: { emailOrUsername: people.host.username },
  }),
  'POST /api/account/reset-password': async () => ({
    url: '/api/account/reset-password',
    payload: { token: 'A'.repeat(43), newPassword: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
    ok: [400],
  }),
  'POST /api/account/verify-email': async () => ({ url: '/api/account/verify-email', payload: { token: 'A'.repeat(43) }, ok: [400] }),
  'POST /api/account/resend-verification': async () => ({ url: '/api/account/resend-verification' }),
  'GET /api/account/email-status': async () => ({ url: '/api/account/email-status' }),
  // The development mailbox (never registered in production): anyone on the developer's machine.
  'GET /dev/mailbox': async () => ({ url: '/dev/mailbox' }),
  'GET /dev/mailbox/:id': async () => ({ url: `/dev/mailbox/${await anyMessageId()}` }),
  'GET /dev/mailbox/:id/html': async () => ({ url: `/dev/mailbox/${await anyMessageId()}/html` }),
  // One-click unsubscribe: public (the signed token is the permission); a token nobody signed is the 400 every caller gets.
  'POST /api/mail/unsubscribe': async () => ({ url: '/api/mail/unsubscribe?token=x.booking-confirmed.y', ok: [400] }),
  'GET /api/mail/preferences': async () => ({ url: '/api/mail/preferences' }),
  'PUT /api/mail/preferences': async () => ({ url: '/api/mail/preferences', payload: { kind: 'review-received', email: true } }),
  // The operator's view of undelivered mail: employees only. Without SMTP here a retry is the 409 'no mail server'.
  'GET /api/mail/outbox': async () => ({ url: '/api/mail/outbox' }),
  'POST /api/mail/outbox/:id/retry': async () => ({ url: `/api/mail/outbox/${await anyMessageId()}/retry`, ok: [409] }),

  // Catalogue: reads public, writes for employees
  'GET /api/vehicletype/types': async () => ({ url: '/api/vehicletype/types' }),
  'GET /api/catalogue/translations': async () => ({ url: '/api/catalogue/translations' }),
  'POST /api/vehicletype/create': async () => ({ url: '/api/vehicletype/create', payload: { name: `Type ${uniqueName()}` } }),
  'PUT /api/vehicletype/edit/:id': async () => ({
    url: `/api/vehicletype/edit/${await newType()}`,
    payload: { name: `Type ${uniqueName()}` },
  }),
  'DELETE /api/vehicletype/delete/:id': async () => ({ url: `/api/vehicletype/delete/${await newType()}` }),
  'GET /api/vehicletypecategory/all': async () => ({ url: '/api/vehicletypecategory/all' }),
  'POST /api/vehicletypecategory/create': async () => ({
    url: '/api/vehicletypecategory/create',
    payload: { name: `Category ${uniqueName()}`, description: 'Small cars', vehicleTypeId: catalogue.typeId },
  }),
  'PUT /api/vehicletypecategory/edit/:id': async () => {
    const category = await createCategory(t.database, catalogue.typeId);
    return {
      url: `/api/vehicletypecategory/edit/${category.id}`,
      payload: { name: `Category ${uniqueName()}`, description: 'Small cars', vehicleTypeId: catalogue.typeId },
    };
  },
  'DELETE /api/vehicletypecategory/delete/:id': async () => ({
    url: `/api/vehicletypecategory/delete/${(await createCategory(t.database, catalogue.typeId)).id}`,
  }),
  'GET /api/vehicletypeproperty/types/properties': async () => ({ url: '/api/vehicletypeproperty/types/properties' }),
  'POST /api/vehicletypeproperty/create': async () => ({
    url: '/api/vehicletypeproperty/create',
    payload: { name: `Seats ${uniqueName()}`, valueType: 1, unitOfMeasurement: 0, vehicleTypeId: await newType() },
  }),
  'PUT /api/vehicletypeproperty/edit/:id': async () => {
    const typeId = await newType();
    const property = await createProperty(t.database, typeId);
    return {
      url: `/api/vehicletypeproperty/edit/${property.id}`,
      payload: { name: `Seats ${uniqueName()}`, valueType: 1, unitOfMeasurement: 0, vehicleTypeId: typeId },
    };
  },
  'DELETE /api/vehicletypeproperty/delete/:id': async () => ({
    url: `/api/vehicletypeproperty/delete/${(await createProperty(t.database, await newType())).id}`,
  }),

  // Vehicles
  'GET /api/vehicle/:id': async () => ({ url: `/api/vehicle/${(await vehicleOf(people.owner)).id}` }),
  'GET /api/vehicle/edit/:id': async () => ({ url: `/api/vehicle/edit/${(await vehicleOf(people.owner)).id}` }),
  'DELETE /api/vehicle/delete/:id': async () => ({ url: `/api/vehicle/delete/${(await vehicleOf(people.owner)).id}` }),
  // Blocked days: the vehicle's owner (employees only for company vehicles, as for editing).
  'GET /api/vehicle/blocked-days/:vehicleId': async () => ({ url: `/api/vehicle/blocked-days/${(await vehicleOf(people.owner)).id}` }),
  'PUT /api/vehicle/blocked-days/:vehicleId': async () => ({
    url: `/api/vehicle/blocked-days/${(await vehicleOf(people.owner)).id}`,
    payload: { days: [day(10), day(11)] },
  }),
  'GET /api/vehicle/user-vehicles': async () => ({ url: '/api/vehicle/user-vehicles' }),
  // Where a vehicle stands (issue 26): its owner (employees only for company vehicles); suggestions are public.
  'GET /api/vehicle/location/:id': async () => ({ url: `/api/vehicle/location/${(await vehicleOf(people.owner)).id}` }),
  'PUT /api/vehicle/location/:id': async () => ({
    url: `/api/vehicle/location/${(await vehicleOf(people.owner)).id}`,
    payload: { city: 'Lyon', country: 'FR', lat: 45.764, lng: 4.8357 },
  }),
  'GET /api/geo/places': async () => ({ url: '/api/geo/places?q=lyon' }),
  'POST /api/vehicle/create': async () => ({ url: '/api/vehicle/create', ...multipart(vehicleFields(), true) }),
  'PUT /api/vehicle/edit/:id': async () => ({
    url: `/api/vehicle/edit/${(await vehicleOf(people.owner)).id}`,
    ...multipart(vehicleFields(), false),
  }),

  // Favourites: each signed-in user's own list; the card lookup is public
  'GET /api/favourites': async () => ({ url: '/api/favourites' }),
  'PUT /api/favourites/:vehicleId': async () => ({ url: `/api/favourites/${(await vehicleOf(people.host)).id}` }),
  'DELETE /api/favourites/:vehicleId': async () => ({ url: `/api/favourites/${(await vehicleOf(people.host)).id}` }),
  'GET /api/vehicle/cards': async () => ({ url: `/api/vehicle/cards?ids=${(await vehicleOf(people.host)).id}` }),

  // Dashboards (issue 30): every signed-in user's own figures; the marketplace's for employees
  'GET /api/dashboard/owner': async () => ({ url: '/api/dashboard/owner' }),
  'GET /api/dashboard/owner/transactions.csv': async () => ({ url: '/api/dashboard/owner/transactions.csv' }),
  'GET /api/dashboard/marketplace': async () => ({ url: '/api/dashboard/marketplace' }),

  // Search: public reads
  'GET /api/vehicle/all': async () => ({ url: '/api/vehicle/all' }),
  'GET /api/vehicle/recent': async () => ({ url: '/api/vehicle/recent?count=3' }),
  'GET /api/vehicle/active-listings': async () => ({ url: '/api/vehicle/active-listings' }),
  'POST /api/vehicle/filter': async () => ({ url: '/api/vehicle/filter', payload: {} }),
  'GET /api/vehicle/search-vehicles': async () => ({ url: '/api/vehicle/search-vehicles?searchQuery=skoda' }),
  'POST /api/vehicle/search': async () => ({ url: '/api/vehicle/search', payload: {} }),
  'GET /api/vehicle/base-filter-properties': async () => ({ url: '/api/vehicle/base-filter-properties' }),
  'GET /api/vehicletypepropertyvalue/filter/:typeId': async () => ({ url: `/api/vehicletypepropertyvalue/filter/${catalogue.typeId}` }),

  // Money and rentals
  'POST /api/wallet/add-funds': async () => ({
    url: '/api/wallet/add-funds',
    payload: { amount: 10, cardHolderName: 'Ann Doe', cardNumber: '4242424242424242', cvv: '123', expiryMonth: 12, expiryYear: 2030 },
  }),
  'POST /api/wallet/withdraw': async () => ({
    url: '/api/wallet/withdraw',
    payload: { amount: 10, accountHolder: 'Ann Doe', iban: 'DE89 3704 0044 0532 0130 00' },
  }),
  'POST /api/wallet/refund-to-card': async () => ({ url: '/api/wallet/refund-to-card', payload: { amount: 10 } }),
  'GET /api/wallettransaction/history': async () => ({ url: '/api/wallettransaction/history' }),
  'GET /api/rental/my-rentals': async () => ({ url: '/api/rental/my-rentals' }),
  'GET /api/rental/vehicle/:id': async () => ({ url: `/api/rental/vehicle/${(await vehicleOf(people.owner)).id}` }),
  'GET /api/rental/:vehicleId': async () => ({ url: `/api/rental/${(await vehicleOf(people.owner)).id}` }),
  'POST /api/rental/rent/:vehicleId': async () => ({
    url: `/api/rental/rent/${(await vehicleOf(people.host)).id}`,
    payload: { bookedDates: [day(3), day(4)] },
  }),
  'POST /api/rental/confirm-rental/:id': async () => ({ url: `/api/rental/confirm-rental/${await endedRentalOfOwner()}` }),
  'POST /api/rental/cancel-rental/:id': async () => ({ url: `/api/rental/cancel-rental/${await rentalOf(people.owner)}` }),
  // Booking rules (issue 27): the vehicle's owner sets them (employees only for company vehicles) and answers requests
  'GET /api/vehicle/booking-rules/:id': async () => ({ url: `/api/vehicle/booking-rules/${(await vehicleOf(people.owner)).id}` }),
  'PUT /api/vehicle/booking-rules/:id': async () => ({
    url: `/api/vehicle/booking-rules/${(await vehicleOf(people.owner)).id}`,
    payload: BOOKING_RULES,
  }),
  'POST /api/rental/quote/:vehicleId': async () => ({
    url: `/api/rental/quote/${(await vehicleOf(people.host)).id}`,
    payload: { bookedDates: [day(3), day(4)] },
  }),
  'GET /api/rental/cancel-preview/:id': async () => ({ url: `/api/rental/cancel-preview/${await rentalOf(people.owner)}` }),
  'POST /api/rental/accept/:id': async () => ({ url: `/api/rental/accept/${await requestOnOwnersVehicle()}` }),
  'POST /api/rental/decline/:id': async () => ({ url: `/api/rental/decline/${await requestOnOwnersVehicle()}` }),
  // The owner's side of a booking (issue 27): cancel an accepted booking, rate the renter; the vehicle page's terms are public
  'POST /api/rental/owner-cancel/:id': async () => ({ url: `/api/rental/owner-cancel/${await bookingOnOwnersVehicle()}` }),
  'POST /api/rental/renter-review/:id': async () => ({
    url: `/api/rental/renter-review/${await completedBookingOnOwnersVehicle()}`,
    payload: { starRating: 4, comment: 'Returned it clean.' },
  }),
  'GET /api/rental/booking-terms/:vehicleId': async () => ({ url: `/api/rental/booking-terms/${(await vehicleOf(people.host)).id}` }),
  'POST /api/vehiclereview/add': async () => {
    const rentalId = await endedRentalOfOwner();
    await ok('POST', `/api/rental/confirm-rental/${rentalId}`, await cookieOf(people.owner));
    return { url: '/api/vehiclereview/add', payload: { rentalId, starRating: 5, comment: 'Great car.' } };
  },

  // Reports and moderation (issue 28): anyone signed in reports; employees decide; the affected person answers
  'POST /api/reports': async () => ({
    url: '/api/reports',
    payload: { targetType: 'vehicle', targetId: (await vehicleOf(people.host)).id, reason: 'spam', details: 'Duplicate listing.' },
  }),
  'GET /api/moderation/reports': async () => ({ url: '/api/moderation/reports' }),
  'POST /api/moderation/reports/:id/decision': async () => {
    const vehicle = await vehicleOf(people.owner);
    const [report] = await t.database.db
      .insert(reports)
      .values({
        reporterId: people.host.id,
        targetType: 'vehicle',
        targetId: vehicle.id,
        reason: 'spam',
        details: 'Spam.',
        createdAt: t.clock.now(),
      })
      .returning();
    return { url: `/api/moderation/reports/${report!.id}/decision`, payload: { action: 'dismiss', reason: 'Nothing wrong.' } };
  },
  'GET /api/moderation/users': async () => ({ url: `/api/moderation/users?q=${people.host.username.slice(0, 4)}` }),
  'GET /api/moderation/users/:id': async () => ({ url: `/api/moderation/users/${people.host.id}` }),
  'GET /api/moderation/my-decisions': async () => ({ url: '/api/moderation/my-decisions' }),
  'POST /api/moderation/decisions/:id/complaint': async () => {
    const vehicle = await vehicleOf(people.owner);
    const [decision] = await t.database.db
      .insert(moderationDecisions)
      .values({
        employeeId: people.employee.id,
        action: 'dismiss',
        targetType: 'vehicle',
        targetId: vehicle.id,
        affectedUserId: people.owner.id,
        reason: 'Nothing wrong.',
        createdAt: t.clock.now(),
      })
      .returning();
    return { url: `/api/moderation/decisions/${decision!.id}/complaint`, payload: { details: 'I disagree.' } };
  },

  // Notifications: each user's own
  'GET /api/notifications': async () => ({ url: '/api/notifications' }),
  'POST /api/notifications/read': async () => ({ url: '/api/notifications/read', payload: {} }),

  // The audit trail (employees) and the user's own data (issue 28). Every caller here has money in the
  // wallet, so a deletion with the right password passes the access check and is refused (409).
  'GET /api/moderation/audit': async () => ({ url: '/api/moderation/audit' }),
  'GET /api/account/export': async () => ({ url: '/api/account/export' }),
  'DELETE /api/account': async () => ({ url: '/api/account', payload: { password: TEST_PASSWORD }, ok: [409] }),

  // Chat
  'GET /api/chat/load-chat-history/:userId': async () => ({ url: `/api/chat/load-chat-history/${people.host.id}` }),
  'GET /api/chat/search-users/:text': async () => ({ url: `/api/chat/search-users/${people.host.username.slice(0, 4)}` }),
  'GET /api/chat/search-users': async () => ({ url: '/api/chat/search-users' }),
  'GET /api/chat/recent-chats': async () => ({ url: '/api/chat/recent-chats' }),
  'GET /api/chat/unread-count': async () => ({ url: '/api/chat/unread-count' }),
  'POST /api/chat/mark-read/:userId': async (caller) => {
    const [message] = await t.database.db
      .insert(chatMessages)
      .values({ senderId: people.host.id, receiverId: (caller ?? people.owner).id, text: 'Still free?', sentAt: t.clock.now() })
      .returning();
    return { url: `/api/chat/mark-read/${people.host.id}`, payload: { messageId: message!.id } };
  },
  // Damage claims (issue 27): the vehicle's owner opens one, the renter answers, both (and employees) read it; employees decide
  'GET /api/rental/claim/:rentalId': async () => ({
    url: `/api/rental/claim/${await completedRentalRow(people.owner, people.host, 1000)}`,
  }),
  'POST /api/rental/claim/:rentalId': async () => ({
    url: `/api/rental/claim/${await completedRentalRow(people.owner, people.host, 1000)}`,
    ...multipart({ Description: 'Dented door.', Amount: '5' }, true),
  }),
  'POST /api/rental/claim/:rentalId/answer': async () => ({
    url: `/api/rental/claim/${(await claimRow(people.host, people.owner)).rentalId}/answer`,
    ...multipart({ Answer: 'It was dented before.' }, true),
  }),
  'GET /api/claims': async () => ({ url: '/api/claims' }),
  'GET /api/claims/mine': async () => ({ url: '/api/claims/mine' }),
  // Issue 27: the renter's own published ratings by owners.
  'GET /api/rental/renter-reviews/mine': async () => ({ url: '/api/rental/renter-reviews/mine' }),
  // Employees open claims on company vehicles (their completed rentals with a deposit still held).
  'GET /api/claims/company-rentals': async () => ({ url: '/api/claims/company-rentals' }),
  'POST /api/claims/:id/decision': async () => ({
    url: `/api/claims/${(await claimRow(people.host, people.owner)).claimId}/decision`,
    payload: { ownerAmount: 0, reason: 'No damage on the photos.' },
  }),
  'POST /chat/negotiate': async () => ({ url: '/chat/negotiate?negotiateVersion=1' }),
  // The hub's transport routes act on one connection: only the user who negotiated it may use it.
  'GET /chat': async () => ({ url: `/chat?id=${encodeURIComponent(await ownerConnection(false))}` }),
  'POST /chat': async () => ({
    url: `/chat?id=${encodeURIComponent(await ownerConnection(true))}`,
    payload: '{"protocol":"json","version":1}\u001e',
    headers: { 'content-type': 'text/plain' },
  }),
  'DELETE /chat': async () => ({ url: `/chat?id=${encodeURIComponent(await ownerConnection(false))}` }),
};

beforeAll(async () => {
  t = await createTestApp({ clockStart: CLOCK_START, env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', MAX_VEHICLES_PER_USER: '1000' } });
  await createUser(t.database, { isCompanyAccount: true });
  people = {
    owner: await createUser(t.database),
    stranger: await createUser(t.database),
    employee: await createUser(t.database, { isCompanyEmployee: true }),
    host: await createUser(t.database),
  };
  const type = await createVehicleType(t.database);
  catalogue = { typeId: type.id, categoryId: (await createCategory(t.database, type.id)).id };
  png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  for (const user of [people.owner, people.stranger, people.employee]) {
    await ok('POST', '/api/wallet/add-funds', await cookieOf(user), {
      amount: 5000,
      cardHolderName: 'Ann Doe',
      cardNumber: '4242424242424242',
      cvv: '123',
      expiryMonth: 12,
      expiryYear: 2030,
    });
    // Withdrawals pay out earned money only (card money goes back to its card): each caller earned some.
    await earn(t, user.id, 200);
  }
  mkdirSync(path.join(t.config.uploadDir, 'authz'), { recursive: true });
  writeFileSync(path.join(t.config.uploadDir, 'authz', 'probe.txt'), 'probe');
});
afterAll(async () => {
  await t?.close();
});

/** A message in the outbox (a password reset asked for the host): what the mailbox shows. */
async function anyMessageId(): Promise<string> {
  let [row] = await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox).limit(1);
  if (!row) {
    await t.app.inject({ method: 'POST', url: '/api/account/forgot-password', payload: { emailOrUsername: people.host.username } });
    [row] = await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox).limit(1);
  }
  return row!.id;
}

const caseKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

describe('authorization from the route table', () => {
  it('every route declares who may call it, and every route has a case here', () => {
    const routes = t.app.routeTable;
    expect(routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(routes.map((r) => caseKey(r.method, r.url)).filter((key) => !CASES[key])).toEqual([]);
  });

  it('answers anonymous, a stranger, the owner and an employee as each route declares', { timeout: 300_000 }, async () => {
    const mismatches: string[] = [];
    let calls = 0;
    for (const route of t.app.routeTable) {
      const build = CASES[caseKey(route.method, route.url)];
      if (!build || !route.access) continue;
      for (const role of ROLES) {
        const caller = role === 'anonymous' ? undefined : people[role];
        const call = await build(caller);
        const response = await inject(route.method, call, caller ? await cookieOf(caller) : undefined);
        calls++;
        const expected = EXPECTED[route.access][role];
        const status = response.statusCode;
        const normal = call.ok ? call.ok.includes(status) : status >= 200 && status < 300;
        const matches = expected === 'ok' ? normal : expected === 'denied' ? status === 403 || status === 404 : status === expected;
        if (!matches) {
          mismatches.push(
            `${route.method} ${route.url} (${route.access}) as ${role}: expected ${expected === 'ok' ? (call.ok?.join('/') ?? '2xx') : expected === 'denied' ? '403/404' : expected}, got ${status} ${response.body.slice(0, 160)}`,
          );
        }
      }
    }
    console.log(`authorization: ${calls} calls over ${t.app.routeTable.length} routes, four roles each`);
    expect(mismatches).toEqual([]);
    expect(calls).toBeGreaterThan(400);
  });
});
