import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVehicle, signIn } from '../../../test/factories';
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

describe('vehicle edit (GET load and PUT)', () => {
  let t: TestApp;
  let c: CatalogueFixture;
  let owner: { id: string };
  let ownerCookie: string;
  let otherCookie: string;
  let employeeCookie: string;
  let companyId: string;
  let jpeg: Buffer;

  beforeAll(async () => {
    ({ t, c, owner, ownerCookie, employeeCookie, companyId, jpeg } = await setUpVehicleWriteFixture());
    otherCookie = await signIn(t.database, await createUser(t.database));
  });
  afterAll(() => t.close());

  const create = async (imageCount: number, cookie = ownerCookie, extra: Record<string, string> = {}) => {
    const body = multipartBody(
      validCreateFields(c, extra),
      Array.from({ length: imageCount }, () => jpegPart(jpeg)),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vehicle/create',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const load = (id: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `/api/vehicle/edit/${id}`, headers: cookie ? { cookie } : {} });
  const put = (id: string, fields: [string, string][], files: FilePart[] = [], cookie: string | null = ownerCookie) => {
    const body = multipartBody(fields, files);
    return t.app.inject({
      method: 'PUT',
      url: `/api/vehicle/edit/${id}`,
      payload: body.payload,
      headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    });
  };
  /** The edit form's base fields, as the existing client sends them. */
  const editFields = (id: string, overrides: Record<string, string> = {}): [string, string][] =>
    Object.entries({
      Id: id,
      Make: 'Skoda',
      Model: 'Octavia',
      Color: 'Green',
      PricePerDay: '45.5',
      FuelType: 'Diesel',
      DateOfProduction: '2019-03-15',
      CurbWeightInKg: '1350',
      Description: 'Roomy estate car.',
      ...overrides,
    });

  it('loads the edit form for the owner: detail plus ids, images with ids and every type property', async () => {
    const v = await create(2);
    const res = await load(v.id, ownerCookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ...v, vehicleTypeId: c.type.id, vehicleTypeCategoryId: c.category.id, imageURLs: v.imageURLS });
    expect(body.images).toEqual(
      v.imageURLS.map((url: string) => ({ id: expect.any(String), url, thumbUrl: url.replace('.webp', '-thumb.webp') })),
    );
    expect(body.vehicleTypePropertyValues).toHaveLength(4);
    expect(body.vehicleTypePropertyValues).toContainEqual({
      propertyId: c.seats.id,
      vehicleTypePropertyName: 'Seats',
      vehicleTypePropertyValue: '5',
      valueType: 'Int',
      unitOfMeasurement: 'None',
    });
    expect(body.vehicleTypePropertyValues).toContainEqual(
      expect.objectContaining({ propertyId: c.power.id, valueType: 'Double', unitOfMeasurement: 'kW' }),
    );
  });

  it('refuses the edit load to anonymous (401) and other users (403), and to employees for personal vehicles', async () => {
    const v = await create(1);
    expect((await load(v.id)).statusCode).toBe(401);
    expect((await load(v.id, otherCookie)).statusCode).toBe(403);
    expect((await load(v.id, employeeCookie)).statusCode).toBe(403);
  });

  it('lets employees load and edit company vehicles, which other users cannot', async () => {
    const v = await create(1, employeeCookie, { isCompanyProperty: 'true' });
    expect(v.ownerId).toBe(companyId);
    expect((await load(v.id, employeeCookie)).statusCode).toBe(200);
    expect((await load(v.id, otherCookie)).statusCode).toBe(403);
    const edited = await put(v.id, editFields(v.id, { PricePerDay: '99' }), [], employeeCookie);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ pricePerDay: 99, isCompanyProperty: true, ownerId: companyId });
    const refused = await put(v.id, editFields(v.id), [], otherCookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Only company employees can edit company vehicles.');
  });

  it('changes the price, removes an image (and its files) and adds a new one', async () => {
    const v = await create(3);
    const { images } = (await load(v.id, ownerCookie)).json();
    const removed = images[1];
    const removedFile = path.join(t.config.uploadDir, removed.url.slice('images/'.length));
    expect(existsSync(removedFile)).toBe(true);

    const res = await put(
      v.id,
      [
        ...editFields(v.id, { PricePerDay: '39.99', Color: 'Dark Green' }),
        ['RemovedImageIds', removed.id],
        ['VehicleTypePropertyInputValues[0].PropertyId', c.seats.id],
        ['VehicleTypePropertyInputValues[0].Value', '7'],
      ],
      [jpegPart(await testImage('png'), 'NewImages', 'new.png')],
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: v.id, pricePerDay: 39.99, color: 'Dark Green' });
    expect(body.imageURLS).toHaveLength(3);
    expect(body.imageURLS).not.toContain(removed.url);
    expect(body.imageURLS.slice(0, 2)).toEqual([images[0].url, images[2].url]);
    expect(existsSync(removedFile)).toBe(false);
    expect(existsSync(removedFile.replace('.webp', '-thumb.webp'))).toBe(false);
    // Given values change; omitted ones keep their value.
    expect(body.vehicleProperties).toContainEqual({
      vehicleTypePropertyName: 'Seats',
      vehicleTypePropertyValue: '7',
      unitOfMeasurement: 'None',
    });
    expect(body.vehicleProperties).toContainEqual({
      vehicleTypePropertyName: 'Trim',
      vehicleTypePropertyValue: 'Style',
      unitOfMeasurement: 'None',
    });
  });

  it('keeps at least one image and at most 15, leaving the vehicle and files untouched on refusal', async () => {
    const v = await create(14);
    const { images } = (await load(v.id, ownerCookie)).json();
    const before = uploadedFiles(t.config.uploadDir).length;

    const removeAll = await put(v.id, [
      ...editFields(v.id),
      ...images.map((img: { id: string }) => ['RemovedImageIds', img.id] as [string, string]),
    ]);
    expect(removeAll.statusCode).toBe(400);
    expect(removeAll.json().detail).toBe('Please upload at least one image.');

    const tooMany = await put(v.id, editFields(v.id), [jpegPart(jpeg, 'NewImages'), jpegPart(jpeg, 'NewImages')]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toBe('A vehicle can have at most 15 images.');
    expect(uploadedFiles(t.config.uploadDir).length).toBe(before);

    // Swapping one for one at the limit is fine; indexed RemovedImageIds[i] works too.
    const swap = await put(v.id, [...editFields(v.id), ['RemovedImageIds[0]', images[0].id]], [jpegPart(jpeg, 'NewImages')]);
    expect(swap.statusCode).toBe(200);
    expect(swap.json().imageURLS).toHaveLength(14);
    const fifteen = await put(v.id, editFields(v.id), [jpegPart(jpeg, 'NewImages')]);
    expect(fifteen.json().imageURLS).toHaveLength(15);
  });

  it('refuses bad edits: other user, anonymous, bad values, foreign image ids, a mismatched id', async () => {
    const v = await create(1);
    expect((await put(v.id, editFields(v.id), [], null)).statusCode).toBe(401);
    expect((await put(v.id, editFields(v.id), [], otherCookie)).statusCode).toBe(403);
    const badPrice = await put(v.id, editFields(v.id, { PricePerDay: '0.5' }));
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().errors.pricePerDay).toEqual(['Price per day must be at least 1.']);
    const badProperty = await put(v.id, [
      ...editFields(v.id),
      ['VehicleTypePropertyInputValues[0].PropertyId', c.power.id],
      ['VehicleTypePropertyInputValues[0].Value', 'fast'],
    ]);
    expect(badProperty.statusCode).toBe(400);
    expect(badProperty.json().errors[`propertyValues.${c.power.id}`]).toBeDefined();
    const foreign = await createVehicle(t.database, { ownerId: owner.id });
    const foreignLoad = (await load(foreign.id, ownerCookie)).json();
    const foreignImage = await put(v.id, [...editFields(v.id), ['RemovedImageIds', foreignLoad.images[0].id]]);
    expect(foreignImage.statusCode).toBe(400);
    const mismatched = await put(v.id, editFields(foreign.id));
    expect(mismatched.statusCode).toBe(400);
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>');
    const svgRes = await put(v.id, editFields(v.id), [{ field: 'NewImages', filename: 'a.jpg', contentType: 'image/jpeg', data: svg }]);
    expect(svgRes.statusCode).toBe(415);
    // Nothing changed.
    const after = (await t.app.inject({ method: 'GET', url: `/api/vehicle/${v.id}` })).json();
    expect(after).toEqual(v);
  });

  it('moves a vehicle to another category of its type, and refuses a category of another type', async () => {
    const v = await create(1);
    const { createCategory, createVehicleType } = await import('../../../test/factories');
    const sibling = await createCategory(t.database, c.type.id, { name: 'Estate' });
    const moved = await put(v.id, editFields(v.id, { VehicleTypeCategoryId: String(sibling.id) }));
    expect(moved.statusCode).toBe(200);
    expect(moved.json().vehicleTypeCategory).toBe('Estate');
    const otherType = await createVehicleType(t.database);
    const foreign = await createCategory(t.database, otherType.id);
    const refused = await put(v.id, editFields(v.id, { VehicleTypeCategoryId: String(foreign.id) }));
    expect(refused.statusCode).toBe(400);
  });
});
