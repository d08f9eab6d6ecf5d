import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Database } from '../../src/db/client';
import { createCategory, createProperty, createUser, createVehicleType, signIn } from '../factories';
import { createTestApp, type TestApp } from '../test-app';

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body built by hand, as a browser's FormData would send it. */
export function multipartBody(fields: [string, string][], files: FilePart[] = []) {
  const boundary = `----rentdrive${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small solid-colour test image in the given format. */
export async function testImage(format: 'jpeg' | 'png' | 'webp' = 'jpeg', width = 64, height = 48, color = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
}

export const jpegPart = (data: Buffer, field = 'Images', filename = 'photo.jpg'): FilePart => ({
  field,
  filename,
  contentType: 'image/jpeg',
  data,
});

/** A type with a category and one property of each value type. */
export async function createCatalogueFixture(database: Database) {
  const type = await createVehicleType(database);
  const category = await createCategory(database, type.id);
  const seats = await createProperty(database, type.id, { name: 'Seats', valueType: 1, unitOfMeasurement: 0 });
  const power = await createProperty(database, type.id, { name: 'Power', valueType: 2, unitOfMeasurement: 8 });
  const automatic = await createProperty(database, type.id, { name: 'Automatic', valueType: 3, unitOfMeasurement: 0 });
  const trim = await createProperty(database, type.id, { name: 'Trim', valueType: 0, unitOfMeasurement: 0 });
  return { type, category, seats, power, automatic, trim };
}
export type CatalogueFixture = Awaited<ReturnType<typeof createCatalogueFixture>>;

/** The text fields of a valid create form for the fixture, as [name, value] pairs. */
export function validCreateFields(c: CatalogueFixture, overrides: Record<string, string | undefined> = {}): [string, string][] {
  const base: Record<string, string | undefined> = {
    Make: 'Skoda',
    Model: 'Octavia',
    Color: 'Green',
    PricePerDay: '45.5',
    isCompanyProperty: 'false',
    FuelType: 'Diesel',
    DateOfProduction: '2019-03-15T00:00:00.000Z',
    CurbWeightInKg: '1350',
    Description: 'Roomy estate car.',
    VehicleTypeId: String(c.type.id),
    VehicleTypeCategoryId: String(c.category.id),
    'PropertyValues[0].PropertyId': c.seats.id,
    'PropertyValues[0].Value': '5',
    'PropertyValues[1].PropertyId': c.power.id,
    'PropertyValues[1].Value': '110.5',
    'PropertyValues[2].PropertyId': c.automatic.id,
    'PropertyValues[2].Value': 'true',
    'PropertyValues[3].PropertyId': c.trim.id,
    'PropertyValues[3].Value': 'Style',
    ...overrides,
  };
  return Object.entries(base).filter((e): e is [string, string] => e[1] !== undefined);
}

/** Every file under the upload folder's vehicles/ directory. */
export function uploadedFiles(uploadDir: string): string[] {
  try {
    return readdirSync(path.join(uploadDir, 'vehicles'));
  } catch {
    return [];
  }
}

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
export async function setUpVehicleWriteFixture(
  options: { companyUsername?: string; env?: Record<string, string> } = {},
): Promise<VehicleWriteFixture> {
  const t = await createTestApp({ clockStart: '2026-06-01T10:00:00Z', env: options.env });
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
