import { randomUUID } from 'node:crypto';
import type { EncodedImage } from '../lib/images';
import { isObjectKey, type ObjectStore } from './object-store';

/** An uploaded image once it is in the store. */
export interface StoredImage {
  /** Relative URLs as the API serves them: images/vehicles/<uuid>.webp */
  largePath: string;
  thumbPath: string;
  /** The store's keys of both variants, to remove them if the request fails later. */
  keys: string[];
  /** Wall time (ms) just before the first variant was written: how long a request has held it (see the orphan sweep). */
  writtenAt: number;
}

const URL_PREFIX = 'images/';

/** Writes both variants under <folder>/ with a new uuid name; on a failure, what was written goes again. */
export async function writeImageVariants(store: ObjectStore, folder: string, encoded: EncodedImage): Promise<StoredImage> {
  const name = randomUUID();
  const largeKey = `${folder}/${name}.webp`;
  const thumbKey = `${folder}/${name}-thumb.webp`;
  const written: string[] = [];
  const writtenAt = Date.now();
  try {
    await store.put(largeKey, encoded.large, 'image/webp');
    written.push(largeKey);
    await store.put(thumbKey, encoded.thumb, 'image/webp');
    written.push(thumbKey);
  } catch (error) {
    await deleteObjectsQuietly(store, written);
    throw error;
  }
  return { largePath: URL_PREFIX + largeKey, thumbPath: URL_PREFIX + thumbKey, keys: written, writtenAt };
}

/** The store key behind a relative image URL ('images/vehicles/x.webp' -> 'vehicles/x.webp'), or undefined. */
export function keyOfImageUrl(url: string): string | undefined {
  if (!url.startsWith(URL_PREFIX)) return undefined;
  const key = url.slice(URL_PREFIX.length);
  return isObjectKey(key) ? key : undefined;
}

/** The keys of both variants of stored image rows. */
export function keysOfImages(images: readonly { largePath: string; thumbPath: string }[]): string[] {
  return images.flatMap((i) => [keyOfImageUrl(i.largePath), keyOfImageUrl(i.thumbPath)]).filter((k): k is string => k !== undefined);
}

/**
 * Removes objects a request does not keep. Never throws: on a failing request the original error is
 * what the client must get, and after a commit the change stands; a leftover object is harmless (no
 * row points at it), so the failure is only reported to `onError`.
 */
export async function deleteObjectsQuietly(
  store: ObjectStore,
  keys: readonly string[],
  onError: (error: unknown) => void = () => undefined,
): Promise<void> {
  if (keys.length === 0) return;
  try {
    await store.delete(keys);
  } catch (error) {
    onError(error);
  }
}

/** The keys of uploads a request wrote, to remove them when it fails. */
export function keysOfStored(images: readonly StoredImage[]): string[] {
  return images.flatMap((i) => i.keys);
}
