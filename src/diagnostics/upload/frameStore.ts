import { promisifyRequest } from 'idb-keyval';
import type { LoggingFrame } from '../../shared/api/logging';
import type { RequestLock } from './locks';

/**
 * Where the frames waiting for the upload are kept across a reload or a closed tab, shared by the tabs of
 * one user: each under a key the store gives out, counting up, so the oldest comes first.
 */
export interface FrameStore {
  /** The frames kept with keys above `after` (all of them without), oldest first. */
  load(after?: number): Promise<[number, LoggingFrame][]>;
  /** The keys of the frames kept, from `from` on. */
  keys(from?: number): Promise<number[]>;
  /**
   * Adds and removes frames in one transaction; answers the keys of those added. The keys count up across
   * the tabs writing to the store, so no tab overwrites another's frames.
   */
  write(puts: LoggingFrame[], deletes: number[]): Promise<number[]>;
  /**
   * Deletes the database when it holds no frame (all were uploaded), so that the browser keeps no empty
   * database per user; true when it did. Only with Web Locks: adding frames and this hold one lock, so a
   * tab adding frames meanwhile either comes first (and nothing is deleted) or makes the database anew.
   */
  removeIfEmpty(): Promise<boolean>;
}

const FRAMES = 'frames';
/** The next key (string keys sort after every number in IndexedDB, so they never mix with the frames). */
const NEXT = 'next';
/** The login of the user who logged the frames (said to another user of the browser). */
const OWNER = 'owner';
const PREFIX = 'simos-web-upload-';
/** The frames' keys (numbers) above `after`, or from it on (`open` false). */
const frameKeys = (after = -Infinity, open = true) => IDBKeyRange.bound(after, Infinity, open, true);

/** The name of a user's database, and of the lock of the user's uploads (Web Locks). */
export const userStoreName = (userId: string) => `${PREFIX}${userId}`;

/**
 * One user's waiting frames in the browser's IndexedDB (a database per user, opened at the first use):
 * another user of the tool on the same browser neither sees nor uploads them. Undefined where the
 * browser has no IndexedDB (the frames then wait in memory only).
 */
export function userFrameStore(user: StoreUser, lock?: RequestLock): FrameStore | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  const database = new Database(userStoreName(user._id));
  /** Runs `work` holding the user's store lock (at once without Web Locks, or where they are refused). */
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    if (!lock) return work();
    let result: Promise<T> | undefined;
    return lock(`${database.name} store`, {}, () => (result = work()).then(() => {})).then(
      () => result!,
      (error: unknown) => (result ? Promise.reject(error) : work()),
    );
  };
  return {
    load: (after) =>
      database.run(false, 'readonly', [], async (frames) => {
        const [keys, values] = await Promise.all([
          promisifyRequest(frames.getAllKeys(frameKeys(after))),
          promisifyRequest(frames.getAll(frameKeys(after))),
        ]);
        return keys.map((key, index): [number, LoggingFrame] => [key as number, values[index] as LoggingFrame]);
      }),
    keys: (from) =>
      database.run(
        false,
        'readonly',
        [],
        async (frames) => (await promisifyRequest(frames.getAllKeys(frameKeys(from, false)))) as number[],
      ),
    // Only adding frames creates the database, holding the lock: removing frames from one that is gone (or
    // going) has nothing to do.
    write: (puts, deletes) =>
      puts.length === 0
        ? database.run(false, 'readwrite', [], async (frames) => {
            for (const key of deletes) frames.delete(key);
            return [];
          })
        : exclusive(() =>
            database.run(true, 'readwrite', [], async (frames) => {
              for (const key of deletes) frames.delete(key);
              frames.put(user.login, OWNER);
              return add(frames, puts);
            }),
          ),
    removeIfEmpty: async () =>
      Boolean(lock) &&
      exclusive(async () => {
        const empty = await database.run(false, 'readonly', false, async (frames) => {
          return (await promisifyRequest(frames.count(frameKeys()))) === 0;
        });
        if (empty) await database.remove();
        return empty;
      }),
  };
}

/** The user whose frames a store keeps. */
export interface StoreUser {
  _id: string;
  login: string;
}

/** Frames another user logged in this browser; `login` unknown for a store of an earlier version. */
export interface OtherUserFrames {
  login?: string;
  frames: number;
}

/**
 * The frames other users of this browser keep waiting (each user's own database), by login; empty where
 * the browser cannot list its databases (IndexedDB.databases()). Creates no database and keeps none open.
 */
export async function otherUsersFrames(userId: string): Promise<OtherUserFrames[]> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return [];
  const names = (await indexedDB.databases())
    .map(({ name }) => name ?? '')
    .filter((name) => name.startsWith(PREFIX) && name !== userStoreName(userId));
  const found = await Promise.all(
    names.map(async (name): Promise<OtherUserFrames | undefined> => {
      const database = new Database(name);
      try {
        return await database.run<OtherUserFrames | undefined>(false, 'readonly', undefined, async (frames) => {
          const [count, login] = await Promise.all([
            promisifyRequest(frames.count(frameKeys())),
            promisifyRequest(frames.get(OWNER)),
          ]);
          return { login: typeof login === 'string' ? login : undefined, frames: count };
        });
      } catch {
        // One that cannot be read is left out.
        return undefined;
      } finally {
        await database.close();
      }
    }),
  );
  return found
    .filter((other): other is OtherUserFrames => Boolean(other && other.frames > 0))
    .sort((a, b) => (a.login ?? '\uffff').localeCompare(b.login ?? '\uffff'));
}

/** Puts frames under the next keys. */
async function add(frames: IDBObjectStore, puts: LoggingFrame[]): Promise<number[]> {
  const stored = (await promisifyRequest(frames.get(NEXT))) as number | undefined;
  // A new store starts at the clock's milliseconds (20 frames a second stay far below it): the keys of a store
  // removed and made anew do not meet the old ones. A store of an earlier version goes on after its last frame.
  const next = stored ?? Math.max(((await lastKey(frames)) ?? 0) + 1, Date.now());
  frames.put(next + puts.length, NEXT);
  return puts.map((frame, index) => {
    frames.put(frame, next + index);
    return next + index;
  });
}

const lastKey = async (frames: IDBObjectStore) =>
  (await promisifyRequest(frames.openKeyCursor(frameKeys(), 'prev')))?.key as number | undefined;

/**
 * A connection to one database, opened when needed and closed as soon as another tab deletes or upgrades
 * the database (so that it is not blocked); the next use opens it again. Reading never creates it.
 */
class Database {
  private connection?: Promise<IDBDatabase | undefined>;

  constructor(readonly name: string) {}

  /**
   * Answers what `work` returned in a transaction once that has committed; `missing` when the database
   * does not exist and `create` is false.
   */
  async run<T>(
    create: boolean,
    mode: IDBTransactionMode,
    missing: T,
    work: (frames: IDBObjectStore) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const db = await this.open(create);
      if (!db) return missing;
      let transaction: IDBTransaction;
      try {
        transaction = db.transaction(FRAMES, mode);
      } catch (error) {
        // Closed meanwhile for another tab deleting the database: once more with a new connection.
        this.connection = undefined;
        if (attempt === 0 && error instanceof DOMException && error.name === 'InvalidStateError') continue;
        throw error;
      }
      const [result] = await Promise.all([work(transaction.objectStore(FRAMES)), promisifyRequest(transaction)]);
      return result;
    }
  }

  /** Deletes the database; the other tabs' connections close for it, and their next use opens a new one. */
  async remove(): Promise<void> {
    await this.close();
    await promisifyRequest(indexedDB.deleteDatabase(this.name));
  }

  async close(): Promise<void> {
    const db = await this.connection?.catch(() => undefined);
    db?.close();
    this.connection = undefined;
  }

  private async open(create: boolean): Promise<IDBDatabase | undefined> {
    const db = await this.connection?.catch(() => undefined);
    if (db) return db;
    // Looked for each second while it does not exist: the browser's list of databases answers that without
    // making and dropping one (where it has the list).
    if (!create && typeof indexedDB.databases === 'function') {
      const names = (await indexedDB.databases()).map(({ name }) => name);
      if (!names.includes(this.name)) return undefined;
    }
    const opening = openDatabase(this.name, create);
    this.connection = opening;
    const forget = () => {
      if (this.connection === opening) this.connection = undefined;
    };
    const opened = await opening.catch((error: unknown) => {
      forget();
      throw error;
    });
    if (!opened) forget();
    else {
      const close = () => {
        opened.close();
        forget();
      };
      opened.onversionchange = close;
      opened.onclose = close;
    }
    return opened;
  }
}

/** Opens `name`; without `create` a database that does not exist is not made (undefined). */
function openDatabase(name: string, create: boolean): Promise<IDBDatabase | undefined> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onupgradeneeded = () => {
      if (create) request.result.createObjectStore(FRAMES);
      else request.transaction!.abort();
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = (event) => {
      if (create || request.error?.name !== 'AbortError') return reject(request.error ?? new Error('IndexedDB'));
      event.preventDefault();
      resolve(undefined);
    };
  });
}
