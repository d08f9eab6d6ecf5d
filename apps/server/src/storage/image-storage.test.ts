import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../test/factories';
import { describeWithS3, s3StorageEnv } from '../../test/helpers/s3';
import {
  createCatalogueFixture,
  jpegPart,
  multipartBody,
  testImage,
  validCreateFields,
  type CatalogueFixture,
  type FilePart,
} from '../../test/helpers/vehicles';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadConfig } from '../config/env';
import { createObjectStore } from './create-object-store';
import type { ObjectStore } from './object-store';

/** The real store, with one fault a test can switch on: the n-th write from now on fails (the store going away mid-upload). */
function withWriteFault(store: ObjectStore) {
  let failAt: number | undefined;
  const faulty: ObjectStore = {
    ...store,
    async put(key, body, contentType) {
      if (failAt !== undefined && --failAt === 0) {
        failAt = undefined;
        throw new Error('the store stopped answering');
      }
      return store.put(key, body, contentType);
    },
  };
  return { store: faulty, failWrite: (n: number) => (failAt = n) };
}

/**
 * Uploaded images as a user and a browser see them, through two app instances sharing one database
 * and one store: the one that took the upload and another.
 */
function imageStorageContract(environment: () => { env: Record<string, string>; cleanUp?: (store: ObjectStore) => Promise<void> }) {
  let a: TestApp;
  let b: TestApp;
  let store: ObjectStore;
  let failWrite: (n: number) => void;
  let c: CatalogueFixture;
  let cookie: string;
  let cleanUp: ((store: ObjectStore) => Promise<void>) | undefined;

  beforeAll(async () => {
    const setting = environment();
    cleanUp = setting.cleanUp;
    const real = createObjectStore(loadConfig({ NODE_ENV: 'test', ...setting.env }).storage);
    ({ store, failWrite } = withWriteFault(real));
    a = await createTestApp({ env: setting.env, overrides: { imageStore: store } });
    // The other instance builds its store from the same configuration, as a second process would.
    b = await createTestApp({ env: setting.env, database: a.database });
    c = await createCatalogueFixture(a.database);
    cookie = await signIn(a.database, await createUser(a.database));
  });
  afterAll(async () => {
    await cleanUp?.(store);
    await b?.app.close();
    await a?.close();
    await store?.close();
  });

  const send = (app: TestApp, method: 'POST' | 'PUT', url: string, fields: [string, string][], files: FilePart[]) => {
    const body = multipartBody(fields, files);
    return app.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, cookie } });
  };
  const objectKeys = async () => {
    const keys: string[] = [];
    for await (const entry of store.list('vehicles/')) keys.push(entry.key);
    return keys.sort();
  };
  const keyOf = (url: string) => url.slice('images/'.length);
  const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url: `/${url}`, headers });

  it('serves every size of a new listing from the other instance as WebP, cacheable for a year, revalidated by ETag', async () => {
    const before = await objectKeys();
    const res = await send(a, 'POST', '/api/vehicle/create', validCreateFields(c), [
      jpegPart(await testImage('jpeg', 2000, 1000)),
      jpegPart(await testImage('png', 300, 300, '#cc0000')),
    ]);
    expect(res.statusCode).toBe(200);
    const vehicle = res.json();
    const urls: string[] = [...vehicle.imageURLS, ...vehicle.thumbnailURLS];
    expect(urls).toHaveLength(4);
    expect(await objectKeys()).toEqual([...before, ...urls.map(keyOf)].sort());

    for (const url of urls) {
      const image = await get(b, url);
      expect(image.statusCode, url).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      const etag = String(image.headers.etag);
      expect(etag).toMatch(/"/);
      const metadata = await sharp(image.rawPayload).metadata();
      expect(metadata.format).toBe('webp');
      if (url.endsWith('-thumb.webp')) expect(metadata).toMatchObject({ width: 480, height: 360 });

      const again = await get(b, url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    const large = await sharp((await get(a, vehicle.imageURLS[0])).rawPayload).metadata();
    expect(Math.max(large.width, large.height)).toBe(1600);
  });

  it('removes the objects of an image an edit drops; the others stay', async () => {
    const vehicle = (
      await send(a, 'POST', '/api/vehicle/create', validCreateFields(c), [jpegPart(await testImage()), jpegPart(await testImage())])
    ).json();
    const load = (await a.app.inject({ method: 'GET', url: `/api/vehicle/edit/${vehicle.id}`, headers: { cookie } })).json();
    const [kept, dropped] = load.images as { id: string; url: string; thumbUrl: string }[];
    const fields = validCreateFields(c).filter(([name]) => !name.startsWith('PropertyValues') && !name.startsWith('Vehicle'));
    const edit = await send(
      b,
      'PUT',
      `/api/vehicle/edit/${vehicle.id}`,
      [...fields, ['Id', vehicle.id], ['RemovedImageIds', dropped!.id]],
      [],
    );
    expect(edit.statusCode).toBe(200);
    expect(edit.json().imageURLS).toEqual([kept!.url]);

    for (const url of [dropped!.url, dropped!.thumbUrl]) {
      expect((await get(a, url)).statusCode).toBe(404);
      expect(await store.head(keyOf(url))).toBeUndefined();
    }
    for (const url of [kept!.url, kept!.thumbUrl]) expect((await get(a, url)).statusCode).toBe(200);
  });

  it('removes every object of a deleted vehicle', async () => {
    const vehicle = (
      await send(a, 'POST', '/api/vehicle/create', validCreateFields(c), [jpegPart(await testImage()), jpegPart(await testImage())])
    ).json();
    const urls: string[] = [...vehicle.imageURLS, ...vehicle.thumbnailURLS];
    const res = await b.app.inject({ method: 'DELETE', url: `/api/vehicle/delete/${vehicle.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const left = await objectKeys();
    for (const url of urls) {
      expect(left).not.toContain(keyOf(url));
      expect((await get(a, url)).statusCode).toBe(404);
    }
  });

  it('leaves no object behind when an upload is refused, whether by a file or by a field', async () => {
    const before = await objectKeys();
    const notAnImage = { field: 'Images', filename: 'photo.jpg', contentType: 'image/jpeg', data: Buffer.from('just text') };
    const badFile = await send(a, 'POST', '/api/vehicle/create', validCreateFields(c), [jpegPart(await testImage()), notAnImage]);
    expect(badFile.statusCode).toBe(415);
    const badField = await send(a, 'POST', '/api/vehicle/create', validCreateFields(c, { Make: undefined }), [jpegPart(await testImage())]);
    expect(badField.statusCode).toBe(400);
    expect(badField.json().errors).toHaveProperty('make');
    expect(await objectKeys()).toEqual(before);
  });

  it('answers 503 when the store fails in the middle of an upload, and removes what it had written', async () => {
    const before = await objectKeys();
    // The first photo's two sizes are written; the second photo's first write fails.
    failWrite(3);
    const res = await send(a, 'POST', '/api/vehicle/create', validCreateFields(c), [
      jpegPart(await testImage()),
      jpegPart(await testImage()),
    ]);
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().detail).toBe('The photos cannot be stored right now. Try again in a moment.');
    expect(await objectKeys()).toEqual(before);
  });

  it('answers 404 for an image that does not exist or a path outside the images', async () => {
    for (const url of [
      'images/vehicles/00000000-0000-0000-0000-000000000000.webp',
      'images/..%2F..%2Fetc%2Fpasswd',
      'images/vehicles/.hidden',
      'images/',
    ]) {
      const res = await get(b, url);
      expect(res.statusCode, url).toBe(404);
    }
  });
}

describe('vehicle images in the local folder', () => {
  imageStorageContract(() => {
    // Both instances on one folder: the single-machine (or shared file system) deployment.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rentdrive-images-'));
    return { env: { UPLOAD_DIR: dir }, cleanUp: async () => rmSync(dir, { recursive: true, force: true }) };
  });
});

describeWithS3('vehicle images in an S3 bucket (Swift)', (server) => {
  const env = s3StorageEnv(server);
  imageStorageContract(() => ({
    env,
    cleanUp: async (store) => {
      const keys: string[] = [];
      for await (const entry of store.list('')) keys.push(entry.key);
      await store.delete(keys);
    },
  }));

  it('redirects /images to the public URL when one is configured', async () => {
    const t = await createTestApp({ env: { ...env, S3_PUBLIC_URL: 'https://images.example.test/rentdrive/' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/images/vehicles/4f1c2a8e-1111-4222-8333-944445555666-thumb.webp' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(
        `https://images.example.test/rentdrive/${env.S3_PREFIX}vehicles/4f1c2a8e-1111-4222-8333-944445555666-thumb.webp`,
      );
    } finally {
      await t.close();
    }
  });
});
