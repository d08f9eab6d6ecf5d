import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jpegPart,
  multipartBody,
  setUpVehicleWriteFixture,
  testImage,
  uploadedFiles,
  validCreateFields,
  type FilePart,
  type VehicleWriteFixture,
} from '../../../test/helpers/vehicles';
import { vehicles } from '../../db/schema/index';

function requests(f: VehicleWriteFixture) {
  const send = (method: 'POST' | 'PUT', url: string, fields: [string, string][], files: FilePart[], cookie = f.ownerCookie) => {
    const body = multipartBody(fields, files);
    return f.t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, cookie } });
  };
  return {
    create: (files: FilePart[], cookie?: string, fields = validCreateFields(f.c)) =>
      send('POST', '/api/vehicle/create', fields, files, cookie),
    edit: (id: string, files: FilePart[]) =>
      send(
        'PUT',
        `/api/vehicle/edit/${id}`,
        validCreateFields(f.c),
        files.map((p) => ({ ...p, field: 'NewImages' })),
      ),
    vehicleCount: async () => Number((await f.t.database.db.select({ n: count() }).from(vehicles))[0]!.n),
  };
}

const pngPart = (data: Buffer, field = 'Images'): FilePart => ({ field, filename: 'big.png', contentType: 'image/png', data });

describe('pixel budget per upload request', () => {
  let f: VehicleWriteFixture;
  let r: ReturnType<typeof requests>;
  let image: Buffer; // 800x500: 0.4 megapixels
  beforeAll(async () => {
    f = await setUpVehicleWriteFixture({ env: { UPLOAD_MAX_MEGAPIXELS_PER_REQUEST: '1' } });
    r = requests(f);
    image = await testImage('png', 800, 500);
  });
  afterAll(() => f.t.close());

  it("refuses images that together exceed the request's budget with 413 naming the field, and keeps nothing", async () => {
    const res = await r.create([pngPart(image), pngPart(image), pngPart(image)]);
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const detail =
      'These images are too large together: one upload may carry at most 1 megapixels in all (about 1 photos of 12 megapixels). Send fewer or smaller images.';
    expect(res.json()).toMatchObject({ status: 413, code: 'payload_too_large', detail, errors: { images: [detail] } });
    expect(await r.vehicleCount()).toBe(0);
    expect(uploadedFiles(f.t.config.uploadDir)).toEqual([]);
  });

  it('accepts images whose sum fits', async () => {
    const res = await r.create([pngPart(image), pngPart(image)]);
    expect(res.statusCode).toBe(200);
    expect(res.json().imageURLS).toHaveLength(2);
  });

  it('counts the new images of an edit, and a refused edit keeps the vehicle as it was', async () => {
    const created = (await r.create([pngPart(image)])).json();
    const filesBefore = uploadedFiles(f.t.config.uploadDir).sort();
    const res = await r.edit(created.id, [pngPart(image), pngPart(image), pngPart(image)]);
    expect(res.statusCode).toBe(413);
    expect(res.json().errors.images[0]).toMatch(/at most 1 megapixels/);
    expect(uploadedFiles(f.t.config.uploadDir).sort()).toEqual(filesBefore);
    const after = await f.t.app.inject({ method: 'GET', url: `/api/vehicle/${created.id}` });
    expect(after.json().imageURLS).toEqual(created.imageURLS);
  });

  it('refuses one image over 50 megapixels by its header, before decoding it', async () => {
    // One colour compresses to little: a 50.4-megapixel canvas in a small file.
    const huge = await testImage('png', 7100, 7100);
    const res = await r.create([pngPart(huge)]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      detail: 'Each image can have at most 50 megapixels.',
      errors: { images: ['Each image can have at most 50 megapixels.'] },
    });
  });
});

describe('upload rate per user', () => {
  let f: VehicleWriteFixture;
  let r: ReturnType<typeof requests>;
  beforeAll(async () => {
    f = await setUpVehicleWriteFixture({ env: { UPLOAD_RATE_LIMIT_PER_HOUR: '2' } });
    r = requests(f);
  });
  afterAll(() => f.t.close());

  it('answers 429 with Retry-After once a user has sent the hourly number of listings and edits, and stores nothing', async () => {
    const first = await r.create([jpegPart(f.jpeg)]);
    expect(first.statusCode).toBe(200);
    expect((await r.edit(first.json().id, [jpegPart(f.jpeg)])).statusCode).toBe(200);
    const filesBefore = uploadedFiles(f.t.config.uploadDir).sort();

    const limited = await r.create([jpegPart(f.jpeg)]);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('3600');
    expect(limited.json()).toMatchObject({
      status: 429,
      code: 'rate_limited',
      detail: 'You can send at most 2 vehicle listings or edits an hour. Please try again later.',
    });
    expect((await r.edit(first.json().id, [jpegPart(f.jpeg)])).statusCode).toBe(429);
    expect(await r.vehicleCount()).toBe(1);
    expect(uploadedFiles(f.t.config.uploadDir).sort()).toEqual(filesBefore);

    // Another user is not affected; the first one is let in again an hour later.
    expect((await r.create([jpegPart(f.jpeg)], f.employeeCookie)).statusCode).toBe(200);
    f.t.clock.advanceMs(3_600_001);
    expect((await r.create([jpegPart(f.jpeg)])).statusCode).toBe(200);
  });
});

describe('vehicles per user', () => {
  let f: VehicleWriteFixture;
  let r: ReturnType<typeof requests>;
  beforeAll(async () => {
    f = await setUpVehicleWriteFixture({ env: { MAX_VEHICLES_PER_USER: '2' } });
    r = requests(f);
  });
  afterAll(() => f.t.close());

  it('refuses a listing beyond the cap with 409 and stores nothing; deleting one makes room', async () => {
    const first = await r.create([jpegPart(f.jpeg)]);
    expect((await r.create([jpegPart(f.jpeg)])).statusCode).toBe(200);
    const filesBefore = uploadedFiles(f.t.config.uploadDir).sort();

    const refused = await r.create([jpegPart(f.jpeg)]);
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({
      status: 409,
      code: 'limit_reached',
      detail: 'You can list at most 2 vehicles. Delete a listing you no longer need to add another.',
    });
    expect(await r.vehicleCount()).toBe(2);
    expect(uploadedFiles(f.t.config.uploadDir).sort()).toEqual(filesBefore);

    const deleted = await f.t.app.inject({
      method: 'DELETE',
      url: `/api/vehicle/delete/${first.json().id}`,
      headers: { cookie: f.ownerCookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await r.create([jpegPart(f.jpeg)])).statusCode).toBe(200);
  });

  it('does not count company property, which employees list for the company account', async () => {
    const companyFields = validCreateFields(f.c, { isCompanyProperty: 'true' });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await r.create([jpegPart(f.jpeg)], f.employeeCookie, companyFields)).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    // The employee's own listings are capped like anyone's.
    expect((await r.create([jpegPart(f.jpeg)], f.employeeCookie)).statusCode).toBe(200);
    expect((await r.create([jpegPart(f.jpeg)], f.employeeCookie)).statusCode).toBe(200);
    expect((await r.create([jpegPart(f.jpeg)], f.employeeCookie)).statusCode).toBe(409);
  });
});
