import { LOGGING_BATCH_LIMIT, type LoggingFrame } from '../../shared/api/logging';
import { FRAMES_PER_SECOND } from '../ecu/valueStream';
import type { FrameStore } from './frameStore';
import { KeptFrames, type WaitingFrame } from './keptFrames';
import { UploadTabs, type Outcome, type TabsOptions } from './tabs';

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

export interface UploaderOptions extends TabsOptions {
  /** Spec section 8: upload errors are logged only. */
  log?: (message: string, error?: unknown) => void;
  /** Frames kept while the network is away (MAX_WAITING_FRAMES); the oldest go first. */
  maxQueued?: number;
  /**
   * Keeps the waiting frames across a reload (the user's IndexedDB store): `start()` reads what an
   * earlier session left and uploads it first.
   */
  store?: FrameStore;
}

export interface UploadState {
  sent: number;
  /** Frames waiting for the upload, those being sent included. */
  queued: number;
  failures: number;
  /** Frames dropped unsent because more than `maxQueued` waited (the oldest went). */
  dropped: number;
  /** Frames the server refused (invalid): left out, never uploaded. */
  refused: number;
  /** Frames an earlier session left in the store that still wait (being uploaded). */
  earlierWaiting: number;
  /** Frames an earlier session left in the store that were uploaded since. */
  earlierSent: number;
  /**
   * Another tab of this browser uploads the user's frames: this one keeps those it logs in the store, and
   * counts them as that tab reports them uploaded, dropped or refused.
   */
  otherTab: boolean;
  /**
   * The last upload's failure while it holds (cleared by the next upload that succeeds): the server's
   * `error` or 'Network error', and its status (0 when the network failed). While another tab uploads,
   * why it refused frames of this tab's (cleared when it reports the next ones uploaded).
   */
  error?: { message: string; status: number };
}

/** Nothing sent, nothing waiting: the state before the first frame. */
export const IDLE_UPLOAD: Readonly<UploadState> = {
  sent: 0,
  queued: 0,
  failures: 0,
  dropped: 0,
  refused: 0,
  earlierWaiting: 0,
  earlierSent: 0,
  otherTab: false,
};

const RETRY_MS = [1000, 2000, 5000, 10_000];

/**
 * Sends logging frames to `logging/createEntry` without ever holding up logging: one request at a
 * time, and what arrives meanwhile goes with the next (so a slow network gets batches instead of a
 * queue of requests). A failed batch stays queued and is sent again after a pause; each frame carries
 * an id, so a batch the server stored before the answer got lost is not stored twice.
 *
 * With a store, every waiting frame is kept there too until its upload is answered (KeptFrames): after
 * a reload or a closed tab the next start finds and uploads them. At most `maxQueued` frames wait; past
 * that the oldest waiting ones are dropped and counted. The batch being sent is never among them: its
 * answer decides whether it was stored. With a lock, only the tab holding it uploads (UploadTabs).
 */
export class FrameUploader {
  private waiting: WaitingFrame[] = [];
  private inFlight: WaitingFrame[] = [];
  private busy = false;
  private retryTimer?: ReturnType<typeof setTimeout>;
  private failuresInRow = 0;
  /** With a store until `start()`; after `stop()`. */
  private paused: boolean;
  /** When the last frame came (logged here or taken from the store). */
  private lastFrameAt = 0;
  private readonly kept?: KeptFrames;
  private readonly tabs?: UploadTabs;
  readonly state: UploadState = { ...IDLE_UPLOAD };

  constructor(
    private readonly post: PostFrames,
    private readonly options: UploaderOptions = {},
  ) {
    this.paused = Boolean(options.store);
    if (!options.store) return;
    this.kept = new KeptFrames(options.store, (message, error) => this.log(message, error));
    this.tabs = new UploadTabs(
      this.kept,
      {
        lead: (earlier) => {
          this.waiting = earlier.concat(this.waiting);
          this.state.earlierWaiting += earlier.length;
          this.queueChanged();
        },
        found: (frames) => {
          this.lastFrameAt = Date.now();
          this.waiting = this.waiting.concat(frames);
          this.queueChanged();
        },
        settled: (frames, outcome, refusal) => {
          const done = new Set(frames);
          this.waiting = this.waiting.filter((entry) => !done.has(entry));
          if (outcome === 'sent') this.state.error = undefined;
          if (refusal) this.state.error = refusal;
          this.finish(frames, outcome);
        },
        otherTab: (other) => (this.state.otherTab = other),
        kept: () => this.waiting.filter((entry) => entry.key !== undefined),
        quiet: (ms) => Date.now() - this.lastFrameAt >= ms && this.pending() === 0,
        paused: () => this.paused,
        log: (message, error) => this.log(message, error),
      },
      options,
    );
  }

  /**
   * Reads what an earlier session left in the store and uploads it, then all that comes. With a lock it
   * waits for it first: the promise settles once this tab uploads or knows that another one does.
   */
  start(): Promise<void> {
    this.paused = false;
    const started = this.tabs?.start();
    this.pump();
    return started ?? Promise.resolve();
  }

  add(frame: Omit<LoggingFrame, 'frameId'>): void {
    const entry: WaitingFrame = { frame: { ...frame, frameId: frameId() } };
    this.waiting.push(entry);
    this.lastFrameAt = Date.now();
    this.kept?.keep(entry);
    this.trim();
    this.changed();
    this.kept?.persist();
    this.pump();
  }

  /** Waits until everything queued is sent or has failed once (logging was switched off). */
  async flush(): Promise<void> {
    while (this.pending() > 0 && this.failuresInRow === 0 && !this.paused && this.leading()) {
      this.pump();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Waits until the store holds what waits now (tests; nothing in the tool waits for it). */
  async saved(): Promise<void> {
    await this.kept?.saved();
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
    this.tabs?.stop();
  }

  private pending(): number {
    return this.waiting.length + this.inFlight.length;
  }

  /** Uploads: without a store at once, with one once it has read the store (holding the lock, if any). */
  private leading(): boolean {
    return this.tabs ? this.tabs.leading : true;
  }

  /** Frames joined the queue from the store. */
  private queueChanged(): void {
    this.trim();
    this.changed();
    this.kept?.persist();
    this.pump();
  }

  /** Too many wait: the oldest waiting frames go (never those being sent). */
  private trim(): void {
    const over = this.pending() - (this.options.maxQueued ?? MAX_WAITING_FRAMES);
    if (over > 0) this.finish(this.waiting.splice(0, over), 'dropped');
  }

  private finish(entries: WaitingFrame[], outcome: Outcome): void {
    for (const entry of entries) {
      entry.done = true;
      if (entry.earlier) {
        this.state.earlierWaiting--;
        if (outcome === 'sent') this.state.earlierSent++;
      }
      if (entry.key !== undefined) this.kept?.forget(entry.key);
    }
    if (outcome === 'sent') this.state.sent += entries.length;
    if (outcome === 'dropped') this.state.dropped += entries.length;
    if (outcome === 'refused') this.state.refused += entries.length;
    // Frames other tabs logged: they count them as this tab says.
    this.tabs?.report(entries, outcome, outcome === 'refused' ? this.state.error : undefined);
    this.changed();
    this.kept?.persist();
  }

  private pump(): void {
    if (this.paused || !this.leading() || this.busy || this.retryTimer || this.waiting.length === 0) return;
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

  private failed(error: unknown, batch: WaitingFrame[]): void {
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
