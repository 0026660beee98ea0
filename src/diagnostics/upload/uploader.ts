import { LOGGING_BATCH_LIMIT, type LoggingFrame } from '../../shared/api/logging';
import { FRAMES_PER_SECOND } from '../ecu/valueStream';
import type { FrameStore } from './frameStore';
import { holdLock, type RequestLock } from './locks';

/** An upload that failed; `status` 0 when the network failed. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterSeconds?: number,
    /** The frame of the batch the server named (`index` of its answer), when it named one. */
    readonly index?: number,
  ) {
    super(message);
  }
}

export type PostFrames = (frames: LoggingFrame[]) => Promise<void>;

/** Frames waiting for the upload are kept for this long of logging at most; the oldest go first. */
export const MAX_WAITING_MINUTES = 10;
export const MAX_WAITING_FRAMES = MAX_WAITING_MINUTES * 60 * FRAMES_PER_SECOND;

export interface UploaderOptions {
  /** Spec section 8: upload errors are logged only. */
  log?: (message: string, error?: unknown) => void;
  /** Frames kept while the network is away (MAX_WAITING_FRAMES); the oldest go first. */
  maxQueued?: number;
  /**
   * Keeps the waiting frames across a reload (the user's IndexedDB store): `start()` reads what an
   * earlier session left and uploads it first.
   */
  store?: FrameStore;
  /**
   * With the store: the browser's Web Locks and the lock of the user's uploads. Of the tabs sharing the
   * store, the one holding the lock uploads every frame kept there (those the others log too); the others
   * keep their frames there until it has, and one of them takes over when it goes. Without, each tab
   * uploads what it finds at its start and what it logs.
   */
  lock?: { request: RequestLock; name: string };
  /** How often the tab holding the lock looks for frames other tabs kept, and the others for what it took. */
  watchMs?: number;
  /**
   * With the lock: the store is deleted (FrameStore.removeIfEmpty) once nothing waits and no frame came
   * for this long (while logging it would be deleted and made anew after every upload).
   */
  removeAfterMs?: number;
}

export interface UploadState {
  sent: number;
  /** Frames waiting for the upload, those being sent included. */
  queued: number;
  failures: number;
  /** Frames dropped unsent because more than `maxQueued` waited (the oldest went). */
  dropped: number;
  /** Frames an earlier session left in the store that still wait (being uploaded). */
  earlierWaiting: number;
  /** Frames an earlier session left in the store that were uploaded since. */
  earlierSent: number;
  /**
   * Another tab of this browser uploads the user's frames: this one keeps those it logs in the store, and
   * counts them as sent once that tab has taken them (it says what failed).
   */
  otherTab: boolean;
  /**
   * The last upload's failure while it holds (cleared by the next upload that succeeds): the server's
   * `error` or 'Network error', and its status (0 when the network failed).
   */
  error?: { message: string; status: number };
}

/** Nothing sent, nothing waiting: the state before the first frame. */
export const IDLE_UPLOAD: Readonly<UploadState> = {
  sent: 0,
  queued: 0,
  failures: 0,
  dropped: 0,
  earlierWaiting: 0,
  earlierSent: 0,
  otherTab: false,
};

/** A frame waiting for the upload; `key` once it is written to the store. */
interface Waiting {
  frame: LoggingFrame;
  key?: number;
  /** Read from the store at the start: logged in an earlier session. */
  earlier?: boolean;
  /** Sent, refused or dropped: it waits no more (and leaves the store). */
  done?: boolean;
}

const RETRY_MS = [1000, 2000, 5000, 10_000];
const WATCH_MS = 1000;
const REMOVE_AFTER_MS = 5000;

/**
 * Sends logging frames to `logging/createEntry` without ever holding up logging: one request at a
 * time, and what arrives meanwhile goes with the next (so a slow network gets batches instead of a
 * queue of requests). A failed batch stays queued and is sent again after a pause; each frame carries
 * an id, so a batch the server stored before the answer got lost is not stored twice.
 *
 * With a store, every waiting frame is kept there too until its upload is answered (one store operation
 * at a time): after a reload or a closed tab the next start finds and uploads them. At most `maxQueued`
 * frames wait; past that the oldest waiting ones are dropped and counted. The batch being sent is never
 * among them: its answer decides whether it was stored. With a lock, only the tab holding it uploads.
 */
export class FrameUploader {
  private waiting: Waiting[] = [];
  private inFlight: Waiting[] = [];
  private busy = false;
  private retryTimer?: ReturnType<typeof setTimeout>;
  private failuresInRow = 0;
  /** With a store until `start()`; after `stop()`. */
  private paused: boolean;
  /** Uploads: without a store at once, with one once it has read the store (holding the lock, if any). */
  private leading: boolean;
  private started?: Promise<void>;
  /** Gives up the lock (or the wait for it). */
  private letGo?: () => void;
  private watchTimer?: ReturnType<typeof setInterval>;
  /** The store's frames this tab has in hand (its own and those it read), so that it reads none twice. */
  private known = new Set<number>();
  /** The highest key read from the store: the tab holding the lock looks above it for new frames. */
  private scanned = -Infinity;
  /** When the last frame came (logged here or taken from the store). */
  private lastFrameAt = 0;
  /** The store was written (or read at the start) since it was last found empty. */
  private mayRemove = false;
  private operations: Promise<unknown> = Promise.resolve();
  private toWrite: Waiting[] = [];
  private toDelete: number[] = [];
  private writeQueued = false;
  /** What went wrong with the store, said once each (not 20 times a second). */
  private storeErrors = new Set<string>();
  readonly state: UploadState = { ...IDLE_UPLOAD };

  constructor(
    private readonly post: PostFrames,
    private readonly options: UploaderOptions = {},
  ) {
    this.paused = Boolean(options.store);
    this.leading = !options.store;
  }

  /**
   * Reads what an earlier session left in the store and uploads it, then all that comes. With a lock it
   * waits for it first: the promise settles once this tab uploads or knows that another one does.
   */
  start(): Promise<void> {
    this.paused = false;
    const { store, lock } = this.options;
    if (store && !this.started) this.started = lock ? this.claim(store, lock) : this.serial(() => this.lead(store));
    this.pump();
    return this.started ?? Promise.resolve();
  }

  add(frame: Omit<LoggingFrame, 'frameId'>): void {
    const entry: Waiting = { frame: { ...frame, frameId: frameId() } };
    this.waiting.push(entry);
    this.lastFrameAt = Date.now();
    if (this.options.store) this.toWrite.push(entry);
    this.trim();
    this.changed();
    this.persist();
    this.pump();
  }

  /** Waits until everything queued is sent or has failed once (logging was switched off). */
  async flush(): Promise<void> {
    while (this.pending() > 0 && this.failuresInRow === 0 && !this.paused && this.leading) {
      this.pump();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Waits until the store holds what waits now (tests; nothing in the tool waits for it). */
  async saved(): Promise<void> {
    do await this.operations;
    while (this.writeQueued || this.toWrite.length > 0 || this.toDelete.length > 0);
  }

  /** Sends what waits now instead of after the pause of a failure (the login was renewed). */
  retryNow(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.pump();
  }

  /**
   * No further upload starts until `start()` (the tool was closed); the store keeps what waits, and the
   * lock goes to another tab.
   */
  stop(): void {
    this.paused = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    clearInterval(this.watchTimer);
    this.watchTimer = undefined;
    this.letGo?.();
    this.letGo = undefined;
    if (this.options.lock) {
      this.started = undefined;
      this.leading = false;
    }
  }

  private pending(): number {
    return this.waiting.length + this.inFlight.length;
  }

  /**
   * Asks for the lock: held, this tab uploads (`lead`) until `stop()` or its close; held by another tab,
   * this one waits in line and meanwhile watches which of its frames that tab took.
   */
  private claim(store: FrameStore, { request, name }: NonNullable<UploaderOptions['lock']>): Promise<void> {
    return new Promise<void>((settled) => {
      const letGo = holdLock(request, name, {
        held: (letGo) => {
          this.state.otherTab = false;
          void this.serial(() => this.lead(store, letGo)).finally(settled);
        },
        busy: () => {
          this.state.otherTab = true;
          settled();
        },
        // Web Locks refused (as they may be in a sandboxed frame): this tab uploads, as without them.
        failed: (error) => {
          this.log('The upload could not be shared with other tabs', error);
          this.state.otherTab = false;
          void this.serial(() => this.lead(store)).finally(settled);
        },
      });
      this.letGo = () => {
        letGo();
        settled();
      };
      this.watchTimer = setInterval(() => this.watch(store), this.options.watchMs ?? WATCH_MS);
    });
  }

  /**
   * Reads what the store holds that this tab does not have (an earlier session's frames, or a closed
   * tab's), older than anything logged since: first in line (and first to go when too many wait).
   */
  private async lead(store: FrameStore, lock?: AbortSignal): Promise<void> {
    let stored: [number, LoggingFrame][] = [];
    try {
      stored = await store.load();
    } catch (error) {
      this.storeFailed('The frames kept in the browser could not be read', error);
    }
    // Let go meanwhile (the tool was closed at once): another tab may hold the lock now.
    if (lock?.aborted) return;
    const earlier = this.take(stored).map((entry): Waiting => ({ ...entry, earlier: true }));
    this.waiting = earlier.concat(this.waiting);
    this.state.earlierWaiting += earlier.length;
    this.leading = true;
    // An empty store left from before is removed too.
    this.mayRemove = true;
    this.trim();
    this.changed();
    this.persist();
    this.pump();
  }

  /** The frames read from the store that this tab has not in hand yet, oldest first. */
  private take(stored: [number, LoggingFrame][]): Waiting[] {
    const taken: Waiting[] = [];
    for (const [key, frame] of stored.sort(([a], [b]) => a - b)) {
      this.scanned = Math.max(this.scanned, key);
      if (this.known.has(key)) continue;
      this.known.add(key);
      taken.push({ frame, key });
    }
    return taken;
  }

  /**
   * With the lock, takes up the frames other tabs kept in the store meanwhile; without, counts those of
   * its own that the tab holding it has taken (uploaded, or refused or dropped, which that tab shows).
   */
  private watch(store: FrameStore): void {
    if (this.paused) return;
    void this.serial(async () => {
      if (this.leading) {
        const found = this.take(await store.load(this.scanned));
        if (found.length === 0) return this.removeIfDone(store);
        this.lastFrameAt = Date.now();
        this.waiting = this.waiting.concat(found);
        this.trim();
        this.changed();
        this.pump();
        return;
      }
      const kept = this.waiting.filter((entry) => entry.key !== undefined);
      if (kept.length === 0) return;
      const still = new Set(await store.keys(kept.reduce((low, entry) => Math.min(low, entry.key!), Infinity)));
      const taken = kept.filter((entry) => !still.has(entry.key!));
      if (taken.length === 0 || this.leading) return;
      const done = new Set(taken);
      this.waiting = this.waiting.filter((entry) => !done.has(entry));
      for (const entry of taken) {
        this.known.delete(entry.key!);
        // Gone from the store already: nothing to remove.
        entry.key = undefined;
      }
      this.finish(taken, 'sent');
    }).catch((error: unknown) => this.storeFailed('The frames kept in the browser could not be read', error));
  }

  /** Nothing waits and no frame came for a while: the store goes if no other tab has kept frames there. */
  private async removeIfDone(store: FrameStore): Promise<void> {
    const idle = Date.now() - this.lastFrameAt >= (this.options.removeAfterMs ?? REMOVE_AFTER_MS);
    const written = !this.writeQueued && this.toWrite.length === 0 && this.toDelete.length === 0;
    if (!this.mayRemove || !idle || !written || this.pending() > 0) return;
    this.mayRemove = false;
    if (!(await store.removeIfEmpty())) return;
    // Keys start anew with the next store.
    this.known.clear();
    this.scanned = -Infinity;
  }

  /** Too many wait: the oldest waiting frames go (never those being sent). */
  private trim(): void {
    const over = this.pending() - (this.options.maxQueued ?? MAX_WAITING_FRAMES);
    if (over > 0) this.finish(this.waiting.splice(0, over), 'dropped');
  }

  private finish(entries: Waiting[], outcome: 'sent' | 'refused' | 'dropped'): void {
    for (const entry of entries) {
      entry.done = true;
      if (entry.earlier) {
        this.state.earlierWaiting--;
        if (outcome === 'sent') this.state.earlierSent++;
      }
      if (entry.key !== undefined) this.toDelete.push(entry.key);
    }
    if (outcome === 'sent') this.state.sent += entries.length;
    if (outcome === 'dropped') this.state.dropped += entries.length;
    this.changed();
    this.persist();
  }

  /** The store's operations run one at a time, in order. */
  private serial<T>(operation: () => Promise<T>): Promise<T> {
    const next = this.operations.then(operation);
    this.operations = next.catch(() => {});
    return next;
  }

  /** One write at a time; what changes meanwhile goes with the next. */
  private persist(): void {
    const store = this.options.store;
    if (!store || this.writeQueued) return;
    this.writeQueued = true;
    void this.serial(async () => {
      this.writeQueued = false;
      const puts = this.toWrite.splice(0).filter((entry) => !entry.done);
      const deletes = this.toDelete.splice(0);
      if (puts.length === 0 && deletes.length === 0) return;
      try {
        const keys = await store.write(
          puts.map((entry) => entry.frame),
          deletes,
        );
        puts.forEach((entry, index) => {
          entry.key = keys[index];
          this.known.add(entry.key);
          // Sent or dropped while it was being written.
          if (entry.done) this.toDelete.push(entry.key);
        });
        for (const key of deletes) this.known.delete(key);
        this.mayRemove = true;
      } catch (error) {
        // Logging and uploading go on; the frames wait in memory only.
        this.storeFailed('The waiting frames could not be kept in the browser', error);
      }
      if (this.toWrite.length > 0 || this.toDelete.length > 0) this.persist();
    });
  }

  private pump(): void {
    if (this.paused || !this.leading || this.busy || this.retryTimer || this.waiting.length === 0) return;
    this.busy = true;
    const batch = this.waiting.splice(0, LOGGING_BATCH_LIMIT);
    this.inFlight = batch;
    this.post(batch.map((entry) => entry.frame))
      .then(() => {
        this.inFlight = [];
        this.finish(batch, 'sent');
        this.state.error = undefined;
        this.failuresInRow = 0;
      })
      .catch((error: unknown) => {
        this.inFlight = [];
        this.failed(error, batch);
        this.changed();
      })
      .finally(() => {
        this.busy = false;
        this.changed();
        this.pump();
      });
  }

  private failed(error: unknown, batch: Waiting[]): void {
    const status = error instanceof UploadError ? error.status : 0;
    const index = error instanceof UploadError ? error.index : undefined;
    const named = index !== undefined && Number.isInteger(index) && index >= 0 && index < batch.length;
    // 409 names a frame another upload stored meanwhile (frameId is the frames' only unique field, and the
    // server skips the ones it had before): it is uploaded, not refused; the rest is sent again at once.
    if (status === 409 && named) {
      this.finish(batch.splice(index, 1), 'sent');
      this.waiting = batch.concat(this.waiting);
      return;
    }
    this.state.failures++;
    this.log('Logging upload failed', error);
    this.state.error = { message: error instanceof Error ? error.message : String(error), status };
    // A frame the server refuses as invalid (400) will never pass. When the answer names it (the batch
    // is all or nothing), only that frame goes and the rest is sent again at once; without a name the
    // whole batch goes rather than block the rest.
    if (status === 400 || status === 409) {
      if (named) {
        this.finish(batch.splice(index, 1), 'refused');
        this.waiting = batch.concat(this.waiting);
      } else this.finish(batch, 'refused');
      return;
    }
    if (status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429) {
      this.finish(batch, 'refused');
      return;
    }
    // Sent again first: while it was out, newer frames may have been dropped to make room for it.
    this.waiting = batch.concat(this.waiting);
    const wait =
      error instanceof UploadError && error.retryAfterSeconds
        ? error.retryAfterSeconds * 1000
        : RETRY_MS[Math.min(this.failuresInRow, RETRY_MS.length - 1)];
    this.failuresInRow++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.pump();
    }, wait);
  }

  private changed(): void {
    this.state.queued = this.pending();
  }

  private storeFailed(message: string, error: unknown): void {
    if (this.storeErrors.has(message)) return;
    this.storeErrors.add(message);
    this.log(message, error);
  }

  private log(message: string, error?: unknown): void {
    (this.options.log ?? ((text, detail) => console.warn(text, detail)))(message, error);
  }
}

/** 22 url-safe random characters (the schema allows up to 64 of `[A-Za-z0-9_-]`). */
function frameId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
