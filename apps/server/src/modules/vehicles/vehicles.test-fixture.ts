import { createUser, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCatalogueFixture, testImage, type CatalogueFixture } from './vehicles.test-support';

/** What the vehicle create and edit tests start from. */
export interface VehicleWriteFixture {
  t: TestApp;
  c: CatalogueFixture;
  /** A signed-in ordinary user who owns the vehicles the tests create. */
  owner: { id: string };
  ownerCookie: string;
  employeeCookie: string;
  /** The company account that company-property vehicles belong to. */
  companyId: string;
  jpeg: Buffer;
}

/**
 * A test app (clock at 2026-06-01 10:00 UTC) with a catalogue, a signed-in owner, a signed-in
 * employee, the company account (named `companyUsername` when given) and a small JPEG.
 */
export async function setUpVehicleWriteFixture(options: { companyUsername?: string } = {}): Promise<VehicleWriteFixture> {
  const t = await createTestApp({ clockStart: '2026-06-01T10:00:00Z' });
  const c = await createCatalogueFixture(t.database);
  const owner = await createUser(t.database);
  const ownerCookie = await signIn(t.database, owner);
  const employeeCookie = await signIn(t.database, await createUser(t.database, { isCompanyEmployee: true }));
  const company = await createUser(t.database, {
    ...(options.companyUsername ? { username: options.companyUsername } : {}),
    isCompanyAccount: true,
  });
  const jpeg = await testImage('jpeg');
  return { t, c, owner, ownerCookie, employeeCookie, companyId: company.id, jpeg };
}
