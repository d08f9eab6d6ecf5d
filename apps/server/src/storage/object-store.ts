import type { Readable } from 'node:stream';

/** What the store knows of one object. */
export interface ObjectInfo {
  size: number;
  contentType: string;
  /** Quoted, as HTTP sends it: a strong MD5 from S3, a weak size-and-time tag from the local folder. */
  etag: string;
  lastModified: Date | undefined;
}

/** One object as list() sees it. */
export interface ListedObject {
  key: string;
  size: number;
  /** When the object was last written: the file's mtime, or S3's LastModified (whole seconds). */
  lastModified: Date;
}

/** An object to send: its bytes as a stream, or none when the caller's ETag still matches. */
export interface ObjectRead {
  info: ObjectInfo;
  /** Undefined when `ifNoneMatch` matched: answer 304. */
  body: Readable | undefined;
}

/**
 * Where uploaded images live. Keys are relative paths ('vehicles/<uuid>.webp', see isObjectKey);
 * the URLs the API hands out are `images/<key>`. Every instance of the app must see the same store,
 * so a local folder is only right for one instance (or a shared file system).
 */
export interface ObjectStore {
  readonly driver: 'local' | 's3';
  /** Writes the whole object; a reader never sees half of it. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or undefined when there is none. */
  get(key: string, options?: { ifNoneMatch?: string }): Promise<ObjectRead | undefined>;
  head(key: string): Promise<ObjectInfo | undefined>;
  /** Removes the objects; a key with no object is not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every key under the prefix ('' for all), in no promised order, with its size and when it was written. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** A URL the object is publicly readable at, when the store has one (S3_PUBLIC_URL). */
  publicUrl(key: string): string | undefined;
  close(): Promise<void>;
}

/** 1 to 8 segments of letters, digits, '.', '_' and '-', none starting with a dot: no '..', no hidden files. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}(\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}){0,7}$/;

export function isObjectKey(key: string): boolean {
  return KEY.test(key);
}

export function assertObjectKey(key: string): void {
  if (!isObjectKey(key)) throw new Error(`Not a valid object key: ${JSON.stringify(key)}`);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
};

/** The content type a key's extension names; the local folder keeps no other record of it. */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** If-None-Match against an ETag, by the weak comparison HTTP caches use for GET. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
