import type { StorageConfig } from '../config/env';
import { createLocalObjectStore } from './local-object-store';
import type { ObjectStore } from './object-store';
import { createS3ObjectStore } from './s3-object-store';

/** The store STORAGE names: the local UPLOAD_DIR (default) or an S3-compatible bucket. */
export function createObjectStore(config: StorageConfig): ObjectStore {
  return config.driver === 's3' ? createS3ObjectStore(config) : createLocalObjectStore(config.uploadDir);
}
