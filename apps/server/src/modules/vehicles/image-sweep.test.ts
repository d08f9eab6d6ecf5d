import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, createVehicle, signIn } from '../../../test/factories';
import { withDatabase } from '../../../test/global-setup';
import { describeWithS3, s3StorageEnv } from '../../../test/helpers/s3';
import { createCatalogueFixture, jpegPart, multipartBody, testImage, validCreateFields } from '../../../test/helpers/vehicles';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase, testDatabaseKind } from '../../../test/test-database';
import { wrapPgPool, type Database } from '../../db/client';
import { vehicleImages } from '../../db/schema/index';
import { writeImageVariants, type StoredImage } from '../../storage/image-objects';
import { createLocalObjectStore } from '../../storage/local-object-store';
import type { ListedObject, ObjectStore } from '../../storage/object-store';
import { sweepOrphanImages } from './image-sweep';

/** Bytes standing in for the encoded variants: the sweep reads names and times, never contents. */
const encoded = () => ({ large: Buffer.from(`large ${randomUUID()}`), thumb: Buffer.from(`thumb ${randomUUID()}`) });
const GRACE_SECONDS = 2;

async function keysIn(store: ObjectStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of store.list('vehicles/')) keys.push(entry.key);
  return keys.sort();
}

/**
 * What the sweep removes and keeps, on a store and the test database: the app's own store, the
 * objects written as an upload writes them, the rows as the app commits them (or never does).
 */
function sweepContract(storageEnv: () => Record<string, string>) {
  let t: TestApp;
  let store: ObjectStore;
  let cookie: string;
  /** What the first test leaves that a row names or the app never wrote: all a full sweep keeps. */
  let kept: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { ...storageEnv(), IMAGE_SWEEP_GRACE_SECONDS: String(GRACE_SECONDS), IMAGE_WORKER: 'inline' } });
    store = t.app.imageStore;
    cookie = await signIn(t.database, await createUser(t.database));
  });
  afterAll(async () => {
    if (store) await store.delete(await keysIn(store)).catch(() => undefined);
    await t?.close();
  });

  it('removes orphans older than the grace period, including a crashed upload; keeps named, fresh and foreign objects', async () => {
    const before = await keysIn(store);
    // Named: a listing created through the API, its row committed.
    const c = await createCatalogueFixture(t.database);
    const body = multipartBody(validCreateFields(c), [jpegPart(await testImage())]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/vehicle/create',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    expect(created.statusCode).toBe(200);
    const vehicle = created.json<{ id: string; imageURLS: string[]; thumbnailURLS: string[] }>();
    const named = [...vehicle.imageURLS, ...vehicle.thumbnailURLS].map((url) => url.slice('images/'.length));

    // Orphaned: written, and no row ever named it (a delete after a removal that failed).
    const orphan = await writeImageVariants(store, 'vehicles', encoded());
    // A crash between the write and the commit: the objects are stored, the transaction that names
    // them never commits (a killed process's open transaction is rolled back the same way).
    const crashed = await writeImageVariants(store, 'vehicles', encoded());
    const owner = await createUser(t.database);
    const row = await createVehicle(t.database, { ownerId: owner.id, imageCount: 0 });
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx
          .insert(vehicleImages)
          .values({ vehicleId: row.id, position: 0, largePath: crashed.largePath, thumbPath: crashed.thumbPath });
        throw new Error('killed before the commit');
      }),
    ).rejects.toThrow('killed');
    // Not a name the app writes: somebody else's object in the folder.
    await store.put('vehicles/operator-notes.webp', Buffer.from('x'), 'image/webp');

    await sleep(GRACE_SECONDS * 1000 + 1_200); // S3 keeps whole seconds
    // Fresh: an upload still in progress, its row not written yet.
    const inProgress = await writeImageVariants(store, 'vehicles', encoded());

    const report = await t.app.imageSweep.run();
    expect(report).toMatchObject({ ran: true, deleted: 4, referenced: 2, fresh: 2, foreign: 1 });
    expect(await keysIn(store)).toEqual([...before, ...named, ...inProgress.keys, 'vehicles/operator-notes.webp'].sort());
    for (const gone of [...orphan.keys, ...crashed.keys]) expect(await store.head(gone), gone).toBeUndefined();
    kept = [...before, ...named, 'vehicles/operator-notes.webp'].sort();
    // The listing still shows its pictures.
    for (const url of [...vehicle.imageURLS, ...vehicle.thumbnailURLS]) {
      expect((await t.app.inject({ method: 'GET', url: `/${url}` })).statusCode, url).toBe(200);
    }
  });

  it('deletes nothing when the database cannot answer, and sweeps once it can', async () => {
    const orphan = await writeImageVariants(store, 'vehicles', encoded());
    const before = await keysIn(store);
    // Every object counts as old from here: a sweep that took a failure for "no row" would take them all.
    const sweep = () => sweepOrphanImages({ database: t.database, store, graceMs: 1_000, now: () => Date.now() + 3_600_000 });

    await t.database.db.execute(sql`alter table vehicle_images rename to vehicle_images_away`);
    try {
      await expect(sweep()).rejects.toThrow();
    } finally {
      await t.database.db.execute(sql`alter table vehicle_images_away rename to vehicle_images`);
    }
    expect(await keysIn(store)).toEqual(before);

    // This orphan, and the previous test's upload in progress, now old too.
    const report = await sweep();
    expect(report).toMatchObject({ ran: true, deleted: 4 });
    expect(await keysIn(store)).toEqual(kept);
    for (const key of orphan.keys) expect(await store.head(key)).toBeUndefined();
  });
}

describe('orphan image sweep on the local folder', () => {
  sweepContract(() => ({}));
});

describeWithS3('orphan image sweep on S3 (Swift)', (server) => {
  sweepContract(() => s3StorageEnv(server));
});

/** The real local store, whose listing waits at a gate the test opens: a sweep caught half-way. */
function gatedStore(store: ObjectStore) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let reached!: () => void;
  const atGate = new Promise<void>((resolve) => (reached = resolve));
  const gated: ObjectStore = {
    ...store,
    async *list(prefix): AsyncGenerator<ListedObject> {
      reached();
      await gate;
      yield* store.list(prefix);
    },
  };
  return { store: gated, atGate, open };
}

/**
 * Two instances on one database and one folder: the second starts while the first is sweeping
 * (PostgreSQL: two connection pools, as two processes have; PGlite: one process, one database).
 */
describe('two instances sweeping at once', () => {
  let dir: string;
  let databases: Database[] = [];
  let dropDatabase: (() => Promise<void>) | undefined;
  const apps: TestApp[] = [];

  async function openTwoInstances(): Promise<[Database, Database]> {
    if (testDatabaseKind() === 'pglite') {
      const database = await createTestDatabase('pglite');
      databases = [database];
      return [database, database];
    }
    const url = process.env.TEST_DATABASE_URL!;
    const name = `${inject('pgDatabasePrefix')}${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplateDatabase')}`);
    await admin.end();
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
    const open = () => wrapPgPool(new pg.Pool({ connectionString: withDatabase(url, name), max: 4 }));
    databases = [open(), open()];
    return [databases[0]!, databases[1]!];
  }

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'rentdrive-sweep-'));
  });
  afterAll(async () => {
    for (const t of apps) await t.app.close();
    for (const database of databases) await database.close();
    await dropDatabase?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('only one sweeps: the other skips while the first holds the lock, and the orphans go once', async () => {
    const [first, second] = await openTwoInstances();
    const store = createLocalObjectStore(dir);
    const orphans: StoredImage[] = [];
    for (let i = 0; i < 3; i++) orphans.push(await writeImageVariants(store, 'vehicles', encoded()));
    const anHourAgo = new Date(Date.now() - 3_600_000);
    for (const key of orphans.flatMap((o) => o.keys)) utimesSync(path.join(dir, key), anHourAgo, anHourAgo);

    const env = { UPLOAD_DIR: dir, IMAGE_SWEEP_INTERVAL_MINUTES: '360', IMAGE_SWEEP_GRACE_SECONDS: '60', LOG_LEVEL: 'info' };
    const linesOf = (lines: string[]) => ({ write: (line: string) => void lines.push(line) });
    const logA: string[] = [];
    const logB: string[] = [];
    const gated = gatedStore(store);
    // A is ready: its start-up sweep holds the lock and waits half-way.
    const a = await createTestApp({ env, database: first, overrides: { imageStore: gated.store, logDestination: linesOf(logA) } });
    apps.push(a);
    await gated.atGate;
    // B starts meanwhile: its start-up sweep and one asked for find the lock held.
    const b = await createTestApp({ env, database: second, overrides: { logDestination: linesOf(logB) } });
    apps.push(b);
    expect(await b.app.imageSweep.run()).toMatchObject({ ran: false, deleted: 0 });
    expect(await keysIn(store)).toHaveLength(6);
    expect(logB.some((line) => line.includes('another instance is sweeping'))).toBe(true);

    gated.open();
    // A's start-up sweep, still the one in progress.
    expect(await a.app.imageSweep.run()).toMatchObject({ ran: true, deleted: 6 });
    expect(await keysIn(store)).toEqual([]);
    expect(logA.some((line) => line.includes('removed 6 orphan image object(s)'))).toBe(true);
    // Counts only: no key reaches the log.
    for (const key of orphans.flatMap((o) => o.keys)) expect(logA.join('\n')).not.toContain(key.slice('vehicles/'.length, -5));

    // The lock went with A's sweep: B sweeps now, and finds nothing left.
    expect(await b.app.imageSweep.run()).toMatchObject({ ran: true, deleted: 0 });
  });
});

/** A body sent in two halves with a pause between, as a slow connection sends it. */
function slowBody(payload: Buffer, splitAt: number, pauseMs: number): Readable {
  return Readable.from(
    (async function* () {
      yield payload.subarray(0, splitAt);
      await sleep(pauseMs);
      yield payload.subarray(splitAt);
    })(),
  );
}

describe('an upload slower than half the grace period', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Grace 2 s: an upload may hold its stored images for 1 s before it commits them.
    t = await createTestApp({ env: { IMAGE_SWEEP_GRACE_SECONDS: '2', IMAGE_WORKER: 'inline' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is refused with 408 before it commits, and leaves no object behind', async () => {
    const c = await createCatalogueFixture(t.database);
    const cookie = await signIn(t.database, await createUser(t.database));
    const second = jpegPart(await testImage('png'));
    const body = multipartBody(validCreateFields(c), [jpegPart(await testImage()), second]);
    // The pause falls inside the second image: the first one has ended and is stored by then.
    const splitAt = body.payload.indexOf(second.data) + 10;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vehicle/create',
      payload: slowBody(body.payload, splitAt, 1_500),
      headers: { ...body.headers, cookie },
    });
    expect(res.statusCode).toBe(408);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 408, code: 'request_timeout' });
    expect(await keysIn(t.app.imageStore)).toEqual([]);
    const rows = await t.database.db.select().from(vehicleImages);
    expect(rows).toEqual([]);
  });
});
