import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithS3, s3StorageEnv } from '../../test/helpers/s3';
import { loadConfig } from '../config/env';
import { createObjectStore } from './create-object-store';
import type { ObjectStore } from './object-store';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');

describeWithS3('npm run storage:migrate (local folder -> Swift)', (server) => {
  const env = s3StorageEnv(server);
  let dir: string;
  let bucket: ObjectStore;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'rentdrive-migrate-'));
    mkdirSync(path.join(dir, 'vehicles'), { recursive: true });
    writeFileSync(path.join(dir, 'vehicles', 'a.webp'), Buffer.from('large-a'.repeat(100)));
    writeFileSync(path.join(dir, 'vehicles', 'a-thumb.webp'), Buffer.from('thumb-a'.repeat(10)));
    // Not uploads: a half-written temporary file and a hidden one stay behind.
    writeFileSync(path.join(dir, 'vehicles', '.b.webp.1234.tmp'), 'partial');
    writeFileSync(path.join(dir, '.DS_Store'), 'x');
    bucket = createObjectStore(loadConfig({ NODE_ENV: 'test', ...env }).storage);
  });
  afterAll(async () => {
    const keys: string[] = [];
    for await (const entry of bucket.list('')) keys.push(entry.key);
    await bucket.delete(keys);
    await bucket.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The command as an operator runs it, with the app's configuration in the environment. */
  const migrate = async () => {
    const { stdout } = await run('node', ['--import', 'tsx', 'apps/server/src/storage/migrate.ts'], {
      cwd: root,
      env: { ...process.env, ...env, UPLOAD_DIR: dir, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    });
    return stdout;
  };
  const listed = async () => {
    const keys: string[] = [];
    for await (const entry of bucket.list('')) keys.push(entry.key);
    return keys.sort();
  };

  it('copies every upload into the bucket with its bytes and type, and nothing else', async () => {
    expect(await migrate()).toContain('2 copied');
    expect(await listed()).toEqual(['vehicles/a-thumb.webp', 'vehicles/a.webp']);
    const read = await bucket.get('vehicles/a.webp');
    expect(read?.info.contentType).toBe('image/webp');
    expect((await buffer(read!.body!)).toString()).toBe('large-a'.repeat(100));
  });

  it('copies only what is new or different when run again', async () => {
    expect(await migrate()).toContain('0 copied (0.0 MB), 2 already there');
    writeFileSync(path.join(dir, 'vehicles', 'c.webp'), Buffer.from('new upload'));
    writeFileSync(path.join(dir, 'vehicles', 'a-thumb.webp'), Buffer.from('thumb-a, written again longer'));
    expect(await migrate()).toContain('2 copied');
    expect(await listed()).toEqual(['vehicles/a-thumb.webp', 'vehicles/a.webp', 'vehicles/c.webp']);
    expect((await buffer((await bucket.get('vehicles/a-thumb.webp'))!.body!)).toString()).toBe('thumb-a, written again longer');
  });

  it('refuses to run without a bucket configured', async () => {
    const outcome = await run('node', ['--import', 'tsx', 'apps/server/src/storage/migrate.ts'], {
      cwd: root,
      env: { ...process.env, STORAGE: 'local', UPLOAD_DIR: dir },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(outcome).toMatchObject({ code: 2, stderr: expect.stringContaining('set STORAGE=s3') });
  });
});
