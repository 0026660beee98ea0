import { createHash, randomBytes } from 'node:crypto';
import {
  access,
  constants,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  statfs,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BlobTooLargeError, type BlobStore, type PendingBlob, type WriteOptions } from './store';

const HEAD_BYTES = 4096;
const TEMP_DIR = '.tmp';
const STALE_TEMP_MS = 60 * 60 * 1000;

/** Is a process of this machine still running? (EPERM: it is, under another user.) */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
// Our keys only: lowercase area, then segments of safe characters; never `..`, never absolute.
const KEY = /^[a-z]+(?:\/[A-Za-z0-9][A-Za-z0-9_.@-]*)+$/;

export function isBlobKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').some((segment) => segment === '..' || segment === '.');
}

async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The blob store on local disk below `root` (DATA_DIR/blobs). */
export function createLocalBlobStore(root: string): BlobStore {
  const tempDir = path.join(root, TEMP_DIR);
  let ready: Promise<void> | undefined;
  const ensure = () => (ready ??= mkdir(tempDir, { recursive: true }).then(() => undefined));

  function pathOf(key: string): string {
    if (!isBlobKey(key)) throw new Error(`Invalid blob key ${JSON.stringify(key)}`);
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`Blob key escapes the store: ${key}`);
    return file;
  }

  // The writer is in the name: at start-up only leftovers of dead processes (or very old ones) are removed,
  // never the in-flight upload of another process sharing the directory.
  const host = os.hostname().replace(/[^A-Za-z0-9]/g, '_');
  const tempPath = () => path.join(tempDir, `${host}~${process.pid}~${randomBytes(8).toString('hex')}.part`);
  async function isLeftover(name: string): Promise<boolean> {
    const [writerHost, pid] = name.split('~');
    if (writerHost === host && (Number(pid) === process.pid || !isAlive(Number(pid)))) return true;
    const info = await stat(path.join(tempDir, name)).catch(() => undefined);
    return !info || Date.now() - info.mtimeMs > STALE_TEMP_MS;
  }

  async function commitFile(temp: string, key: string, durable: boolean): Promise<void> {
    const target = pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temp, target);
    if (durable) await fsyncDir(path.dirname(target));
  }

  return {
    kind: 'local',

    async check() {
      await ensure();
      await access(tempDir, constants.W_OK);
    },

    async stage(source, options: WriteOptions = {}): Promise<PendingBlob> {
      await ensure();
      const temp = tempPath();
      const handle = await open(temp, 'wx');
      const hash = createHash('sha256');
      const headParts: Buffer[] = [];
      let headLength = 0;
      let size = 0;
      try {
        for await (const chunk of source) {
          const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
          size += buffer.length;
          if (options.limit !== undefined && size > options.limit) throw new BlobTooLargeError(options.limit);
          if (headLength < HEAD_BYTES) {
            headParts.push(buffer.subarray(0, HEAD_BYTES - headLength));
            headLength += Math.min(buffer.length, HEAD_BYTES - headLength);
          }
          hash.update(buffer);
          await handle.write(buffer);
        }
        await handle.sync();
      } catch (error) {
        await handle.close().catch(() => undefined);
        await rm(temp, { force: true });
        throw error;
      }
      await handle.close();
      let settled = false;
      let journal: string | undefined;
      return {
        size,
        sha256: hash.digest('hex'),
        head: Buffer.concat(headParts),
        localPath: temp,
        async commit(key) {
          if (settled) throw new Error('Blob already committed or discarded');
          settled = true;
          pathOf(key);
          journal = temp.replace(/\.part$/, '.commit');
          await writeFile(journal, key);
          await commitFile(temp, key, true);
        },
        async settle() {
          if (journal) await rm(journal, { force: true });
          journal = undefined;
        },
        async discard() {
          if (settled) return;
          settled = true;
          await rm(temp, { force: true });
        },
      };
    },

    async put(key, bytes, options = {}) {
      await ensure();
      const temp = tempPath();
      const durable = options.durable !== false;
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(bytes);
        if (durable) await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await commitFile(temp, key, durable);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : undefined;
      } catch {
        return undefined;
      }
    },

    async read(key, range): Promise<Readable | undefined> {
      const file = pathOf(key);
      try {
        const handle = await open(file, 'r');
        return handle.createReadStream({ start: range?.start, end: range?.end, autoClose: true });
      } catch {
        return undefined;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true, recursive: true });
    },

    localPath: (key) => pathOf(key),

    async freeBytes() {
      try {
        await ensure();
        const info = await statfs(root);
        return info.bavail * info.bsize;
      } catch {
        return undefined;
      }
    },

    async cleanLeftovers(isReferenced) {
      await ensure();
      let removed = 0;
      for (const name of await readdir(tempDir)) {
        if (!(await isLeftover(name))) continue;
        const file = path.join(tempDir, name);
        if (name.endsWith('.commit')) {
          const key = (await readFile(file, 'utf8').catch(() => '')).trim();
          if (isBlobKey(key) && !(await isReferenced(key))) await rm(pathOf(key), { force: true });
        }
        await rm(file, { force: true, recursive: true });
        removed++;
      }
      return removed;
    },
  };
}
