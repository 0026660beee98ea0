import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalBlobStore, isBlobKey } from './localStore';
import { BlobTooLargeError } from './store';

let root: string;
afterEach(() => rm(root, { recursive: true, force: true }));

const bytes = (text: string) => Readable.from([Buffer.from(text)]);

describe('local blob store', () => {
  it('stages, commits atomically and reads back; leftovers of a crash are cleaned at start', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'bk-blobs-'));
    const store = createLocalBlobStore(root);
    const kept = await store.stage(bytes('hello'));
    expect([kept.size, kept.head.toString()]).toEqual([5, 'hello']);
    await kept.commit('file/aaaaaaaaaaaaaaaaaaaaaaaa');
    await kept.settle();
    const orphan = await store.stage(bytes('half'));
    await orphan.commit('file/bbbbbbbbbbbbbbbbbbbbbbbb'); // the process "dies" before the document is written
    await store.stage(bytes('staged only')); // and before this one was committed
    const restarted = createLocalBlobStore(root);
    expect(await restarted.cleanLeftovers(async (key) => key.endsWith('a'))).toBe(2);
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
    expect(await restarted.stat('file/bbbbbbbbbbbbbbbbbbbbbbbb')).toBeUndefined();
    const stream = await restarted.read('file/aaaaaaaaaaaaaaaaaaaaaaaa', { start: 1, end: 3 });
    expect(Buffer.concat(await stream!.toArray()).toString()).toBe('ell');
  });

  it('refuses more than the limit while streaming and keys that could escape', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'bk-blobs-'));
    const store = createLocalBlobStore(root);
    await expect(
      store.stage(Readable.from([Buffer.alloc(10), Buffer.alloc(10)]), { limit: 15 }),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
    for (const key of ['../x', 'file/../../x', '/etc/passwd', 'file/.', 'file', 'file/a\u0000b', 'File/x'])
      expect(isBlobKey(key), key).toBe(false);
    await expect(store.put('file/../../evil', Buffer.from('x'))).rejects.toThrow(/Invalid blob key/);
  });
});
