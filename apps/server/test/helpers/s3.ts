import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';

/** A real S3-compatible server the test command started (scripts/swift.mjs), as TEST_S3_* describe it. */
export interface S3TestServer {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export function s3TestServer(): S3TestServer | undefined {
  const e = process.env;
  if (!e.TEST_S3_ENDPOINT || !e.TEST_S3_BUCKET || !e.TEST_S3_ACCESS_KEY_ID || !e.TEST_S3_SECRET_ACCESS_KEY) return undefined;
  return {
    endpoint: e.TEST_S3_ENDPOINT,
    region: e.TEST_S3_REGION ?? 'us-east-1',
    bucket: e.TEST_S3_BUCKET,
    accessKeyId: e.TEST_S3_ACCESS_KEY_ID,
    secretAccessKey: e.TEST_S3_SECRET_ACCESS_KEY,
  };
}

const INSTALL = 'apt-get install -y --no-install-recommends swift swift-proxy swift-object swift-container swift-account memcached';

/**
 * A suite on the S3 server, or, without one, a single skipped line saying how to get it: `npm test`
 * starts Swift when it is installed; a single file runs with `node scripts/swift.mjs start`'s exports.
 */
export function describeWithS3(name: string, body: (server: S3TestServer) => void): void {
  const server = s3TestServer();
  if (!server) {
    const line = `${name}: skipped, no S3 server (TEST_S3_ENDPOINT unset); install Swift (${INSTALL}) and run npm test`;
    console.warn(line);
    it.skip(line);
    return;
  }
  describe(name, () => body(server));
}

/**
 * The app's environment for the S3 driver on the test server, under a key prefix of its own, so
 * test files sharing the bucket never see each other's objects.
 */
export function s3StorageEnv(server: S3TestServer, prefix = `t-${randomUUID().slice(0, 8)}/`): Record<string, string> {
  return {
    STORAGE: 's3',
    S3_ENDPOINT: server.endpoint,
    S3_REGION: server.region,
    S3_BUCKET: server.bucket,
    S3_ACCESS_KEY_ID: server.accessKeyId,
    S3_SECRET_ACCESS_KEY: server.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: prefix,
  };
}
