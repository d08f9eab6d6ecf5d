import { existsSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createVehicleType } from '../../../test/factories';
import {
  setUpVehicleWriteFixture,
  jpegPart,
  multipartBody,
  testImage,
  uploadedFiles,
  validCreateFields,
  type CatalogueFixture,
  type FilePart,
} from '../../../test/helpers/vehicles';
import type { TestApp } from '../../../test/test-app';
import { vehicles } from '../../db/schema/index';

describe('POST /api/vehicle/create', () => {
  let t: TestApp;
  let c: CatalogueFixture;
  let userCookie: string;
  let employeeCookie: string;
  let userId: string;
  let companyId: string;
  let jpeg: Buffer;

  beforeAll(async () => {
    const f = await setUpVehicleWriteFixture({ companyUsername: 'rentdrive' });
    ({ t, c, ownerCookie: userCookie, employeeCookie, companyId, jpeg } = f);
    userId = f.owner.id;
  });
  afterAll(() => t.close());

  const post = (fields: [string, string][], files: FilePart[], cookie: string | null = userCookie) => {
    const body = multipartBody(fields, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/vehicle/create',
      payload: body.payload,
      headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    });
  };
  const vehicleCount = async () => Number((await t.database.db.select({ n: count() }).from(vehicles))[0]!.n);

  it('lists a vehicle with JPEG, PNG and WebP images and answers its details', async () => {
    const png = await testImage('png', 2400, 1200, '#aa3300');
    const webp = await testImage('webp');
    const res = await post(validCreateFields(c), [
      jpegPart(jpeg),
      { field: 'Images', filename: 'b.png', contentType: 'image/png', data: png },
      { field: 'images', filename: 'c.webp', contentType: 'image/webp', data: webp },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      make: 'Skoda',
      model: 'Octavia',
      color: 'Green',
      fuelType: 'Diesel',
      dateOfProduction: '2019-03-15',
      curbWeightInKg: 1350,
      description: 'Roomy estate car.',
      pricePerDay: 45.5,
      ownerId: userId,
      isCompanyProperty: false,
      vehicleType: c.type.name,
      vehicleTypeCategory: c.category.name,
      starsRating: 0,
      reviewCount: 0,
      vehicleReviews: [],
    });
    expect(body.imageURLS).toHaveLength(3);
    for (const url of body.imageURLS) expect(url).toMatch(/^images\/vehicles\/[0-9a-f-]{36}\.webp$/);
    expect(body.vehicleProperties).toEqual(
      expect.arrayContaining([
        { vehicleTypePropertyName: 'Seats', vehicleTypePropertyValue: '5', unitOfMeasurement: 'None' },
        { vehicleTypePropertyName: 'Power', vehicleTypePropertyValue: '110.5', unitOfMeasurement: 'kW' },
        { vehicleTypePropertyName: 'Automatic', vehicleTypePropertyValue: 'true', unitOfMeasurement: 'None' },
        { vehicleTypePropertyName: 'Trim', vehicleTypePropertyValue: 'Style', unitOfMeasurement: 'None' },
      ]),
    );
    // The large PNG is re-encoded to WebP at most 1600 px wide, with a 480x360 thumbnail beside it.
    const largeFile = path.join(t.config.uploadDir, body.imageURLS[1].slice('images/'.length));
    const large = await sharp(largeFile).metadata();
    expect(large.format).toBe('webp');
    expect(large.width).toBe(1600);
    // The thumbnails travel beside the large images, in the same order, for pages that show them small.
    expect(body.thumbnailURLS).toEqual(body.imageURLS.map((url: string) => url.replace('.webp', '-thumb.webp')));
    const thumb = await sharp(path.join(t.config.uploadDir, body.thumbnailURLS[1].slice('images/'.length))).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 480, 360]);
    // Served by the /images route with nosniff.
    const served = await t.app.inject({ method: 'GET', url: `/${body.imageURLS[0]}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('strips EXIF (GPS included) and turns the image upright', async () => {
    const withGps = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#888' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const res = await post(validCreateFields(c), [jpegPart(withGps)]);
    expect(res.statusCode).toBe(200);
    const stored = path.join(t.config.uploadDir, res.json().imageURLS[0].slice('images/'.length));
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([48, 64]);
  });

  it('lets an employee list company property, owned by the company account', async () => {
    const res = await post(validCreateFields(c, { isCompanyProperty: 'True', FuelType: '2' }), [jpegPart(jpeg)], employeeCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isCompanyProperty: true, ownerId: companyId, ownerName: 'rentdrive', fuelType: 'Diesel' });
  });

  it('refuses company property from a non-employee (403) and anonymous listing (401)', async () => {
    const before = uploadedFiles(t.config.uploadDir).length;
    const forbidden = await post(validCreateFields(c, { isCompanyProperty: 'true' }), [jpegPart(jpeg)]);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().detail).toBe('Only company employees can list company property.');
    expect((await post(validCreateFields(c), [jpegPart(jpeg)], null)).statusCode).toBe(401);
    expect(uploadedFiles(t.config.uploadDir).length).toBe(before);
  });

  it('accepts field names in any case, and indexed image fields', async () => {
    const lower = validCreateFields(c).map(([k, v]) => [k.toLowerCase(), v] as [string, string]);
    const res = await post(lower, [jpegPart(jpeg, 'IMAGES'), jpegPart(jpeg, 'images[1]')]);
    expect(res.json().imageURLS).toHaveLength(2);
    expect(res.statusCode).toBe(200);
  });

  describe('bad input leaves no vehicle and no files', () => {
    const cases: { name: string; fields: Record<string, string | undefined>; field: string; message?: string }[] = [
      { name: 'missing make', fields: { Make: undefined }, field: 'make', message: 'Make is required.' },
      { name: 'blank model', fields: { Model: '   ' }, field: 'model', message: 'Model is required.' },
      { name: 'missing description', fields: { Description: undefined }, field: 'description' },
      { name: 'missing fuel', fields: { FuelType: undefined }, field: 'fuelType' },
      { name: 'unknown fuel', fields: { FuelType: 'Coal' }, field: 'fuelType' },
      { name: 'make too long', fields: { Make: 'x'.repeat(51) }, field: 'make', message: 'Make must not exceed 50 characters.' },
      { name: 'description too long', fields: { Description: 'x'.repeat(2001) }, field: 'description' },
      { name: 'price 0', fields: { PricePerDay: '0' }, field: 'pricePerDay', message: 'Price per day must be at least 1.' },
      { name: 'price not a number', fields: { PricePerDay: 'abc' }, field: 'pricePerDay' },
      { name: 'price with 3 decimals', fields: { PricePerDay: '10.555' }, field: 'pricePerDay' },
      { name: 'weight 0', fields: { CurbWeightInKg: '0' }, field: 'curbWeightInKg', message: 'Curb weight must be at least 1.' },
      { name: 'weight fractional', fields: { CurbWeightInKg: '12.5' }, field: 'curbWeightInKg' },
      { name: 'bad date', fields: { DateOfProduction: '2020-02-30' }, field: 'dateOfProduction' },
      {
        name: 'future date',
        fields: { DateOfProduction: '2026-06-02' },
        field: 'dateOfProduction',
        message: 'Date of production cannot be in the future.',
      },
      { name: 'missing type', fields: { VehicleTypeId: undefined }, field: 'vehicleTypeId' },
      { name: 'unknown category', fields: { VehicleTypeCategoryId: '999999' }, field: 'vehicleTypeCategoryId' },
      {
        name: 'Int property not a number',
        fields: { 'PropertyValues[0].Value': 'five' },
        field: 'propertyValues.SEATS',
        message: 'Seats: Please enter a whole number of at least 1.',
      },
      { name: 'Int property 0', fields: { 'PropertyValues[0].Value': '0' }, field: 'propertyValues.SEATS' },
      { name: 'Double property text', fields: { 'PropertyValues[1].Value': '1,5x' }, field: 'propertyValues.POWER' },
      { name: 'Boolean property yes', fields: { 'PropertyValues[2].Value': 'yes' }, field: 'propertyValues.AUTOMATIC' },
      { name: 'String property too long', fields: { 'PropertyValues[3].Value': 'x'.repeat(101) }, field: 'propertyValues.TRIM' },
      {
        name: 'required property missing',
        fields: { 'PropertyValues[0].PropertyId': undefined, 'PropertyValues[0].Value': undefined },
        field: 'propertyValues.SEATS',
        message: 'Seats: This field is required.',
      },
    ];
    for (const tc of cases) {
      it(`answers 400 for ${tc.name}`, async () => {
        const before = { vehicles: await vehicleCount(), files: uploadedFiles(t.config.uploadDir).length };
        const res = await post(validCreateFields(c, tc.fields), [jpegPart(jpeg)]);
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toContain('application/problem+json');
        const field = tc.field
          .replace('SEATS', c.seats.id)
          .replace('POWER', c.power.id)
          .replace('AUTOMATIC', c.automatic.id)
          .replace('TRIM', c.trim.id);
        expect(Object.keys(res.json().errors)).toContain(field);
        if (tc.message) expect(res.json().detail).toBe(tc.message);
        expect(await vehicleCount()).toBe(before.vehicles);
        expect(uploadedFiles(t.config.uploadDir).length).toBe(before.files);
      });
    }

    it('refuses a category of another type and a property of another type', async () => {
      const otherType = await createVehicleType(t.database);
      const foreign = await createProperty(t.database, otherType.id);
      const { createCategory } = await import('../../../test/factories');
      const otherCategory = await createCategory(t.database, otherType.id);
      const wrongCategory = await post(validCreateFields(c, { VehicleTypeCategoryId: String(otherCategory.id) }), [jpegPart(jpeg)]);
      expect(wrongCategory.statusCode).toBe(400);
      expect(wrongCategory.json().detail).toBe('The category does not belong to the chosen vehicle type.');
      const wrongProperty = await post(
        validCreateFields(c, { 'PropertyValues[4].PropertyId': foreign.id, 'PropertyValues[4].Value': '3' }),
        [jpegPart(jpeg)],
      );
      expect(wrongProperty.statusCode).toBe(400);
      expect(wrongProperty.json().errors[`propertyValues.${foreign.id}`]).toEqual([
        'This property does not belong to the chosen vehicle type.',
      ]);
    });

    it("answers 'Please upload at least one image.' without images", async () => {
      const res = await post(validCreateFields(c), []);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('Please upload at least one image.');
    });

    it('refuses a 16th image', async () => {
      const before = uploadedFiles(t.config.uploadDir).length;
      const res = await post(
        validCreateFields(c),
        Array.from({ length: 16 }, () => jpegPart(jpeg)),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('A vehicle can have at most 15 images.');
      expect(uploadedFiles(t.config.uploadDir).length).toBe(before);
    });

    it('refuses a text file renamed .jpg and an SVG by their bytes (415)', async () => {
      const before = uploadedFiles(t.config.uploadDir).length;
      const text = await post(validCreateFields(c), [
        jpegPart(jpeg),
        jpegPart(Buffer.from('just some text, honestly'), 'Images', 'fake.jpg'),
      ]);
      expect(text.statusCode).toBe(415);
      // The refusal names the file, so the person knows which one to take out.
      expect(text.json().detail).toBe('fake.jpg: Only JPEG, PNG or WebP images are accepted.');
      expect(text.json().errors.images).toEqual(['fake.jpg: Only JPEG, PNG or WebP images are accepted.']);
      const german = await t.app.inject({
        method: 'POST',
        url: '/api/vehicle/create',
        ...(() => {
          const body = multipartBody(validCreateFields(c), [jpegPart(Buffer.from('%PDF-1.7'), 'Images', 'notes.pdf')]);
          return { payload: body.payload, headers: { ...body.headers, cookie: userCookie, 'accept-language': 'de' } };
        })(),
      });
      expect(german.statusCode).toBe(415);
      expect(german.json().detail).toMatch(/^notes\.pdf: (?!Only JPEG)/);
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
      const svgRes = await post(validCreateFields(c), [{ field: 'Images', filename: 'x.png', contentType: 'image/png', data: svg }]);
      expect(svgRes.statusCode).toBe(415);
      // The good JPEG before the fake one was already stored, and is removed again.
      expect(uploadedFiles(t.config.uploadDir).length).toBe(before);
    });

    it('refuses a truncated JPEG as unreadable (400)', async () => {
      const broken = Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(50)]);
      const res = await post(validCreateFields(c), [jpegPart(broken)]);
      expect(res.statusCode).toBe(400);
    });

    it('refuses a 12 MB image (413)', async () => {
      const before = uploadedFiles(t.config.uploadDir).length;
      // Random pixels do not compress: about 12 MB of PNG.
      const raw = Buffer.alloc(2000 * 2000 * 3);
      for (let i = 0; i < raw.length; i += 4) raw.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
      const big = await sharp(raw, { raw: { width: 2000, height: 2000, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
      const res = await post(validCreateFields(c), [
        jpegPart(jpeg),
        { field: 'Images', filename: 'big.png', contentType: 'image/png', data: big },
      ]);
      expect(res.statusCode).toBe(413);
      expect(res.json().detail).toBe('Each image must be smaller than 10 MB.');
      expect(uploadedFiles(t.config.uploadDir).length).toBe(before);
    });

    it('refuses a JSON body (415)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/vehicle/create',
        payload: { make: 'x' },
        headers: { cookie: userCookie },
      });
      expect(res.statusCode).toBe(415);
    });
  });

  it('keeps every written file on success', async () => {
    const res = await post(validCreateFields(c), [jpegPart(jpeg), jpegPart(jpeg)]);
    for (const url of res.json().imageURLS) {
      const file = path.join(t.config.uploadDir, url.slice('images/'.length));
      expect(existsSync(file)).toBe(true);
      expect(existsSync(file.replace('.webp', '-thumb.webp'))).toBe(true);
    }
  });
});
