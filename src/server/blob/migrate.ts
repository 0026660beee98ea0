import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isBlobKey } from './localStore';
import type { S3BlobStore } from './s3Store';

export interface MigrationSummary {
  /** Blobs found on local disk. */
  found: number;
  copied: number;
  /** Already in the bucket with the same size and SHA-256. */
  skipped: number;
  bytesCopied: number;
  /** Keys whose object, read back, does not have the local file's SHA-256. */
  mismatched: string[];
  /** Files below the root that are not blob keys (left alone). */
  ignored: string[];
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    hash.update(chunk as Buffer);
  }
  return { sha256: hash.digest('hex'), size };
}

/** SHA-256 of the object as the bucket serves it (streamed, never held whole). */
async function readBack(target: S3BlobStore, key: string): Promise<string | undefined> {
  const stream = await target.read(key);
  return stream && (await sha256Of(stream)).sha256;
}

/** Every blob key below `root` (the local store's folder), without its staging area. */
async function localKeys(root: string): Promise<{ keys: string[]; ignored: string[] }> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const keys: string[] = [];
  const ignored: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (key.startsWith('.tmp/')) continue;
    (isBlobKey(key) ? keys : ignored).push(key);
  }
  return { keys: keys.sort(), ignored };
}

/**
 * Copies the local blobs below `root` into the bucket and verifies each copy by reading it back and
 * comparing SHA-256. Safe to run again: an object with the same size and checksum is skipped.
 */
export async function migrateLocalBlobs(
  root: string,
  target: S3BlobStore,
  report: (line: string) => void = () => undefined,
): Promise<MigrationSummary> {
  const { keys, ignored } = await localKeys(root);
  const summary: MigrationSummary = {
    found: keys.length,
    copied: 0,
    skipped: 0,
    bytesCopied: 0,
    mismatched: [],
    ignored,
  };
  for (const key of keys) {
    const file = path.join(root, ...key.split('/'));
    const local = await sha256Of(createReadStream(file));
    const existing = await target.stat(key);
    if (existing && existing.size === local.size) {
      const remote = existing.sha256 ?? (await readBack(target, key));
      if (remote === local.sha256) {
        summary.skipped++;
        continue;
      }
    }
    await target.upload(key, createReadStream(file), local.sha256);
    const copied = await readBack(target, key);
    if (copied !== local.sha256) {
      summary.mismatched.push(key);
      report(`MISMATCH ${key}: local sha256 ${local.sha256}, bucket ${copied ?? 'missing'}`);
      continue;
    }
    summary.copied++;
    summary.bytesCopied += local.size;
    report(`copied ${key} (${local.size} bytes, sha256 verified)`);
  }
  return summary;
}
