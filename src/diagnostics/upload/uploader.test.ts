import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoggingFrame } from '../../shared/api/logging';
import { createStore, setMany } from 'idb-keyval';
import { otherUsersFrames, userFrameStore, userStoreName, type FrameStore } from './frameStore';
import type { RequestLock } from './locks';
import { FrameUploader, MAX_WAITING_FRAMES, UploadError, type UploaderOptions } from './uploader';

const frame = (n: number) => ({ timestamp: new Date(n).toISOString(), vin: 'WVWZZZAUZKW123456', data: { n } });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('FrameUploader', () => {
  it('sends one request at a time and batches what arrives meanwhile', async () => {
    const batches: LoggingFrame[][] = [];
    let release!: () => void;
    const uploader = new FrameUploader(async (frames) => {
      batches.push(frames);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    uploader.add(frame(1));
    for (let n = 2; n <= 6; n++) uploader.add(frame(n));
    expect(batches).toHaveLength(1);
    release();
    await uploader.flush();
    expect(batches.map((batch) => batch.length)).toEqual([1, 5]);
    expect(uploader.state).toMatchObject({ sent: 6, queued: 0 });
  });

  it('keeps a failed batch and sends it again with the same frame ids; logs the error only', async () => {
    vi.useFakeTimers();
    const seen: string[][] = [];
    const log = vi.fn();
    let fail = 2;
    const uploader = new FrameUploader(
      async (frames) => {
        seen.push(frames.map((f) => f.frameId!));
        if (fail-- > 0) throw new UploadError('Network error', 0);
      },
      { log },
    );
    uploader.add(frame(1));
    uploader.add(frame(2));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(log).toHaveBeenCalledTimes(2);
    expect(seen.at(-1)).toEqual(expect.arrayContaining(seen[0]));
    expect(new Set(seen.flat()).size).toBe(2);
    expect(uploader.state).toMatchObject({ sent: 2, queued: 0, failures: 2 });
  });

  it('drops a batch the server refuses as invalid (400) and goes on', async () => {
    let calls = 0;
    const uploader = new FrameUploader(
      async () => {
        if (calls++ === 0) throw new UploadError('data.n: must be number', 400);
      },
      { log: () => {} },
    );
    uploader.add(frame(1));
    await Promise.resolve();
    uploader.add(frame(2));
    await uploader.flush();
    expect(uploader.state).toMatchObject({ sent: 1, queued: 0, failures: 1 });
  });

  it('drops only the frame a 400 names and says why; a frame a 409 names counts as uploaded; the rest is sent again at once', async () => {
    const batches: number[][] = [];
    const errors: (string | undefined)[] = [];
    let release!: () => void;
    const uploader: FrameUploader = new FrameUploader(
      async (frames) => {
        batches.push(frames.map((f) => f.data.n));
        errors.push(uploader.state.error?.message);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        const bad = frames.findIndex((f) => f.data.n === 3);
        if (bad >= 0) throw new UploadError(`frames[${bad}]: data.n: must be a number`, 400, undefined, bad);
        const stored = frames.findIndex((f) => f.data.n === 5);
        if (stored >= 0) throw new UploadError(`frames[${stored}]: frameId already exists`, 409, undefined, stored);
      },
      { log: () => {} },
    );
    uploader.add(frame(1));
    for (let n = 2; n <= 6; n++) uploader.add(frame(n));
    release();
    await uploader.flush();
    expect(batches).toEqual([[1], [2, 3, 4, 5, 6], [2, 4, 5, 6], [2, 4, 6]]);
    // The 409 adds no error of its own: the 400's stays until the next success.
    const refused = 'frames[1]: data.n: must be a number';
    expect(errors).toEqual([undefined, undefined, refused, refused]);
    // Frame 3 was refused; 5 was stored by another upload meanwhile; the error is gone with the next success.
    expect(uploader.state).toMatchObject({ sent: 5, queued: 0, failures: 1 });
    expect(uploader.state.error).toBeUndefined();
  });

  it('waits as long as a 429 says', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const uploader = new FrameUploader(
      async () => {
        if (calls++ === 0) throw new UploadError('Too many logging frames', 429, 30);
      },
      { log: () => {} },
    );
    uploader.add(frame(1));
    await vi.advanceTimersByTimeAsync(29_000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(calls).toBe(2);
  });
});

/** A user of the tool (the id is not the login). */
const user = (login: string) => ({ _id: `id-${login}`, login });
/** The frames a user's store holds (what a reload would find), by their `n`. */
const storedFor = async (login: string) =>
  (await userFrameStore(user(login))!.load()).sort(([a], [b]) => a - b).map(([, frame]) => frame.data.n);
/** An upload that never answers: the first batch stays out, the rest waits. */
const never = () => new Promise<void>(() => {});
/** A fresh, empty IndexedDB for each test. */
const freshIndexedDb = () => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('IDBKeyRange', IDBKeyRange);
};
/** The databases the browser keeps. */
const databases = async () => (await indexedDB.databases()).map((database) => database.name);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('FrameUploader with the browser store (IndexedDB)', () => {
  beforeEach(freshIndexedDb);

  it('keeps waiting frames across a reload: the next start uploads them first, with their ids, as from an earlier session', async () => {
    const first = new FrameUploader(never, { store: userFrameStore(user('anna')) });
    await first.start();
    for (let n = 1; n <= 5; n++) first.add(frame(n));
    await first.saved();
    first.stop();
    // The tab closed with one frame out (its answer lost) and four waiting: all five are kept.
    const kept = await userFrameStore(user('anna'))!.load();
    expect(kept.map(([, f]) => f.data.n).sort()).toEqual([1, 2, 3, 4, 5]);

    // Reloaded: a frame logged before the store is read comes after the kept ones, and keeps its own place.
    const second = new FrameUploader(never, { store: userFrameStore(user('anna')) });
    second.add(frame(6));
    await second.start();
    expect(second.state).toMatchObject({ earlierWaiting: 5, queued: 6 });
    second.add(frame(7));
    await second.saved();
    second.stop();
    expect(await storedFor('anna')).toEqual([1, 2, 3, 4, 5, 6, 7]);

    const batches: LoggingFrame[][] = [];
    const third = new FrameUploader(async (frames) => void batches.push(frames), {
      store: userFrameStore(user('anna')),
    });
    await third.start();
    await third.flush();
    expect(batches.flat().map((f) => f.data.n)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(
      batches
        .flat()
        .slice(0, 5)
        .map((f) => f.frameId),
    ).toEqual([...kept].sort(([a], [b]) => a - b).map(([, f]) => f.frameId));
    expect(third.state).toMatchObject({ sent: 7, queued: 0, earlierWaiting: 0, earlierSent: 7 });
    // Uploaded frames leave the store: the next reload finds none.
    await third.saved();
    expect(await storedFor('anna')).toEqual([]);
  });

  it("keeps one store per user: another user of the same browser neither sees nor uploads a user's frames", async () => {
    const anna = new FrameUploader(never, { store: userFrameStore(user('anna')) });
    await anna.start();
    for (let n = 1; n <= 3; n++) anna.add(frame(n));
    await anna.saved();
    anna.stop();

    const post = vi.fn(async () => {});
    const marco = new FrameUploader(post, { store: userFrameStore(user('marco')) });
    await marco.start();
    await marco.flush();
    expect(post).not.toHaveBeenCalled();
    expect(marco.state).toMatchObject({ queued: 0, earlierWaiting: 0 });
    expect(await storedFor('anna')).toEqual([1, 2, 3]);
  });

  it('tells another user of the browser whose frames wait in it, and how many, making no database of theirs', async () => {
    const anna = new FrameUploader(never, { store: userFrameStore(user('anna')) });
    await anna.start();
    for (let n = 1; n <= 3; n++) anna.add(frame(n));
    await anna.saved();
    anna.stop();
    expect(await otherUsersFrames(user('marco')._id)).toEqual([{ login: 'anna', frames: 3 }]);
    expect(await otherUsersFrames(user('anna')._id)).toEqual([]);

    // A store of the version before knows no login; the next frames kept there come after its own.
    const old = userStoreName('id-old');
    await setMany(
      [
        [1, frame(1)],
        [2, frame(2)],
      ],
      createStore(old, 'frames'),
    );
    expect(await otherUsersFrames(user('marco')._id)).toEqual([{ login: 'anna', frames: 3 }, { frames: 2 }]);
    expect(await databases()).toEqual([userStoreName(user('anna')._id), old]);
    await userFrameStore({ _id: 'id-old', login: 'old' })!.write([frame(3)], []);
    expect(await storedFor('old')).toEqual([1, 2, 3]);
  });

  it('drops the oldest waiting frames past the limit and counts them, never the batch being sent', async () => {
    expect(MAX_WAITING_FRAMES).toBe(12_000);
    const posts: number[][] = [];
    let fail!: (error: Error) => void;
    const uploader = new FrameUploader(
      (frames) => {
        posts.push(frames.map((f) => f.data.n));
        return posts.length === 1 ? new Promise<void>((_, reject) => (fail = reject)) : Promise.resolve();
      },
      { store: userFrameStore(user('anna')), maxQueued: 5, log: () => {} },
    );
    await uploader.start();
    for (let n = 1; n <= 8; n++) uploader.add(frame(n));
    // Frame 1 is out; of 2..8 only the newest four fit beside it.
    expect(posts).toEqual([[1]]);
    expect(uploader.state).toMatchObject({ queued: 5, dropped: 3, sent: 0 });
    await uploader.saved();
    expect(await storedFor('anna')).toEqual([1, 5, 6, 7, 8]);

    // Its upload fails: it is sent again with the others, not lost in place of a newer one.
    fail(new UploadError('Network error', 0));
    await sleep(0);
    uploader.retryNow();
    await uploader.flush();
    expect(posts).toEqual([[1], [1, 5, 6, 7, 8]]);
    expect(uploader.state).toMatchObject({ sent: 5, dropped: 3, queued: 0 });
    await uploader.saved();
    expect(await storedFor('anna')).toEqual([]);
  });

  it('a batch sent while frames are dropped counts as sent once it is answered, and the dropped ones stay dropped', async () => {
    const posts: number[][] = [];
    let answer!: () => void;
    const uploader = new FrameUploader(
      (frames) => {
        posts.push(frames.map((f) => f.data.n));
        return posts.length === 1 ? new Promise<void>((resolve) => (answer = resolve)) : Promise.resolve();
      },
      { maxQueued: 3 },
    );
    uploader.add(frame(1));
    uploader.add(frame(2));
    for (let n = 3; n <= 6; n++) uploader.add(frame(n));
    expect(uploader.state).toMatchObject({ queued: 3, dropped: 3 });
    answer();
    await uploader.flush();
    expect(posts).toEqual([[1], [5, 6]]);
    expect(uploader.state).toMatchObject({ sent: 3, dropped: 3, queued: 0 });
  });

  it('goes on in memory when the browser cannot store (said once), and without IndexedDB at all', async () => {
    const log = vi.fn();
    const broken: FrameStore = {
      load: async () => {
        throw new DOMException('The user denied permission', 'UnknownError');
      },
      keys: async () => [],
      removeIfEmpty: async () => false,
      write: async () => {
        throw new DOMException('The quota has been exceeded', 'QuotaExceededError');
      },
    };
    const batches: number[][] = [];
    const uploader = new FrameUploader(async (frames) => void batches.push(frames.map((f) => f.data.n)), {
      store: broken,
      log,
    });
    await uploader.start();
    for (let n = 1; n <= 3; n++) {
      uploader.add(frame(n));
      await sleep(5);
    }
    await uploader.flush();
    expect(batches.flat()).toEqual([1, 2, 3]);
    expect(log.mock.calls.map(([message]) => message)).toEqual([
      'The frames kept in the browser could not be read',
      'The waiting frames could not be kept in the browser',
    ]);

    vi.stubGlobal('indexedDB', undefined);
    expect(userFrameStore(user('anna'))).toBeUndefined();
  });
});

/**
 * Web Locks as a browser has them, for tabs sharing it: a lock is exclusive and granted in the order asked
 * (`ifAvailable` answers null at once when it is taken), and a tab's locks go when it closes.
 */
function webLocks() {
  const holders = new Map<string, object>();
  const lines = new Map<string, { tab: object; grant: () => void }[]>();
  const next = (name: string) => {
    if (!holders.has(name)) lines.get(name)?.shift()?.grant();
  };
  return {
    held: (name: string) => holders.has(name),
    tab() {
      const tab = {};
      const releases = new Set<() => void>();
      const request: RequestLock = (name, options, callback) =>
        new Promise<void>((resolve, reject) => {
          const grant = () => {
            holders.set(name, tab);
            const release = () => {
              if (!releases.delete(release)) return;
              holders.delete(name);
              next(name);
            };
            releases.add(release);
            callback({ name }).then(resolve, reject).finally(release);
          };
          if (!holders.has(name) && !lines.get(name)?.length) return grant();
          if (options.ifAvailable) return void callback(null).then(resolve, reject);
          const entry = { tab, grant };
          lines.set(name, [...(lines.get(name) ?? []), entry]);
          options.signal?.addEventListener('abort', () => {
            lines.set(
              name,
              lines.get(name)!.filter((other) => other !== entry),
            );
            reject(new DOMException('The request was aborted.', 'AbortError'));
          });
        });
      return {
        request,
        /** The tab closed: what it held goes to the next in line, what it asked for is forgotten. */
        close() {
          for (const [name, line] of lines)
            lines.set(
              name,
              line.filter((entry) => entry.tab !== tab),
            );
          for (const release of [...releases]) release();
        },
      };
    },
  };
}

describe('FrameUploader in two tabs of one user (one IndexedDB, Web Locks)', () => {
  beforeEach(freshIndexedDb);
  // Tabs left open end with the test (their uploaders watch the store).
  const open: (() => void)[] = [];
  afterEach(() => open.splice(0).forEach((close) => close()));

  /** A tab of the tool for anna: its uploader, what it posted, and its locks. */
  const openTab = (
    locks: ReturnType<typeof webLocks>,
    post: (frames: LoggingFrame[]) => Promise<void> = async () => {},
    options: Partial<UploaderOptions> = {},
  ) => {
    const tab = locks.tab();
    const posted: number[] = [];
    const uploader = new FrameUploader(
      async (frames) => {
        posted.push(...frames.map((f) => f.data.n));
        await post(frames);
      },
      {
        store: userFrameStore(user('anna'), tab.request),
        lock: { request: tab.request, name: userStoreName(user('anna')._id) },
        watchMs: 10,
        removeAfterMs: 0,
        ...options,
      },
    );
    const close = () => {
      tab.close();
      uploader.stop();
    };
    open.push(close);
    /** `close`: the tab closes (its script ends with it). */
    return { uploader, posted, close };
  };

  it('keeps the frames of both tabs: neither overwrites what the other kept', async () => {
    const locks = webLocks();
    const first = openTab(locks, never);
    const second = openTab(locks, never);
    await first.uploader.start();
    await second.uploader.start();
    for (let n = 1; n <= 3; n++) {
      first.uploader.add(frame(n));
      second.uploader.add(frame(n + 10));
    }
    await first.uploader.saved();
    await second.uploader.saved();
    for (let n = 4; n <= 5; n++) second.uploader.add(frame(n + 10));
    await second.uploader.saved();
    expect((await storedFor('anna')).sort((a, b) => a - b)).toEqual([1, 2, 3, 11, 12, 13, 14, 15]);
  });

  it('one tab uploads the frames kept in the browser; the other keeps what it logs there for it, and takes over when it closes', async () => {
    // An earlier session left three frames.
    const earlier = new FrameUploader(never, { store: userFrameStore(user('anna')) });
    await earlier.start();
    for (let n = 1; n <= 3; n++) earlier.add(frame(n));
    await earlier.saved();
    earlier.stop();

    const locks = webLocks();
    let hang = false;
    const first = openTab(locks, () => (hang ? never() : Promise.resolve()));
    const second = openTab(locks);
    await Promise.all([first.uploader.start(), second.uploader.start()]);
    await vi.waitFor(() => expect(first.uploader.state).toMatchObject({ earlierSent: 3, queued: 0 }));
    // Only the first uploads them; the second knows that another tab does.
    await sleep(50);
    expect(second.posted).toEqual([]);
    expect(first.uploader.state.otherTab).toBe(false);
    expect(second.uploader.state).toMatchObject({ otherTab: true, earlierWaiting: 0, queued: 0 });

    // The second tab logs: the first uploads its frames, the second counts them as they leave the store.
    for (let n = 11; n <= 14; n++) second.uploader.add(frame(n));
    await vi.waitFor(() => expect(second.uploader.state).toMatchObject({ sent: 4, queued: 0 }));
    expect(first.posted).toEqual([1, 2, 3, 11, 12, 13, 14]);
    expect(second.posted).toEqual([]);

    // The first tab's uploads hang, and it closes with frames out and waiting: the second takes over.
    hang = true;
    second.uploader.add(frame(15));
    await vi.waitFor(() => expect(first.posted).toContain(15));
    first.uploader.add(frame(4));
    second.uploader.add(frame(16));
    await first.uploader.saved();
    await second.uploader.saved();
    first.close();
    await vi.waitFor(() => expect(second.uploader.state).toMatchObject({ otherTab: false, queued: 0 }));
    // Frame 15 went again (its answer was lost with the tab; the server stores it once).
    expect(second.posted).toEqual([4, 15, 16]);
    expect(second.uploader.state).toMatchObject({ sent: 7, earlierSent: 1 });
    await second.uploader.saved();
    expect(await storedFor('anna')).toEqual([]);
    second.close();
    expect(locks.held(userStoreName(user('anna')._id))).toBe(false);
  });

  it('a tab that does not upload counts its frames as the uploading tab reports them: uploaded, dropped or refused, and why', async () => {
    const locks = webLocks();
    let answer!: () => void;
    const refusal = 'frames[0]: data.n: must be a number';
    const first = openTab(
      locks,
      async (frames) => {
        const numbers = frames.map((f) => f.data.n);
        if (numbers.includes(11)) await new Promise<void>((resolve) => (answer = resolve));
        if (numbers.includes(18)) throw new UploadError(refusal, 400);
      },
      { maxQueued: 5, log: () => {} },
    );
    const second = openTab(locks);
    await Promise.all([first.uploader.start(), second.uploader.start()]);
    expect(second.uploader.state.otherTab).toBe(true);

    // The second tab logs; the first takes frame 11 and its upload hangs, then the next nine come: of those only
    // the newest four fit beside it (at most five wait), the oldest five are dropped.
    second.uploader.add(frame(11));
    await vi.waitFor(() => expect(first.posted).toEqual([11]));
    for (let n = 12; n <= 20; n++) second.uploader.add(frame(n));
    await vi.waitFor(() => expect(first.uploader.state).toMatchObject({ dropped: 5 }));
    await vi.waitFor(() => expect(second.uploader.state).toMatchObject({ dropped: 5, sent: 0, queued: 5 }));

    // 11 goes up; the server refuses the batch of 17 to 20 (invalid, no frame named): none of them counts as uploaded.
    answer();
    await vi.waitFor(() => expect(second.uploader.state).toMatchObject({ sent: 1, refused: 4, queued: 0 }));
    expect(first.posted).toEqual([11, 17, 18, 19, 20]);
    expect(second.uploader.state).toMatchObject({ dropped: 5, error: { message: refusal, status: 400 } });
    expect(first.uploader.state).toMatchObject({ sent: 1, dropped: 5, refused: 4 });

    // The next frame goes up: the refusal is over, the count stays.
    second.uploader.add(frame(21));
    await vi.waitFor(() => expect(second.uploader.state).toMatchObject({ sent: 2, refused: 4, dropped: 5, queued: 0 }));
    expect(second.uploader.state.error).toBeUndefined();
    expect(second.posted).toEqual([]);
  });

  it('counts its frames as uploaded when the uploading tab says nothing of them for a while (a tab of an earlier version)', async () => {
    const locks = webLocks();
    // The first tab has no BroadcastChannel: it reports nothing.
    const channel = globalThis.BroadcastChannel;
    vi.stubGlobal('BroadcastChannel', undefined);
    const first = openTab(
      locks,
      async () => {
        throw new UploadError('data.n: must be a number', 400);
      },
      { log: () => {} },
    );
    await first.uploader.start();
    vi.stubGlobal('BroadcastChannel', channel);
    const log = vi.fn();
    const second = openTab(locks, undefined, { reportWaitMs: 200, log });
    await second.uploader.start();
    for (let n = 1; n <= 3; n++) second.uploader.add(frame(n));
    await vi.waitFor(() => expect(first.uploader.state).toMatchObject({ refused: 3 }));
    await sleep(50);
    expect(second.uploader.state).toMatchObject({ sent: 0, queued: 3 });
    await vi.waitFor(() => expect(second.uploader.state).toMatchObject({ sent: 3, queued: 0 }));
    expect(log.mock.calls.map(([message]) => message)).toEqual([
      "The uploading tab says nothing of what became of this tab's frames: they count as uploaded",
    ]);
  });

  it('removes the database once every frame kept there is uploaded; not while another tab keeps frames there', async () => {
    const locks = webLocks();
    let hang = false;
    const first = openTab(locks, () => (hang ? never() : Promise.resolve()));
    const second = openTab(locks);
    await Promise.all([first.uploader.start(), second.uploader.start()]);
    for (let n = 1; n <= 3; n++) first.uploader.add(frame(n));
    await first.uploader.saved();
    await vi.waitFor(async () => expect(await databases()).toEqual([]));
    expect(first.posted).toEqual([1, 2, 3]);

    // The other tab logs: the database is made anew, and goes once its frames are uploaded.
    for (let n = 4; n <= 5; n++) second.uploader.add(frame(n));
    await second.uploader.saved();
    expect(await databases()).toEqual([userStoreName(user('anna')._id)]);
    await vi.waitFor(async () => expect(await databases()).toEqual([]));
    expect(first.posted).toEqual([1, 2, 3, 4, 5]);

    // While its frames wait (the upload hangs), the database stays.
    hang = true;
    for (let n = 6; n <= 7; n++) second.uploader.add(frame(n));
    await vi.waitFor(() => expect(first.posted).toContain(6));
    await sleep(50);
    expect(await storedFor('anna')).toEqual([6, 7]);
  });

  it('a frame another tab adds while the empty database is removed is kept', async () => {
    const locks = webLocks();
    const [first, second] = [locks.tab(), locks.tab()];
    const uploading = userFrameStore(user('anna'), first.request)!;
    const logging = userFrameStore(user('anna'), second.request)!;
    const [key] = await uploading.write([frame(1)], []);
    await uploading.write([], [key]);
    // Both tabs have the database open.
    expect(await logging.keys()).toEqual([]);
    const [removed, added] = await Promise.all([uploading.removeIfEmpty(), logging.write([frame(2)], [])]);
    expect(removed).toBe(true);
    expect((await uploading.load()).map(([stored, f]) => [stored, f.data.n])).toEqual([[added[0], 2]]);
  });

  it('while nothing is kept, looks for frames without making and dropping a database each time', async () => {
    const tab = openTab(webLocks());
    await tab.uploader.start();
    const open = vi.spyOn(indexedDB, 'open');
    await sleep(100);
    expect(open).not.toHaveBeenCalled();
    expect(await databases()).toEqual([]);
  });

  it('uploads as without Web Locks when the browser refuses them', async () => {
    const posted: number[] = [];
    const log = vi.fn();
    const refused: RequestLock = async () => {
      throw new DOMException('Access to the Locks API is denied in this context.', 'SecurityError');
    };
    const uploader = new FrameUploader(async (frames) => void posted.push(...frames.map((f) => f.data.n)), {
      store: userFrameStore(user('anna'), refused),
      lock: { request: refused, name: userStoreName(user('anna')._id) },
      log,
    });
    await uploader.start();
    uploader.add(frame(1));
    await uploader.flush();
    await uploader.saved();
    expect(posted).toEqual([1]);
    expect(log.mock.calls.map(([message]) => message)).toEqual(['The upload could not be shared with other tabs']);
    uploader.stop();
  });
});
