import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVehicle } from '../../../test/factories';
import { createFundedUser, rent } from '../../../test/helpers/money';
import {
  jpegPart,
  multipartBody,
  setUpVehicleWriteFixture,
  validCreateFields,
  type VehicleWriteFixture,
} from '../../../test/helpers/vehicles';
import { rentals, vehicles, verifiedEmails } from '../../db/schema/index';

// REQUIRE_VERIFIED_EMAIL (issue 25): renting and listing wait for a verified address, with a 403 that
// says how; once verified the same requests go through.
const VERIFY_FIRST =
  'Please verify your e-mail address first: open the link we sent you, or choose Send again on the notice at the top of the page.';

describe('REQUIRE_VERIFIED_EMAIL=true', () => {
  let f: VehicleWriteFixture;
  beforeAll(async () => {
    f = await setUpVehicleWriteFixture({ env: { REQUIRE_VERIFIED_EMAIL: 'true' } });
  });
  afterAll(() => f.t.close());

  const verify = (user: { id: string; email: string }) =>
    f.t.database.db.insert(verifiedEmails).values({ userId: user.id, email: user.email, verifiedAt: f.t.clock.now() });
  const createListing = (cookie: string) => {
    const body = multipartBody(validCreateFields(f.c), [jpegPart(f.jpeg)]);
    return f.t.app.inject({ method: 'POST', url: '/api/vehicle/create', payload: body.payload, headers: { ...body.headers, cookie } });
  };
  const countOf = async (table: typeof rentals | typeof vehicles) =>
    Number((await f.t.database.db.select({ n: count() }).from(table))[0]!.n);

  it('refuses an unverified renter with a 403 that says how to verify, and rents once verified', async () => {
    const { user, cookie } = await createFundedUser(f.t, 500);
    const vehicle = await createVehicle(f.t.database, { ownerId: f.owner.id });
    const refused = await rent(f.t.app, cookie, vehicle.id, ['2026-06-10']);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json().detail).toBe(VERIFY_FIRST);
    expect(await countOf(rentals)).toBe(0);

    await verify(user);
    expect((await rent(f.t.app, cookie, vehicle.id, ['2026-06-10'])).statusCode).toBe(200);
  });

  it('refuses listing a vehicle until the address is verified', async () => {
    const { user, cookie } = await createFundedUser(f.t, 0);
    const before = await countOf(vehicles);
    const refused = await createListing(cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(VERIFY_FIRST);
    expect(await countOf(vehicles)).toBe(before);

    await verify(user);
    expect((await createListing(cookie)).statusCode).toBe(200);
  });

  it('leaves an anonymous caller to the route’s own 401', async () => {
    const vehicle = await createVehicle(f.t.database, { ownerId: f.owner.id });
    expect((await rent(f.t.app, undefined, vehicle.id, ['2026-06-11'])).statusCode).toBe(401);
  });
});
