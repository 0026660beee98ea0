import { LOGGING_BATCH_LIMIT, type LoggingFrame } from '../../shared/api/logging';

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

export interface UploaderOptions {
  /** Spec section 8: upload errors are logged only. */
  log?: (message: string, error?: unknown) => void;
  /** Frames kept while the network is away (10 minutes at 20 per second); the oldest go first. */
  maxQueued?: number;
}

export interface UploadState {
  sent: number;
  queued: number;
  failures: number;
  /**
   * The last upload's failure while it holds (cleared by the next upload that succeeds): the server's
   * `error` or 'Network error', and its status (0 when the network failed).
   */
  error?: { message: string; status: number };
}

const RETRY_MS = [1000, 2000, 5000, 10_000];

/**
 * Sends logging frames to `logging/createEntry` without ever holding up logging: one request at a
 * time, and what arrives meanwhile goes with the next (so a slow network gets batches instead of a
 * queue of requests). A failed batch stays queued and is sent again after a pause; each frame carries
 * an id, so a batch the server stored before the answer got lost is not stored twice.
 */
export class FrameUploader {
  private queue: LoggingFrame[] = [];
  private busy = false;
  private retryTimer?: ReturnType<typeof setTimeout>;
  private failuresInRow = 0;
  readonly state: UploadState = { sent: 0, queued: 0, failures: 0 };

  constructor(
    private readonly post: PostFrames,
    private readonly options: UploaderOptions = {},
  ) {}

  add(frame: Omit<LoggingFrame, 'frameId'>): void {
    this.queue.push({ ...frame, frameId: frameId() });
    const max = this.options.maxQueued ?? 12_000;
    if (this.queue.length > max) this.queue.splice(0, this.queue.length - max);
    this.changed();
    this.pump();
  }

  /** Waits until everything queued is sent or has failed once (logging was switched off). */
  async flush(): Promise<void> {
    while (this.queue.length > 0 && this.failuresInRow === 0) {
      this.pump();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Sends what waits now instead of after the pause of a failure (the login was renewed). */
  retryNow(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.pump();
  }

  stop(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private pump(): void {
    if (this.busy || this.retryTimer || this.queue.length === 0) return;
    this.busy = true;
    const batch = this.queue.slice(0, LOGGING_BATCH_LIMIT);
    this.post(batch)
      .then(() => {
        this.queue.splice(0, batch.length);
        this.state.sent += batch.length;
        this.state.error = undefined;
        this.failuresInRow = 0;
      })
      .catch((error: unknown) => this.failed(error, batch.length))
      .finally(() => {
        this.busy = false;
        this.changed();
        this.pump();
      });
  }

  private failed(error: unknown, count: number): void {
    this.state.failures++;
    this.log('Logging upload failed', error);
    const status = error instanceof UploadError ? error.status : 0;
    this.state.error = { message: error instanceof Error ? error.message : String(error), status };
    // A frame the server refuses as invalid (400) or as stored already (409) will never pass. When the
    // answer names it (the batch is all or nothing), only that frame goes and the rest is sent again
    // at once; without a name the whole batch goes rather than block the rest.
    if (status === 400 || status === 409) {
      const index = error instanceof UploadError ? error.index : undefined;
      if (index !== undefined && Number.isInteger(index) && index >= 0 && index < count) this.queue.splice(index, 1);
      else this.queue.splice(0, count);
      return;
    }
    if (status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429) {
      this.queue.splice(0, count);
      return;
    }
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
    this.state.queued = this.queue.length;
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
