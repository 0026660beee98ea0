import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import os from 'node:os';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config';
import { isAlive, isBlobKey } from './localStore';
import type { BlobInfo, BlobStore, PendingBlob } from './store';

/** Multipart part size: S3's minimum; at most QUEUE_SIZE parts of one upload are in memory at a time. */
export const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;
const JOURNAL = 'tmp/';
const STALE_JOURNAL_MS = 60 * 60 * 1000;

/** The S3 store, with what `blobs:migrate` and the tests need beyond the BlobStore interface. */
export interface S3BlobStore extends BlobStore {
  readonly kind: 's3';
  readonly client: S3Client;
  readonly bucket: string;
  /** Streams `body` to `key` (multipart when larger than one part), recording its SHA-256 in the metadata. */
  upload(key: string, body: Readable, sha256: string): Promise<void>;
}

export function createS3Client(config: S3Config): S3Client {
  // The SDK warns on every start that its releases after January 2027 need Node 22; we support Node 20
  // (engines) and say so in the README. Its maintainers name this variable for silencing it
  // (aws/aws-sdk-js-v3#7983); an operator's own setting wins.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Many S3-compatible stores reject the SDK's default request checksums (aws-chunked trailers).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isNotFound = (error: unknown) => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NotFound' || failure.name === 'NoSuchKey' || failure.$metadata?.httpStatusCode === 404;
};

function checkKey(key: string): string {
  if (!isBlobKey(key)) throw new Error(`Invalid blob key ${JSON.stringify(key)}`);
  return key;
}

/**
 * File bytes in an S3-compatible bucket. Uploads are staged on local disk by `staging` (hashed, sniffed and
 * probed by sharp as with the local store), then streamed to the bucket in `commit`; a journal object under
 * `tmp/` covers a crash between commit and settle, as the local store's `.commit` file does.
 */
export function createS3BlobStore(config: S3Config, staging: BlobStore): S3BlobStore {
  const client = createS3Client(config);
  const Bucket = config.bucket;
  const host = os.hostname().replace(/[^A-Za-z0-9]/g, '_');
  let journals = 0;

  async function upload(key: string, body: Readable, sha256: string): Promise<void> {
    const params = { Bucket, Key: checkKey(key), Body: body, Metadata: { sha256 } };
    const run = new Upload({ client, params, partSize: PART_SIZE, queueSize: QUEUE_SIZE, leavePartsOnError: false });
    await run.done();
  }

  async function deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
    }
  }

  async function list(Prefix: string): Promise<Array<{ key: string; modifiedAt?: Date }>> {
    const found: Array<{ key: string; modifiedAt?: Date }> = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
      for (const item of page.Contents ?? [])
        if (item.Key) found.push({ key: item.Key, modifiedAt: item.LastModified });
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found;
  }

  const putJournal = (name: string, key: string) =>
    client.send(new PutObjectCommand({ Bucket, Key: name, Body: key, ContentType: 'text/plain' }));

  return {
    kind: 's3',
    client,
    bucket: Bucket,
    upload,

    async check(signal) {
      await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: signal });
    },

    async stage(source, options): Promise<PendingBlob> {
      const staged = await staging.stage(source, options);
      const file = staged.localPath;
      if (!file) throw new Error('The staging store of the S3 store must be local');
      let journal: string | undefined;
      return {
        size: staged.size,
        sha256: staged.sha256,
        head: staged.head,
        localPath: file,
        async commit(key) {
          checkKey(key);
          journal = `${JOURNAL}${host}~${process.pid}~${Date.now()}~${journals++}.commit`;
          await putJournal(journal, key);
          try {
            await upload(key, createReadStream(file), staged.sha256);
          } catch (error) {
            // Nothing was committed (Upload aborts its parts): the journal has nothing to guard.
            await client.send(new DeleteObjectCommand({ Bucket, Key: journal })).catch(() => undefined);
            journal = undefined;
            throw error;
          }
          await staged.discard();
        },
        async settle() {
          if (journal) await client.send(new DeleteObjectCommand({ Bucket, Key: journal }));
          journal = undefined;
        },
        discard: () => staged.discard(),
      };
    },

    async put(key, bytes) {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: bytes, Metadata: { sha256 } }));
    },

    async stat(key): Promise<BlobInfo | undefined> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return {
          size: head.ContentLength ?? 0,
          modifiedAt: head.LastModified ?? new Date(0),
          sha256: head.Metadata?.sha256,
        };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async read(key, range): Promise<Readable | undefined> {
      try {
        const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key), Range }));
        // In Node the body is the HTTP response itself: a Readable streamed from the bucket.
        return object.Body as Readable | undefined;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    // Like the local store's recursive rm: the key and anything below `key/`.
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
      const below = await list(`${key}/`);
      if (below.length) await deleteKeys(below.map((item) => item.key));
    },

    async freeBytes() {
      return undefined;
    },

    async cleanLeftovers(isReferenced) {
      let removed = await staging.cleanLeftovers(async () => true);
      for (const { key: name, modifiedAt } of await list(JOURNAL)) {
        const [writerHost, pid] = name.slice(JOURNAL.length).split('~');
        const mine = writerHost === host && Number(pid) === process.pid;
        const old = !modifiedAt || Date.now() - modifiedAt.getTime() > STALE_JOURNAL_MS;
        // Another process on this machine that is gone, or any journal older than an upload can take.
        const dead = writerHost === host && !isAlive(Number(pid));
        if (!(mine || dead || old)) continue;
        const object = await client.send(new GetObjectCommand({ Bucket, Key: name })).catch(() => undefined);
        const key = ((await object?.Body?.transformToString()) ?? '').trim();
        if (isBlobKey(key) && !(await isReferenced(key)))
          await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
        await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
        removed++;
      }
      return removed;
    },
  };
}
