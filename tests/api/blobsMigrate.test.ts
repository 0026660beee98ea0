import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from '../../src/server/blob/localStore';
import { migrateLocalBlobs } from '../../src/server/blob/migrate';
import { createS3BlobStore, type S3BlobStore } from '../../src/server/blob/s3Store';
import { startS3Server } from '../helpers/s3Server';

const run = promisify(execFile);
let s3: Awaited<ReturnType<typeof startS3Server>>;
let dataDir: string;
let bucket: S3BlobStore;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const big = Buffer.alloc(7 * 1024 * 1024 + 123);
for (let i = 0; i < big.length; i++) big[i] = (i * 31 + (i >> 12)) & 0xff;
const blobs: Record<string, Buffer> = {
  'file/0123456789abcdef01234567': Buffer.from('Rechnung 2024'),
  'file/89abcdef0123456789abcdef': big,
  'preset/0123456789abcdef01234567/thumbnail.webp': Buffer.from('RIFF....WEBP'),
};

/** `npm run blobs:migrate` as a user runs it: its own process, configured by the environment. */
async function migrate(): Promise<{ code: number; out: string }> {
  const env = { ...process.env, ...s3.env, DATA_DIR: dataDir };
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/blobsMigrate.ts'], { env, timeout: 60_000 });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

beforeAll(async () => {
  s3 = await startS3Server('baukasten-migrate');
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bk-migrate-'));
  const local = createLocalBlobStore(path.join(dataDir, 'blobs'));
  for (const [key, bytes] of Object.entries(blobs)) await local.put(key, bytes);
  // Not a blob key: the migration leaves it alone instead of inventing a key.
  await writeFile(path.join(dataDir, 'blobs', 'README'), 'notes');
  bucket = createS3BlobStore(s3.config, createLocalBlobStore(path.join(dataDir, 'staging')));
});

afterAll(async () => {
  bucket?.client.destroy();
  await s3?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('npm run blobs:migrate', () => {
  it('copies every local blob, verified by SHA-256; a second run copies nothing', async () => {
    const first = await migrate();
    expect(first.code, first.out).toBe(0);
    expect(first.out).toMatch(
      /3 blobs: 3 copied \(\d+ bytes\), 0 already present, 0 mismatched; 1 other files left alone/,
    );
    expect(first.out).not.toMatch(/Warning/);
    for (const [key, bytes] of Object.entries(blobs)) {
      const info = await bucket.stat(key);
      expect(info, key).toMatchObject({ size: bytes.length, sha256: sha256(bytes) });
      const stream = await bucket.read(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream!) chunks.push(chunk as Buffer);
      expect(sha256(Buffer.concat(chunks)), key).toBe(sha256(bytes));
    }

    const second = await migrate();
    expect(second.code, second.out).toBe(0);
    expect(second.out).toMatch(/3 blobs: 0 copied \(0 bytes\), 3 already present, 0 mismatched/);
  });

  it('copies again what differs in the bucket', async () => {
    const key = 'file/0123456789abcdef01234567';
    // Same size, other bytes, no checksum in the metadata (written by another tool).
    await bucket.upload(key, Readable.from([Buffer.from('Rechnung 1999')]), 'unknown');
    const summary = await migrateLocalBlobs(path.join(dataDir, 'blobs'), bucket);
    expect(summary).toMatchObject({ found: 3, copied: 1, skipped: 2, mismatched: [] });
    expect((await bucket.stat(key))?.sha256).toBe(sha256(blobs[key]));
  });

  it('reports a copy whose bytes read back differ; the script refuses a bucket that does not answer', async () => {
    const key = 'file/89abcdef0123456789abcdef';
    await bucket.delete(key);
    // A bucket that corrupts what it stores: the read-back is one byte off.
    const corrupting: S3BlobStore = {
      ...bucket,
      async read(readKey, range) {
        const stream = await bucket.read(readKey, range);
        if (!stream || readKey !== key) return stream;
        const out = new PassThrough();
        let first = true;
        stream.on('data', (chunk: Buffer) => {
          if (first) chunk = Buffer.concat([Buffer.from([chunk[0] ^ 1]), chunk.subarray(1)]);
          first = false;
          out.write(chunk);
        });
        stream.on('end', () => out.end());
        return out;
      },
    };
    const lines: string[] = [];
    const summary = await migrateLocalBlobs(path.join(dataDir, 'blobs'), corrupting, (line) => lines.push(line));
    expect(summary.mismatched).toEqual([key]);
    expect(lines.join('\n')).toMatch(/MISMATCH file\/89abcdef0123456789abcdef/);

    // The bucket now holds an object of the right size with a recorded checksum the bytes do not have.
    await bucket.upload(key, Readable.from([Buffer.alloc(big.length, 7)]), sha256(Buffer.alloc(big.length, 7)));
    const fixed = await migrate();
    expect(fixed.code, fixed.out).toBe(0);
    expect(fixed.out).toMatch(/1 copied/);

    await s3.stop();
    const down = await migrate();
    expect(down.code).toBe(2);
    expect(down.out).toMatch(/does not answer/);
    await s3.start();
  });
});
