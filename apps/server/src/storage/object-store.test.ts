import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithS3, s3StorageEnv } from '../../test/helpers/s3';
import { loadConfig } from '../config/env';
import { createObjectStore } from './create-object-store';
import type { ObjectStore } from './object-store';

/** What every driver promises; run against the local folder and a real S3 server alike. */
function storeContract(open: () => { store: ObjectStore; cleanUp: () => Promise<void> }) {
  let store: ObjectStore;
  let cleanUp: () => Promise<void>;
  beforeAll(() => {
    ({ store, cleanUp } = open());
  });
  afterAll(async () => {
    await cleanUp();
    await store.close();
  });

  const bytes = (text: string) => Buffer.from(text.repeat(50));

  it('gives back the bytes it was given, with their type, size and an ETag', async () => {
    const body = bytes('large image ');
    await store.put('vehicles/a.webp', body, 'image/webp');
    const read = await store.get('vehicles/a.webp');
    expect(read?.info).toMatchObject({ size: body.length, contentType: 'image/webp', etag: expect.stringMatching(/"/) });
    expect(await buffer(read!.body!)).toEqual(body);
    expect(await store.head('vehicles/a.webp')).toMatchObject({ size: body.length, etag: read!.info.etag });
  });

  it('answers without a body when the caller already holds that version', async () => {
    await store.put('vehicles/b.webp', bytes('b'), 'image/webp');
    const etag = (await store.head('vehicles/b.webp'))!.etag;
    const read = await store.get('vehicles/b.webp', { ifNoneMatch: etag });
    expect(read?.body).toBeUndefined();
    const other = await store.get('vehicles/b.webp', { ifNoneMatch: '"something-else"' });
    expect(other?.body).toBeDefined();
    other!.body!.destroy();
  });

  it('has nothing under a key never written', async () => {
    expect(await store.get('vehicles/never-written.webp')).toBeUndefined();
    expect(await store.head('vehicles/never-written.webp')).toBeUndefined();
  });

  it('deletes several objects at once, and a missing one is no error', async () => {
    await store.put('vehicles/c.webp', bytes('c'), 'image/webp');
    await store.put('vehicles/c-thumb.webp', bytes('ct'), 'image/webp');
    await store.delete(['vehicles/c.webp', 'vehicles/c-thumb.webp', 'vehicles/not-there.webp']);
    expect(await store.head('vehicles/c.webp')).toBeUndefined();
    expect(await store.head('vehicles/c-thumb.webp')).toBeUndefined();
    await expect(store.delete([])).resolves.toBeUndefined();
  });

  it('lists the keys under a prefix with their sizes and when they were written', async () => {
    // S3 keeps whole seconds; the store's clock is this machine's.
    const before = Date.now() - 1_000;
    await store.put('listing/one.webp', bytes('1'), 'image/webp');
    await store.put('listing/deeper/two.webp', bytes('22'), 'image/webp');
    await store.put('elsewhere/three.webp', bytes('3'), 'image/webp');
    const after = Date.now() + 1_000;
    const listed = [];
    for await (const entry of store.list('listing/')) listed.push(entry);
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'listing/deeper/two.webp', size: bytes('22').length, lastModified: expect.any(Date) },
      { key: 'listing/one.webp', size: bytes('1').length, lastModified: expect.any(Date) },
    ]);
    for (const entry of listed) {
      expect(entry.lastModified.getTime()).toBeGreaterThanOrEqual(before);
      expect(entry.lastModified.getTime()).toBeLessThanOrEqual(after);
    }
  });

  it('refuses keys that could leave its folder or hide a file, and finds nothing under them', async () => {
    for (const key of ['../escape.webp', 'vehicles/../../escape.webp', '.hidden', 'vehicles//x.webp', '/abs.webp', 'a\\b.webp']) {
      await expect(store.put(key, bytes('x'), 'image/webp')).rejects.toThrow(/key/);
      expect(await store.get(key)).toBeUndefined();
    }
  });
}

describe('local folder store', () => {
  storeContract(() => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rentdrive-store-'));
    const store = createObjectStore(loadConfig({ NODE_ENV: 'test', UPLOAD_DIR: dir }).storage);
    return { store, cleanUp: async () => rmSync(dir, { recursive: true, force: true }) };
  });
});

describeWithS3('S3 store (Swift)', (server) => {
  storeContract(() => {
    const store = createObjectStore(loadConfig({ NODE_ENV: 'test', ...s3StorageEnv(server) }).storage);
    return {
      store,
      cleanUp: async () => {
        const keys = [];
        for await (const entry of store.list('')) keys.push(entry.key);
        await store.delete(keys);
      },
    };
  });
});
