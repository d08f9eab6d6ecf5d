import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config/env';
import { assertObjectKey, contentTypeOfKey, isObjectKey, type ObjectInfo, type ObjectStore } from './object-store';

export type S3StorageConfig = Extract<StorageConfig, { driver: 's3' }>;

/** Uploads never change under their name, so whoever serves them (the app, a CDN, the bucket) may cache them for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** S3's limit on keys per DeleteObjects request. */
const DELETE_BATCH = 1000;

/**
 * An S3-compatible bucket (AWS S3, R2, MinIO, Ceph RGW, Swift's s3api) through the AWS SDK v3:
 * what several instances share. Keys are stored under the configured prefix.
 */
export function createS3ObjectStore(config: S3StorageConfig): ObjectStore {
  const client = createS3Client(config);
  const objectKey = (key: string) => {
    assertObjectKey(key);
    return config.prefix + key;
  };

  return {
    driver: 's3',

    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
    },

    async get(key, options = {}) {
      if (!isObjectKey(key)) return undefined;
      try {
        const response = await client.send(
          new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key), IfNoneMatch: options.ifNoneMatch }),
        );
        const info: ObjectInfo = {
          size: response.ContentLength ?? 0,
          contentType: response.ContentType ?? contentTypeOfKey(key),
          etag: response.ETag ?? '',
          lastModified: response.LastModified,
        };
        // In Node the SDK's body is the HTTP response stream itself.
        return { info, body: response.Body as Readable };
      } catch (error) {
        const status = statusOf(error);
        if (status === 404) return undefined;
        if (status === 304) {
          return {
            info: { size: 0, contentType: contentTypeOfKey(key), etag: options.ifNoneMatch ?? '', lastModified: undefined },
            body: undefined,
          };
        }
        throw error;
      }
    },

    async head(key) {
      if (!isObjectKey(key)) return undefined;
      try {
        const response = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        return {
          size: response.ContentLength ?? 0,
          contentType: response.ContentType ?? contentTypeOfKey(key),
          etag: response.ETag ?? '',
          lastModified: response.LastModified,
        };
      } catch (error) {
        if (statusOf(error) === 404) return undefined;
        throw error;
      }
    },

    async delete(keys) {
      const all = keys.map(objectKey);
      for (let start = 0; start < all.length; start += DELETE_BATCH) {
        const batch = all.slice(start, start + DELETE_BATCH);
        const response = await client.send(
          new DeleteObjectsCommand({ Bucket: config.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
        // A missing key is deleted already; anything else (access denied...) is a failure.
        const failures = (response.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (failures.length > 0) {
          throw new Error(`S3 DeleteObjects failed for ${failures.length} key(s): ${failures[0]!.Code} ${failures[0]!.Message ?? ''}`);
        }
      }
    },

    async *list(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: config.bucket, Prefix: config.prefix + prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(config.prefix.length);
          // Every S3 listing carries LastModified; one that did not would read as written just now.
          if (key && isObjectKey(key)) yield { key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date() };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    publicUrl(key) {
      return config.publicUrl === undefined ? undefined : `${config.publicUrl}/${objectKey(key)}`;
    },

    close() {
      client.destroy();
      return Promise.resolve();
    },
  };
}

export function createS3Client(config: S3StorageConfig): S3Client {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where the API demands them: several S3-compatible servers (Swift 2.30's s3api
    // among them) refuse the SDK's default streamed, checksummed upload with 501.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that stops answering fails the request instead of holding it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  // DeleteObjects must carry a Content-MD5 for servers that predate S3's newer checksums (Swift's
  // s3api answers 400 without it); AWS accepts it too. Added before signing, so it is signed.
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown };
      if (
        context.commandName === 'DeleteObjectsCommand' &&
        request.headers &&
        (typeof request.body === 'string' || request.body instanceof Uint8Array)
      ) {
        request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
      }
      return next(args);
    },
    { step: 'build', name: 'deleteObjectsContentMd5' },
  );
  return client;
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode;
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}
