import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PART_SIZE, type S3BlobStore } from '../../src/server/blob/s3Store';
import { startS3Server } from '../helpers/s3Server';
import { pattern, sha256 } from '../helpers/bytes';
import { createTestApp } from '../helpers/testApp';

// The file flows of files.test.ts against BLOB_STORE=s3: a real S3-compatible server (s3rver) on a random port.
let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let store: S3BlobStore;

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ config: { blobStore: 's3', s3: s3.config, fileUploadLimitBytes: 64 * 1024 * 1024 } });
  admin = await t.login();
  store = t.app.services.blobs as S3BlobStore;
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
});

async function upload(name: string, body: Buffer | Readable, type: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/files/upload?name=${encodeURIComponent(name)}`,
    headers: { ...t.auth(admin), 'content-type': type },
    payload: body,
  });
}

async function head(key: string) {
  return store.client.send(new HeadObjectCommand({ Bucket: store.bucket, Key: key })).catch((error: Error) => {
    if (error.name === 'NotFound') return undefined;
    throw error;
  });
}

async function keys(prefix: string): Promise<string[]> {
  const listed = await store.client.send(new ListObjectsV2Command({ Bucket: store.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((item) => item.Key ?? '');
}

const download = (id: string, range?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/files/download?id=${id}`,
    headers: { ...t.auth(admin), ...(range ? { range } : {}) },
  });

describe('BLOB_STORE=s3', () => {
  it('stores uploads in the bucket (not on disk) and serves them whole and in ranges', async () => {
    expect(store.kind).toBe('s3');
    const bytes = Buffer.from('Hallo S3, ' + 'x'.repeat(500));
    const response = await upload('notes.txt', bytes, 'text/plain');
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json()._id as string;

    const object = await head(`file/${id}`);
    expect(object?.ContentLength).toBe(bytes.length);
    expect(object?.Metadata?.sha256).toBe(sha256(bytes));
    // Nothing of it stayed on local disk: the staging area is empty, there is no local blob folder.
    expect(await readdir(path.join(t.app.services.config.dataDir, 'staging', '.tmp'))).toEqual([]);
    await expect(readdir(path.join(t.app.services.config.dataDir, 'blobs'))).rejects.toThrow();

    const whole = await download(id);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    expect(whole.headers['accept-ranges']).toBe('bytes');

    const part = await download(id, 'bytes=6-15');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 6-15/${bytes.length}`);
    expect(part.headers['content-length']).toBe('10');
    expect(part.rawPayload.equals(bytes.subarray(6, 16))).toBe(true);

    const suffix = await download(id, 'bytes=-4');
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(bytes.subarray(-4))).toBe(true);
    expect((await download(id, `bytes=${bytes.length + 10}-`)).statusCode).toBe(416);
  });

  it('renders presets and previews into the bucket', async () => {
    const response = await upload('sky.png', await png(800, 600), 'image/png');
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json()._id as string;

    const thumb = await t.app.inject({ method: 'GET', url: `/api/files/imagePreset?id=${id}&preset=thumbnail` });
    expect(thumb.statusCode, thumb.body).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(153);
    const gallery = await t.app.inject({ method: 'GET', url: `/api/files/imagePreset?id=${id}&preset=gallery&w=480` });
    expect(gallery.statusCode, gallery.body).toBe(200);
    await t.app.services.files.generatePreset(id, 'favicon');

    const stored = await keys(`preset/${id}/`);
    expect(stored).toEqual(expect.arrayContaining([`preset/${id}/thumbnail.webp`, `preset/${id}/favicon.png`]));
    expect(stored.some((key) => key.startsWith(`preset/${id}/gallery@480`))).toBe(true);
    // Served from the bucket the second time: the same bytes.
    const again = await t.app.inject({ method: 'GET', url: `/api/files/imagePreset?id=${id}&preset=thumbnail` });
    expect(again.rawPayload.equals(thumb.rawPayload)).toBe(true);
    const preview = await t.app.inject({ method: 'GET', url: `/api/files/preview?id=${id}&preview=thumbnail` });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
  });

  it('streams a large upload to the bucket in parts, never holding the whole file', async () => {
    const size = 24 * 1024 * 1024;
    const bytes = pattern(size, 7);
    // Watch what the SDK sends: every part, and how many part bytes are in flight at once.
    const parts: number[] = [];
    let inFlight = 0;
    let peak = 0;
    let putBody: unknown;
    store.client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { Body?: unknown; Key?: string };
        // Preset jobs of earlier uploads may put their small renderings meanwhile: only the file counts.
        if (context.commandName === 'PutObjectCommand' && input.Key?.startsWith('file/')) putBody = input.Body;
        if (context.commandName !== 'UploadPartCommand') return next(args);
        const length = Buffer.byteLength(input.Body as Buffer);
        parts.push(length);
        inFlight += length;
        peak = Math.max(peak, inFlight);
        try {
          return await next(args);
        } finally {
          inFlight -= length;
        }
      },
      { step: 'initialize', name: 'watchParts' },
    );
    try {
      // A streamed body without a length, in 64 KiB chunks, as a browser sends it.
      const chunks = function* () {
        for (let offset = 0; offset < size; offset += 64 * 1024) yield bytes.subarray(offset, offset + 64 * 1024);
      };
      const response = await upload('big.bin', Readable.from(chunks()), 'application/octet-stream');
      expect(response.statusCode, response.body).toBe(200);
      const id = response.json()._id as string;

      expect(putBody).toBeUndefined();
      expect(parts.length).toBe(Math.ceil(size / PART_SIZE));
      expect(Math.max(...parts)).toBeLessThanOrEqual(PART_SIZE);
      // At most two parts in memory at once: well below the file's size.
      expect(peak).toBeLessThanOrEqual(2 * PART_SIZE);
      expect(peak).toBeLessThan(size / 2);
      const object = await head(`file/${id}`);
      expect(object?.ContentLength).toBe(size);
      expect(object?.Metadata?.sha256).toBe(sha256(bytes));

      const tail = await download(id, `bytes=${size - 100_000}-`);
      expect(tail.statusCode).toBe(206);
      expect(tail.headers['content-range']).toBe(`bytes ${size - 100_000}-${size - 1}/${size}`);
      expect(tail.rawPayload.equals(bytes.subarray(size - 100_000))).toBe(true);
      const middle = await download(id, `bytes=${PART_SIZE - 10}-${PART_SIZE + 9}`);
      expect(middle.rawPayload.equals(bytes.subarray(PART_SIZE - 10, PART_SIZE + 10))).toBe(true);
      const whole = await download(id);
      expect(sha256(whole.rawPayload)).toBe(sha256(bytes));
    } finally {
      store.client.middlewareStack.remove('watchParts');
    }
  });

  it('keeps nothing of a refused upload', async () => {
    const before = await keys('file/');
    const fake = await upload('fake.png', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    expect(fake.statusCode).toBe(415);
    expect(await keys('file/')).toEqual(before);
    expect(await readdir(path.join(t.app.services.config.dataDir, 'staging', '.tmp'))).toEqual([]);
  });

  it('deletes the bytes of a key and everything below it', async () => {
    const response = await upload('gone.txt', Buffer.from('bald weg'), 'text/plain');
    const id = response.json()._id as string;
    expect(await head(`file/${id}`)).toBeDefined();
    await store.delete(`file/${id}`);
    expect(await head(`file/${id}`)).toBeUndefined();
    expect(await store.stat(`file/${id}`)).toBeUndefined();
    expect(await store.read(`file/${id}`)).toBeUndefined();
    expect((await download(id)).statusCode).toBe(404);

    // Like the local store's recursive delete: a preset folder goes with everything in it.
    await store.put(`preset/${id}/thumbnail.webp`, Buffer.from('a'));
    await store.put(`preset/${id}/favicon.png`, Buffer.from('b'));
    expect((await keys(`preset/${id}/`)).length).toBe(2);
    await store.delete(`preset/${id}`);
    expect(await keys(`preset/${id}/`)).toEqual([]);
  });

  it('removes a blob committed by an upload that died before its document was saved', async () => {
    const pending = await store.stage(Readable.from([Buffer.from('orphan')]));
    await pending.commit('file/0123456789abcdef01234567');
    expect(await head('file/0123456789abcdef01234567')).toBeDefined();
    expect((await keys('tmp/')).length).toBe(1);
    // The process "died" here: no settle. The next start asks whether the key is referenced.
    expect(await store.cleanLeftovers(async () => false)).toBe(1);
    expect(await head('file/0123456789abcdef01234567')).toBeUndefined();
    expect(await keys('tmp/')).toEqual([]);
  });

  it('reports the blob store in /api/health: 503 while the bucket does not answer', async () => {
    const healthy = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toEqual({
      ok: true,
      draining: false,
      database: t.db.kind,
      blobStore: 's3',
      checks: { database: true, blobStore: true },
    });
    await s3.stop();
    try {
      const down = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        ok: false,
        draining: false,
        database: t.db.kind,
        blobStore: 's3',
        checks: { database: true, blobStore: false },
      });
    } finally {
      await s3.start();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
