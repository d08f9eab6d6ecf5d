import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../../test/helpers/processes';
import {
  jpegPart,
  multipartBody,
  setUpVehicleWriteFixture,
  uploadedFiles,
  validCreateFields,
  type CatalogueFixture,
  type FilePart,
} from '../../../test/helpers/vehicles';
import type { TestApp } from '../../../test/test-app';
import { vehicles } from '../../db/schema/index';

// Uploads decoded in the image worker process (IMAGE_WORKER=process, the default), as in production.
describe('vehicle images in the image worker process', () => {
  let t: TestApp;
  let c: CatalogueFixture;
  let cookie: string;
  let jpeg: Buffer;

  beforeAll(async () => {
    ({ t, c, ownerCookie: cookie, jpeg } = await setUpVehicleWriteFixture());
  });
  afterAll(() => t.close());

  const create = (files: FilePart[]) => {
    const body = multipartBody(validCreateFields(c), files);
    return t.app.inject({ method: 'POST', url: '/api/vehicle/create', payload: body.payload, headers: { ...body.headers, cookie } });
  };
  const vehicleCount = async () => Number((await t.database.db.select({ n: count() }).from(vehicles))[0]!.n);

  it('a worker killed mid-image answers that upload 503 and keeps nothing; the next upload gets a fresh worker', async () => {
    expect(t.app.imageProcessor.workerPid()).toBeUndefined(); // started by the first upload, not by the app
    expect((await create([jpegPart(jpeg)])).statusCode).toBe(200);
    const pid = t.app.imageProcessor.workerPid()!;
    expect(pid).toEqual(expect.any(Number));
    const vehiclesBefore = await vehicleCount();
    const filesBefore = uploadedFiles(t.config.uploadDir);

    const huge = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#224466' } })
      .png()
      .toBuffer();
    const pending = create([jpegPart(jpeg), { field: 'Images', filename: 'huge.png', contentType: 'image/png', data: huge }]);
    // The small photo goes first; then 49 megapixels keep the worker busy for well over a second.
    const deadline = Date.now() + 20_000;
    while (t.app.imageProcessor.inWork() === 0 || uploadedFiles(t.config.uploadDir).length === filesBefore.length) {
      if (Date.now() > deadline) throw new Error('the upload never reached the worker');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.app.imageProcessor.inWork()).toBe(1);
    process.kill(pid, 'SIGKILL');

    const refused = await pending;
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json().detail).toMatch(/could not be processed/);
    expect(await vehicleCount()).toBe(vehiclesBefore);
    expect(uploadedFiles(t.config.uploadDir).sort()).toEqual(filesBefore.sort()); // the first photo's files removed again
    expect(isAlive(pid)).toBe(false);

    const again = await create([jpegPart(jpeg)]);
    expect(again.statusCode).toBe(200);
    expect(again.json().imageURLS).toHaveLength(1);
    expect(t.app.imageProcessor.workerPid()).not.toBe(pid);
  });

  it('closing the app ends its image worker', async () => {
    const own = await setUpVehicleWriteFixture();
    const body = multipartBody(validCreateFields(own.c), [jpegPart(own.jpeg)]);
    const res = await own.t.app.inject({
      method: 'POST',
      url: '/api/vehicle/create',
      payload: body.payload,
      headers: { ...body.headers, cookie: own.ownerCookie },
    });
    expect(res.statusCode).toBe(200);
    const pid = own.t.app.imageProcessor.workerPid()!;
    expect(isAlive(pid)).toBe(true);
    await own.t.close();
    expect(isAlive(pid)).toBe(false);
  });
});
