import sharp from 'sharp';
import { createImageWorkerProcess, type ImageWorkerExit } from './image-worker-process';

export { ImageWorkerExitedError } from './image-worker-process';

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** Large side of the gallery image and the card thumbnail's box (4:3). */
export const LARGE_MAX_PX = 1600;
export const THUMB_WIDTH_PX = 480;
export const THUMB_HEIGHT_PX = 360;
/** Refuse decompression bombs: a 10 MB file may still claim a huge canvas. */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * What the bytes are, by their magic numbers; never the file name or the declared type. An SVG, a
 * text file renamed .jpg or a GIF is none of these.
 */
export function sniffImageKind(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

export interface EncodedImage {
  large: Buffer;
  thumb: Buffer;
}

/** The canvas an image claims in its header, read without decoding its pixels. */
export async function readImageSize(input: Buffer): Promise<{ width: number; height: number } | undefined> {
  try {
    const { width, height } = await sharp(input).metadata();
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Decodes once, turns upright by the EXIF orientation, and re-encodes as WebP without any metadata
 * (sharp writes none unless asked, so GPS and camera data go away): a large image at most 1600 px on
 * its long side and a 480x360 thumbnail cropped to 4:3 from the same decoded pixels. The steps run
 * one after another, so one call holds one thread of the pool at a time. Throws when the bytes do
 * not decode.
 */
export async function encodeImageVariants(input: Buffer, options: { effort?: number } = {}): Promise<EncodedImage> {
  // effort: WebP's speed/size trade-off (0 fastest .. 6 smallest); uploads keep sharp's default 4.
  const effort = options.effort ?? 4;
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: LARGE_MAX_PX, height: LARGE_MAX_PX, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const large = await sharp(data, raw).webp({ quality: 80, effort }).toBuffer();
  const thumb = await sharp(data, raw)
    .resize({ width: THUMB_WIDTH_PX, height: THUMB_HEIGHT_PX, fit: 'cover' })
    .webp({ quality: 72, effort })
    .toBuffer();
  return { large, thumb };
}

/**
 * Image work kept off the CPU and the threads sign-in and the database need. sharp runs each call on
 * one of libuv's threads, the same pool argon2 (@node-rs/argon2 runs its hashing as async work on
 * it) and file access use: a few large uploads at once used to hold all four while sign-ins queued
 * behind them. Here at most `concurrency` images are in work at once (libvips kept to one thread
 * each), the rest wait their turn in order, and past `maxWaiting` waiting images the upload is
 * refused as busy instead of queued without end.
 *
 * `worker: 'process'` (the default) does the decoding in a child process at the lowest priority
 * (image-worker.ts): even one image thread in the server's own process took half of a 2-core
 * machine from sign-in, the database and the event loop; under SCHED_IDLE (nice 19 where it cannot
 * be had) the kernel gives them the CPU first. A worker_threads pool would not do: threads share the process's libuv pool and priority.
 * `worker: 'inline'` decodes in this process, on its libuv pool.
 */
export interface ImageProcessor {
  encode(input: Buffer): Promise<EncodedImage>;
  /** Images being encoded right now (not counting those waiting their turn). */
  inWork(): number;
  /** Images waiting for their turn (the metrics' image queue). */
  waiting(): number;
  /** The worker process's id while one runs ('process' only). */
  workerPid(): number | undefined;
  /** Stops the worker process, if any; the app's close hook calls it. */
  close(): Promise<void>;
}

export type ImageWorkerMode = 'inline' | 'process';

export class ImagePoolBusyError extends Error {
  constructor() {
    super('The image pool is busy.');
    this.name = 'ImagePoolBusyError';
  }
}

export function createImageProcessor(options: {
  concurrency: number;
  maxWaiting: number;
  worker?: ImageWorkerMode;
  /** Told when the worker process ends other than by close() (crash, kill, out of memory). */
  onWorkerExit?: (exit: ImageWorkerExit) => void;
}): ImageProcessor {
  const worker =
    (options.worker ?? 'process') === 'process'
      ? createImageWorkerProcess({ concurrency: options.concurrency, onExit: options.onWorkerExit })
      : undefined;
  // Inline: libvips' own worker threads per image, process-wide. One keeps each job on one core.
  if (!worker) sharp.concurrency(1);
  const encode = worker ? (input: Buffer) => worker.encode(input) : (input: Buffer) => encodeImageVariants(input);
  let running = 0;
  const waiting: (() => void)[] = [];

  async function acquire(): Promise<void> {
    if (running < options.concurrency) {
      running++;
      return;
    }
    if (waiting.length >= options.maxWaiting) throw new ImagePoolBusyError();
    // The slot is handed over by release(), so running stays counted.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  return {
    async encode(input) {
      await acquire();
      try {
        return await encode(input);
      } finally {
        release();
      }
    },
    inWork: () => running,
    waiting: () => waiting.length,
    workerPid: () => worker?.pid(),
    close: async () => worker?.close(),
  };
}
