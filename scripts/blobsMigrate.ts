/**
 * `npm run blobs:migrate`: copies every file of the local blob store (DATA_DIR/blobs) into the S3 bucket
 * configured by BLOB_STORE=s3 and the AWS_* / S3_* variables, and verifies each copy by SHA-256.
 * Safe to run again (objects already there with the same size and checksum are skipped); exits 1 on a mismatch.
 */
import path from 'node:path';
import { migrateLocalBlobs } from '../src/server/blob/migrate';
import { createLocalBlobStore } from '../src/server/blob/localStore';
import { createS3BlobStore } from '../src/server/blob/s3Store';
import { configFromEnv } from '../src/server/config';

function fail(message: string): never {
  console.error(`blobs:migrate: ${message}`);
  process.exit(2);
}

let config;
try {
  config = configFromEnv();
} catch (error) {
  fail((error as Error).message);
}
if (config.blobStore !== 's3' || !config.s3)
  fail('set BLOB_STORE=s3 and the bucket variables (S3_BUCKET, AWS_REGION, ...; see the README) to name the target');

const root = path.join(config.dataDir, 'blobs');
const target = createS3BlobStore(config.s3, createLocalBlobStore(path.join(config.dataDir, 'staging')));
await target.check().catch((error: Error) => fail(`the bucket ${config.s3?.bucket} does not answer: ${error.message}`));

console.log(`Copying ${root} to s3://${config.s3.bucket}`);
const summary = await migrateLocalBlobs(root, target, (line) => console.log(`  ${line}`));
console.log(
  `${summary.found} blobs: ${summary.copied} copied (${summary.bytesCopied} bytes), ` +
    `${summary.skipped} already present, ${summary.mismatched.length} mismatched` +
    (summary.ignored.length ? `; ${summary.ignored.length} other files left alone` : ''),
);
target.client.destroy();
if (summary.mismatched.length) {
  console.error(`Checksum mismatch: ${summary.mismatched.join(', ')}`);
  process.exit(1);
}
