import path from 'node:path';
import { ConfigError, type ServerConfig } from '../config';
import { createLocalBlobStore } from './localStore';
import { createS3BlobStore } from './s3Store';
import type { BlobStore } from './store';

/** The blob store the configuration names: local disk below DATA_DIR/blobs (default), or an S3 bucket. */
export function openBlobStore(config: Pick<ServerConfig, 'blobStore' | 's3' | 'dataDir'>): BlobStore {
  if (config.blobStore !== 's3') return createLocalBlobStore(path.join(config.dataDir, 'blobs'));
  if (!config.s3) throw new ConfigError('BLOB_STORE=s3 needs the bucket settings (S3_BUCKET, AWS_REGION, ...)');
  // Uploads are staged (hashed, sniffed, probed) on local disk before they stream to the bucket.
  return createS3BlobStore(config.s3, createLocalBlobStore(path.join(config.dataDir, 'staging')));
}
