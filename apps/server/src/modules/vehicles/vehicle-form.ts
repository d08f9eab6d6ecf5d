import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@rentdrive/contracts/errors';
import { MAX_IMAGE_BYTES, MAX_VEHICLE_IMAGES, VehicleMessages } from '@rentdrive/contracts/vehicles';
import { AppError } from '../../lib/app-error';
import {
  ImagePoolBusyError,
  ImageWorkerExitedError,
  MAX_INPUT_PIXELS,
  readImageSize,
  sniffImageKind,
  type ImageProcessor,
} from '../../lib/images';
import { InputBoundsMessages, MAX_INPUT_DEPTH, nameDepth } from '../../lib/input-bounds';
import { deleteObjectsQuietly, keysOfStored, writeImageVariants, type StoredImage } from '../../storage/image-objects';
import type { ObjectStore } from '../../storage/object-store';

/** Limits handed to @fastify/multipart for the vehicle routes only. */
export const VEHICLE_MULTIPART_LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: MAX_VEHICLE_IMAGES,
  fields: 300,
  // Description is 2,000 characters at most, up to 4 bytes each in UTF-8.
  fieldSize: 16_384,
  parts: 320,
} as const;

const IMAGE_FIELDS = new Set(['images', 'newimages', 'image', 'newimage']);
/** Plain fields that may repeat (RemovedImageIds=a&RemovedImageIds=b). */
const LIST_FIELDS = new Set(['removedimageids']);
const INDEX_MAX = 99;

/** What one upload request may cost: the image pool it waits its turn in, and its pixels together. */
export interface UploadLimits {
  images: ImageProcessor;
  maxPixelsPerRequest: number;
  /**
   * How long a request may hold the images it stored before it commits them: half the orphan
   * sweep's grace period, so the sweep never takes the images of an upload still in progress.
   */
  maxHoldMs: number;
}

export interface VehicleForm {
  /** Text fields shaped for the zod schema: indexed names become arrays of objects. */
  fields: Record<string, unknown>;
  images: StoredImage[];
}

/**
 * Reads a vehicle multipart body. Text fields named like `PropertyValues[2].Value` become
 * `{propertyValues: [.., .., {value}]}`; image parts are checked by their bytes, re-encoded and
 * written to the image store as they arrive (one file in memory at a time). Each image's size is read from its header
 * before it is decoded, and the request's images together may not exceed the pixel budget: a
 * request over it is refused before the image that would cross it costs any decoding. On any
 * failure the objects written so far are removed before the error goes on, so a refused request
 * leaves nothing behind.
 */
export async function readVehicleForm(
  request: FastifyRequest,
  store: ObjectStore,
  limits: UploadLimits,
  /** The store's folder of the images: 'vehicles' (swept for orphans, ADR 014), or 'claims' for damage claims' photos. */
  folder = 'vehicles',
): Promise<VehicleForm> {
  if (!request.isMultipart()) {
    throw new AppError(415, ErrorCode.UnsupportedMediaType, 'Send the vehicle as multipart/form-data.');
  }
  // No prototype: a field named `__proto__` or `constructor` is just an unknown field.
  const fields = Object.create(null) as Record<string, unknown>;
  const images: StoredImage[] = [];
  let pixels = 0;
  // A refused part does not stop the reading: the rest of the body is drained so that the client,
  // still uploading, receives the 4xx answer instead of a reset connection.
  let refusal: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (refusal !== undefined || !IMAGE_FIELDS.has(imageFieldName(part.fieldname))) {
          await discard(part.file);
          continue;
        }
        const bytes = await part.toBuffer();
        if (bytes.length === 0 && !part.filename) continue; // an empty file input
        try {
          pixels += await claimPixels(bytes, pixels, limits.maxPixelsPerRequest, part.filename);
          images.push(await storeUpload(bytes, store, limits.images, request.log, folder));
        } catch (error) {
          refusal = error;
        }
      } else if (refusal === undefined) {
        if (part.valueTruncated) {
          refusal = AppError.validation(`The field ${part.fieldname} is too long.`, { [part.fieldname]: ['This value is too long.'] });
          continue;
        }
        addField(fields, part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
      }
    }
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows the error caught above (from the pixel budget or the store) unchanged.
    if (refusal !== undefined) throw refusal;
    // A very slow upload: its first images are near the age at which the sweep takes unnamed ones.
    if (images.length > 0 && Date.now() - Math.min(...images.map((i) => i.writtenAt)) > limits.maxHoldMs) {
      throw new AppError(408, ErrorCode.RequestTimeout, 'The upload took too long. Please send the vehicle again.');
    }
  } catch (error) {
    // The rest of the body is not parsed any more, only read and dropped (see releaseUnreadBody).
    if (!request.raw.readableEnded) request.raw.unpipe();
    await deleteObjectsQuietly(store, keysOfStored(images));
    throw mapMultipartError(error);
  }
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) fields[key] = value.filter((item) => item !== undefined);
  }
  return { fields, images };
}

/** The largest body a valid upload can have, about: a body a refusal left unread beyond this is not drained. */
const MAX_DRAIN_BYTES = MAX_IMAGE_BYTES * (MAX_VEHICLE_IMAGES + 1);

/**
 * After a refusal, the part of the body not read yet (the multipart reader stops at the refused
 * part and leaves the request paused) is read and dropped while the answer goes out, so the next
 * request on the keep-alive connection is answered: behind a balancer's pool it may be another
 * user's. A body declared larger than any valid upload, or of unknown length, is not waited for:
 * the answer says `Connection: close` and the connection ends with it. Called on every answer of
 * the upload routes (a body read to its end needs nothing).
 */
export function releaseUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  const declared = Number(raw.headers['content-length']);
  if (!(declared <= MAX_DRAIN_BYTES)) void reply.header('connection', 'close');
  raw.unpipe();
  raw.resume();
}

/** 'Images', 'images[3]', 'NewImages' -> 'images' / 'newimages'. */
function imageFieldName(name: string): string {
  return name.toLowerCase().replace(/\[\d*\]$/, '');
}

async function discard(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of stream) {
    // read and dropped
  }
}

const imageError = (status: number, code: ErrorCode, message: string) => new AppError(status, code, message, { images: [message] });

/** 'notes.pdf: Only JPEG, PNG or WebP images are accepted.': the refusal names the file when it has a name. */
const naming = (filename: string | undefined, message: string) => (filename ? `${filename}: ${message}` : message);

/** The image's pixels, read from its header, if they fit in what is left of the request's budget. */
async function claimPixels(bytes: Buffer, usedSoFar: number, budget: number, filename?: string): Promise<number> {
  if (!sniffImageKind(bytes)) throw imageError(415, ErrorCode.UnsupportedMediaType, naming(filename, VehicleMessages.imageType));
  const size = await readImageSize(bytes);
  if (!size) throw imageError(400, ErrorCode.ValidationFailed, VehicleMessages.imageUnreadable);
  const pixels = size.width * size.height;
  if (pixels > MAX_INPUT_PIXELS) throw imageError(413, ErrorCode.PayloadTooLarge, VehicleMessages.imageTooManyPixels);
  if (usedSoFar + pixels > budget) {
    const megapixels = Math.floor(budget / 1_000_000);
    throw imageError(
      413,
      ErrorCode.PayloadTooLarge,
      `These images are too large together: one upload may carry at most ${megapixels} megapixels in all ` +
        `(about ${Math.max(1, Math.floor(megapixels / 12))} photos of 12 megapixels). Send fewer or smaller images.`,
    );
  }
  return pixels;
}

async function storeUpload(
  bytes: Buffer,
  store: ObjectStore,
  processor: ImageProcessor,
  log: FastifyBaseLogger,
  folder: string,
): Promise<StoredImage> {
  let encoded;
  try {
    encoded = await processor.encode(bytes);
  } catch (error) {
    if (error instanceof ImagePoolBusyError) {
      throw AppError.unavailable('Many photos are being processed right now. Please try again in a minute.');
    }
    if (error instanceof ImageWorkerExitedError) {
      // The worker crashed, was stopped or cannot start: not the photo's fault as far as anyone can tell.
      log.error({ err: error }, 'image worker: an image was not processed');
      throw AppError.unavailable('The photos could not be processed just now. Please try again in a moment.');
    }
    throw imageError(400, ErrorCode.ValidationFailed, VehicleMessages.imageUnreadable);
  }
  try {
    return await writeImageVariants(store, folder, encoded);
  } catch (error) {
    // The store's failure, not the user's: reported, and answered as a temporary one.
    log.error({ err: error }, 'image store: write failed');
    throw AppError.unavailable('The photos cannot be stored right now. Try again in a moment.');
  }
}

const NAME = /^([A-Za-z][A-Za-z0-9_]*)(?:\[(\d{1,3})\])?(?:(?:\.|\[)([A-Za-z][A-Za-z0-9_]*)\]?)?$/;

/** Puts one text field into the shape the schema reads; unknown shapes are ignored like unknown JSON properties. */
function addField(fields: Record<string, unknown>, name: string, value: string): void {
  // The JSON bodies' and queries' rule; the multipart reader keeps names to 100 bytes already.
  if (nameDepth(name) > MAX_INPUT_DEPTH) throw AppError.validation(InputBoundsMessages.fieldNameTooDeep);
  const match = NAME.exec(name.trim());
  if (!match) return;
  const [, top, indexText, sub] = match;
  const key = top!.toLowerCase();
  if (indexText === undefined) {
    if (sub) return;
    if (LIST_FIELDS.has(key)) {
      const list = (fields[key] ??= []) as unknown[];
      if (Array.isArray(list)) list.push(value);
      return;
    }
    fields[key] = value;
    return;
  }
  const index = Number(indexText);
  if (index > INDEX_MAX) throw AppError.validation('Too many indexed values.', { [top!]: ['Too many values.'] });
  const list = Array.isArray(fields[key]) ? (fields[key] as unknown[]) : (fields[key] = []);
  if (!sub) {
    list[index] = value;
    return;
  }
  const item = (list[index] ??= Object.create(null)) as Record<string, unknown>;
  item[sub.toLowerCase()] = value;
}

function mapMultipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(413, ErrorCode.PayloadTooLarge, VehicleMessages.imageTooLarge, { images: [VehicleMessages.imageTooLarge] });
  }
  if (code === 'FST_FILES_LIMIT') return AppError.validation(VehicleMessages.tooManyImages, { images: [VehicleMessages.tooManyImages] });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, ErrorCode.PayloadTooLarge, 'The form has too many fields.');
  }
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_INVALID_JSON_FIELD_ERROR') {
    return AppError.validation('The form data is not valid.');
  }
  if (error instanceof Error && /multipart|part terminated|unexpected end/i.test(error.message)) {
    return AppError.validation('The form data is not valid.');
  }
  return error;
}
