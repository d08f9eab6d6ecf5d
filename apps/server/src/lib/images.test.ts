import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive } from '../../test/helpers/processes';
import {
  createImageProcessor,
  encodeImageVariants,
  ImagePoolBusyError,
  ImageWorkerExitedError,
  readImageSize,
  type ImageProcessor,
} from './images';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

// Every processor a test makes is closed after it, so no worker process outlives its test.
const made: ImageProcessor[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((processor) => processor.close()));
});
function newProcessor(options: Parameters<typeof createImageProcessor>[0]): ImageProcessor {
  const created = createImageProcessor(options);
  made.push(created);
  return created;
}

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// The pool's queue is the same in both modes; these run on the default, the worker process.
describe('image processor pool', () => {
  it('works on one image at a time with concurrency 1: images finish in the order they came, a small one never overtakes', async () => {
    const processor = newProcessor({ concurrency: 1, maxWaiting: 10 });
    const [big, small] = await Promise.all([png(3000, 3000), png(40, 30)]);
    const finished: string[] = [];
    await Promise.all([
      processor.encode(big).then(() => finished.push('big')),
      processor.encode(small).then(() => finished.push('small 1')),
      processor.encode(small).then(() => finished.push('small 2')),
    ]);
    expect(finished).toEqual(['big', 'small 1', 'small 2']);
  });

  it('refuses an image as busy when the waiting line is full, and takes work again once it has room', async () => {
    const processor = newProcessor({ concurrency: 1, maxWaiting: 1 });
    const image = await png(400, 300);
    const first = processor.encode(image);
    const second = processor.encode(image);
    await expect(processor.encode(image)).rejects.toBeInstanceOf(ImagePoolBusyError);
    await Promise.all([first, second]);
    const again = await processor.encode(image);
    expect((await sharp(again.large).metadata()).width).toBe(400);
  });

  it('gives the slot back when an image does not decode', async () => {
    const processor = newProcessor({ concurrency: 1, maxWaiting: 0 });
    const broken = Buffer.concat([(await png(10, 10)).subarray(0, 40)]);
    await expect(processor.encode(broken)).rejects.toThrow();
    await expect(processor.encode(await png(10, 10))).resolves.toMatchObject({ large: expect.any(Buffer) });
  });
});

describe('image worker process', () => {
  it('makes the same variants as decoding in the server process: WebP, 1600 px on the long side, a 480x360 thumbnail, byte for byte', async () => {
    const images = newProcessor({ concurrency: 1, maxWaiting: 10 });
    const photo = await sharp({
      create: { width: 2400, height: 1800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg()
      .toBuffer();
    const inWorker = await images.encode(photo);
    expect(images.workerPid()).toEqual(expect.any(Number));
    expect(images.workerPid()).not.toBe(process.pid);
    expect(await sharp(inWorker.large).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
    expect(await sharp(inWorker.thumb).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });
    const inline = await encodeImageVariants(photo);
    expect(inWorker.large.equals(inline.large)).toBe(true);
    expect(inWorker.thumb.equals(inline.thumb)).toBe(true);
  });

  it.runIf(existsSync('/proc/self/task'))(
    'runs with every one of its threads at nice 19 (and SCHED_IDLE where chrt allows it), the server at its own priority',
    async () => {
      const images = newProcessor({ concurrency: 1, maxWaiting: 10 });
      await images.encode(await png(2000, 1500));
      const pid = images.workerPid()!;
      // /proc/<pid>/task/<tid>/stat: field 19 is the nice value, field 41 the scheduling policy (5: SCHED_IDLE).
      const field = (stat: string, n: number) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[n - 3]);
      const stats = readdirSync(`/proc/${pid}/task`).map((tid) => readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'));
      expect(stats.length).toBeGreaterThan(1);
      expect(new Set(stats.map((stat) => field(stat, 19)))).toEqual(new Set([19]));
      const server = readFileSync(`/proc/${process.pid}/stat`, 'utf8');
      expect(field(server, 19)).toBeLessThan(19);
      const chrtWorks = existsSync('/usr/bin/chrt') && spawnSync('/usr/bin/chrt', ['--idle', '0', 'true']).status === 0;
      if (chrtWorks) {
        expect(new Set(stats.map((stat) => field(stat, 41)))).toEqual(new Set([5]));
        expect(field(server, 41)).not.toBe(5);
      }
    },
  );

  it('when the worker is killed mid-image, that image fails as ImageWorkerExitedError and the next one gets a fresh worker', async () => {
    const images = newProcessor({ concurrency: 1, maxWaiting: 10 });
    await images.encode(await png(40, 30)); // the worker is up
    const pid = images.workerPid()!;
    const [big, small] = await Promise.all([png(7000, 7000), png(40, 30)]);
    const inWork = images.encode(big);
    const waitingBehind = images.encode(small);
    // 49 megapixels take the worker well over a second; a moment in, it is decoding them.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(images.inWork()).toBe(1);
    process.kill(pid, 'SIGKILL');
    await expect(inWork).rejects.toBeInstanceOf(ImageWorkerExitedError);
    // The image that waited its turn goes to the new worker.
    expect((await sharp((await waitingBehind).large).metadata()).width).toBe(40);
    expect(images.workerPid()).not.toBe(pid);
    expect(isAlive(pid)).toBe(false);
    expect((await sharp((await images.encode(await png(400, 300))).thumb).metadata()).width).toBe(480);
  });

  it('close() ends the worker process and refuses later images', async () => {
    const images = createImageProcessor({ concurrency: 1, maxWaiting: 10 });
    await images.encode(await png(40, 30));
    const pid = images.workerPid()!;
    expect(isAlive(pid)).toBe(true);
    await images.close();
    expect(isAlive(pid)).toBe(false);
    expect(images.workerPid()).toBeUndefined();
    await expect(images.encode(await png(40, 30))).rejects.toBeInstanceOf(ImageWorkerExitedError);
  });

  it('the worker exits by itself when the server process dies without closing it', async () => {
    const images = fileURLToPath(new URL('./images.ts', import.meta.url));
    // A server stand-in: starts a worker with one image, prints its pid, then waits to be killed.
    const script = `
      import sharp from 'sharp';
      const { createImageProcessor } = await import(${JSON.stringify(images)});
      const images = createImageProcessor({ concurrency: 1, maxWaiting: 1 });
      await images.encode(await sharp({ create: { width: 40, height: 30, channels: 3, background: '#000' } }).png().toBuffer());
      console.log('worker ' + images.workerPid());
      setInterval(() => {}, 1000);
    `;
    const server = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const workerPid = Number(await waitFor('the worker pid', () => /worker (\d+)/.exec(output)?.[1], 30_000));
    expect(isAlive(workerPid)).toBe(true);
    server.kill('SIGKILL');
    await waitFor('the worker to exit', () => !isAlive(workerPid));
  });
});

describe('readImageSize', () => {
  it('reads the canvas from the header; undefined for bytes that are no image', async () => {
    expect(await readImageSize(await png(7000, 7000))).toEqual({ width: 7000, height: 7000 });
    expect(await readImageSize(Buffer.from('not an image'))).toBeUndefined();
  });
});
