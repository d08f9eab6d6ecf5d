import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createVehicle } from '../../../test/factories';
import { createFundedUser, postEmpty, rent, useLedgerCheckedApp } from '../../../test/helpers/money';
import { type TestApp } from '../../../test/test-app';
import { vehicles } from '../../db/schema/index';

let t: TestApp;
useLedgerCheckedApp({ clockStart: '2026-06-01T10:00:00Z', env: { E2E_TEST_HOOKS: 'true' } }, async (app) => {
  t = app;
  await createFundedUser(t, 0, { isCompanyAccount: true });
});

async function rental(complete: boolean) {
  const owner = await createFundedUser(t, 0);
  const renter = await createFundedUser(t, 200);
  const vehicle = await createVehicle(t.database, { ownerId: owner.user.id });
  const r = (await rent(t.app, renter.cookie, vehicle.id, ['2026-06-02'])).json();
  if (complete) {
    t.clock.set('2026-06-03T10:00:00Z');
    await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${r.id}`);
  }
  return { owner, renter, vehicle, rentalId: r.id as string };
}

const review = (cookie: string | undefined, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/vehiclereview/add', headers: cookie ? { cookie } : {}, payload: body as object });

async function counters(vehicleId: string) {
  const [row] = await t.database.db
    .select({ reviewCount: vehicles.reviewCount, starsTotal: vehicles.starsTotal })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId));
  return row;
}

describe('POST /api/vehiclereview/add', () => {
  it('stores the review of a completed rental, marks the rental reviewed and moves the vehicle rating once published', async () => {
    const { owner, renter, vehicle, rentalId } = await rental(true);
    const res = await review(renter.cookie, { rentalId, starRating: 4, comment: '  Smooth ride.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      rentalId,
      vehicleId: vehicle.id,
      username: renter.user.username,
      starRating: 4,
      comment: 'Smooth ride.',
    });
    // Double-blind (issue 27): published when the owner rated the renter too.
    expect(await counters(vehicle.id)).toEqual({ reviewCount: 0, starsTotal: 0 });
    const rated = await t.app.inject({
      method: 'POST',
      url: `/api/rental/renter-review/${rentalId}`,
      headers: { cookie: owner.cookie },
      payload: { starRating: 5 },
    });
    expect(rated.statusCode).toBe(200);
    expect(await counters(vehicle.id)).toEqual({ reviewCount: 1, starsTotal: 4 });
    const mine = (await t.app.inject({ method: 'GET', url: '/api/rental/my-rentals', headers: { cookie: renter.cookie } })).json();
    expect(mine[0]).toMatchObject({ id: rentalId, hasReviewedVehicle: true });
  });

  it('accepts no comment and the existing client spelling', async () => {
    const { renter, rentalId } = await rental(true);
    const res = await review(renter.cookie, { RentalId: rentalId, StarRating: '5', Comment: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().comment).toBeNull();
  });

  it('refuses a second review with 409', async () => {
    const { renter, vehicle, rentalId } = await rental(true);
    await review(renter.cookie, { rentalId, starRating: 3 });
    const again = await review(renter.cookie, { rentalId, starRating: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('You have already reviewed this rental.');
    // Not published yet (double-blind): the first review waits, the second never counts.
    expect(await counters(vehicle.id)).toEqual({ reviewCount: 0, starsTotal: 0 });
  });

  it('refuses a rental that is not completed (409)', async () => {
    const { renter, rentalId } = await rental(false);
    const res = await review(renter.cookie, { rentalId, starRating: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Only a completed rental can be reviewed.');
  });

  it("refuses someone else's rental (403), anonymous callers (401) and unknown rentals (404)", async () => {
    const { owner, rentalId } = await rental(true);
    const res = await review(owner.cookie, { rentalId, starRating: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Only the renter can review this rental.');
    expect((await review(undefined, { rentalId, starRating: 1 })).statusCode).toBe(401);
    expect((await review(owner.cookie, { rentalId: '00000000-0000-4000-8000-000000000000', starRating: 1 })).statusCode).toBe(404);
  });

  it.each([
    ['0 stars', { starRating: 0 }, 'starRating', 'Choose a rating from 1 to 5 stars.'],
    ['6 stars', { starRating: 6 }, 'starRating', 'Choose a rating from 1 to 5 stars.'],
    ['half stars', { starRating: 3.5 }, 'starRating', 'Choose a rating from 1 to 5 stars.'],
    ['a 501-character comment', { starRating: 4, comment: 'x'.repeat(501) }, 'comment', 'The comment can be at most 500 characters.'],
    ['a rental id that is not one', { starRating: 4, rentalId: 'abc' }, 'rentalId', 'Choose the rental to review.'],
  ])('refuses %s with 400', async (_name, change, field, message) => {
    const { renter, rentalId } = await rental(true);
    const res = await review(renter.cookie, { rentalId, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toContain(message);
  });

  it('accepts a 500-character comment', async () => {
    const { renter, rentalId } = await rental(true);
    expect((await review(renter.cookie, { rentalId, starRating: 2, comment: 'y'.repeat(500) })).statusCode).toBe(200);
  });
});

describe('GET /api/rental/renter-reviews/mine (issue 27)', () => {
  const ratingsOf = (cookie: string | undefined) =>
    t.app.inject({ method: 'GET', url: '/api/rental/renter-reviews/mine', headers: cookie ? { cookie } : {} });
  const rateRenter = (cookie: string, rentalId: string, starRating: number, comment?: string) =>
    t.app.inject({ method: 'POST', url: `/api/rental/renter-review/${rentalId}`, headers: { cookie }, payload: { starRating, comment } });

  it("shows the renter the owner's rating only once it is published (both wrote), with the average", async () => {
    t.clock.set('2026-06-01T10:00:00Z');
    const { owner, renter, rentalId } = await rental(true);
    expect((await ratingsOf(undefined)).statusCode).toBe(401);
    expect((await rateRenter(owner.cookie, rentalId, 4, 'Careful driver, returned it clean.')).statusCode).toBe(200);
    // Written by the owner but waiting for the renter's review: hidden from the renter.
    const before = await ratingsOf(renter.cookie);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ average: null, count: 0, reviews: [] });
    expect(before.body).not.toContain('Careful driver');

    expect((await review(renter.cookie, { rentalId, starRating: 5 })).statusCode).toBe(200);
    expect((await ratingsOf(renter.cookie)).json()).toEqual({
      average: 4,
      count: 1,
      reviews: [{ rentalId, starRating: 4, comment: 'Careful driver, returned it clean.', publishedOn: '2026-06-03T10:00:00.000Z' }],
    });
    // Nobody else's: the owner has no ratings as a renter.
    expect((await ratingsOf(owner.cookie)).json()).toEqual({ average: null, count: 0, reviews: [] });
  });

  it('publishes a lone owner rating 14 days after completion, and averages all published ones', async () => {
    t.clock.set('2026-06-01T10:00:00Z');
    const first = await rental(true);
    expect((await rateRenter(first.owner.cookie, first.rentalId, 2)).statusCode).toBe(200);
    // A second rental of the same renter, rated 5 and reviewed back: published at once.
    t.clock.set('2026-06-01T10:00:00Z');
    const vehicle = await createVehicle(t.database, { ownerId: first.owner.user.id });
    const second = (await rent(t.app, first.renter.cookie, vehicle.id, ['2026-06-02'])).json<{ id: string }>().id;
    t.clock.set('2026-06-03T10:00:00Z');
    expect((await postEmpty(t.app, first.renter.cookie, `/api/rental/confirm-rental/${second}`)).statusCode).toBe(200);
    expect((await rateRenter(first.owner.cookie, second, 5)).statusCode).toBe(200);
    expect((await review(first.renter.cookie, { rentalId: second, starRating: 5 })).statusCode).toBe(200);
    expect((await ratingsOf(first.renter.cookie)).json()).toMatchObject({ average: 5, count: 1 });

    // 13 days on nothing more; 14 days after completion the lone rating is published by the job.
    t.clock.set('2026-06-16T09:00:00Z');
    await t.app.inject({ method: 'POST', url: '/api/test/rentals/auto-complete' });
    expect((await ratingsOf(first.renter.cookie)).json()).toMatchObject({ count: 1 });
    t.clock.set('2026-06-17T11:00:00Z');
    await t.app.inject({ method: 'POST', url: '/api/test/rentals/auto-complete' });
    const after = (await ratingsOf(first.renter.cookie)).json();
    expect(after).toMatchObject({ average: 3.5, count: 2 });
    expect(
      after.reviews.map((r: { rentalId: string; starRating: number; comment: string | null }) => [r.rentalId, r.starRating, r.comment]),
    ).toEqual([
      [first.rentalId, 2, null],
      [second, 5, null],
    ]);
  });
});
