import { loadConfig } from '../config/env';
import { copyObjects } from './copy-objects';
import { createObjectStore } from './create-object-store';
import { createLocalObjectStore } from './local-object-store';

// `npm run storage:migrate`: copies the local UPLOAD_DIR into the bucket STORAGE=s3 names. Safe to
// run again (objects already there are skipped), e.g. once before switching and once after the last
// instance on the folder has stopped.
const config = loadConfig();
if (config.storage.driver !== 's3') {
  console.error('storage:migrate copies UPLOAD_DIR into an S3 bucket: set STORAGE=s3 and the S3_* settings (see the README).');
  process.exit(2);
}
const target = createObjectStore(config.storage);
const where = `s3://${config.storage.bucket}/${config.storage.prefix}`;
console.log(`storage:migrate: ${config.uploadDir} -> ${where}`);
try {
  let shown = 0;
  const report = await copyObjects(createLocalObjectStore(config.uploadDir), target, {
    onCopied: () => {
      shown += 1;
      if (shown % 500 === 0) console.log(`storage:migrate: ${shown} copied so far`);
    },
  });
  const megabytes = (report.bytes / 1_048_576).toFixed(1);
  console.log(`storage:migrate: ${report.copied} copied (${megabytes} MB), ${report.skipped} already there`);
} catch (error) {
  console.error(`storage:migrate failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await target.close();
}
