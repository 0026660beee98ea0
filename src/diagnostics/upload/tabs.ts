import type { KeptFrames, WaitingFrame } from './keptFrames';
import { holdLock, type RequestLock } from './locks';

/** What becomes of a waiting frame. */
export type Outcome = 'sent' | 'refused' | 'dropped';

/** What the uploader does for the tabs' coordination (UploadTabs). */
export interface TabsHost {
  /** This tab uploads from now on: `earlier` (frames kept in the store it did not have, oldest first) go first. */
  lead(earlier: WaitingFrame[]): void;
  /** Uploading: frames other tabs kept in the store meanwhile, oldest first. */
  found(frames: WaitingFrame[]): void;
  /** Not uploading: frames this tab kept that the uploading tab is done with. */
  settled(frames: WaitingFrame[], outcome: Outcome): void;
  /** Whether another tab uploads this tab's frames. */
  otherTab(other: boolean): void;
  /** The frames this tab kept in the store that wait still. */
  kept(): WaitingFrame[];
  /** Nothing waits, and no frame came for `ms`. */
  quiet(ms: number): boolean;
  /** The tool was closed (`stop()`): nothing is looked for. */
  paused(): boolean;
  log(message: string, error?: unknown): void;
}

export interface TabsOptions {
  /**
   * The browser's Web Locks and the lock of the user's uploads. Of the tabs sharing the store, the one holding
   * the lock uploads every frame kept there (those the others log too); the others keep their frames there until
   * it has, and one of them takes over when it goes. Without, the tab uploads what it finds at its start.
   */
  lock?: { request: RequestLock; name: string };
  /** How often the tab holding the lock looks for frames other tabs kept, and the others for what it took. */
  watchMs?: number;
  /**
   * With the lock: the store is deleted (FrameStore.removeIfEmpty) once nothing waits and no frame came for this
   * long (while logging it would be deleted and made anew after every upload).
   */
  removeAfterMs?: number;
}

const WATCH_MS = 1000;
const REMOVE_AFTER_MS = 5000;

/**
 * Which of the user's tabs sharing a store uploads (the one holding the lock), and what passes between them
 * through the store: the uploading tab reads what an earlier session left and what the others keep there
 * meanwhile; the others learn which of their frames it took.
 */
export class UploadTabs {
  /** This tab uploads: without a lock once it has read the store, with one once it holds the lock, too. */
  leading = false;
  private started?: Promise<void>;
  /** Gives up the lock (or the wait for it). */
  private letGo?: () => void;
  private watchTimer?: ReturnType<typeof setInterval>;

  constructor(
    private readonly kept: KeptFrames,
    private readonly host: TabsHost,
    private readonly options: TabsOptions = {},
  ) {}

  /**
   * Reads what an earlier session left in the store and leads, at once or (with a lock) once it holds it: the
   * promise settles once this tab uploads or knows that another one does.
   */
  start(): Promise<void> {
    const { lock } = this.options;
    if (!this.started) this.started = lock ? this.claim(lock) : this.kept.serial(() => this.lead());
    return this.started;
  }

  /** The lock goes to another tab; with a lock, `start()` asks for it anew. */
  stop(): void {
    clearInterval(this.watchTimer);
    this.watchTimer = undefined;
    this.letGo?.();
    this.letGo = undefined;
    if (this.options.lock) {
      this.started = undefined;
      this.leading = false;
    }
  }

  /**
   * Asks for the lock: held, this tab uploads (`lead`) until `stop()` or its close; held by another tab, this
   * one waits in line and meanwhile watches which of its frames that tab took.
   */
  private claim({ request, name }: NonNullable<TabsOptions['lock']>): Promise<void> {
    return new Promise<void>((settled) => {
      const letGo = holdLock(request, name, {
        held: (letGo) => {
          this.host.otherTab(false);
          void this.kept.serial(() => this.lead(letGo)).finally(settled);
        },
        busy: () => {
          this.host.otherTab(true);
          settled();
        },
        // Web Locks refused (as they may be in a sandboxed frame): this tab uploads, as without them.
        failed: (error) => {
          this.host.log('The upload could not be shared with other tabs', error);
          this.host.otherTab(false);
          void this.kept.serial(() => this.lead()).finally(settled);
        },
      });
      this.letGo = () => {
        letGo();
        settled();
      };
      this.watchTimer = setInterval(() => this.watch(), this.options.watchMs ?? WATCH_MS);
    });
  }

  /**
   * Reads what the store holds that this tab does not have (an earlier session's frames, or a closed tab's),
   * older than anything logged since: first in line (and first to go when too many wait).
   */
  private async lead(lock?: AbortSignal): Promise<void> {
    let stored: Awaited<ReturnType<KeptFrames['load']>> = [];
    try {
      stored = await this.kept.load();
    } catch (error) {
      this.kept.failed('The frames kept in the browser could not be read', error);
    }
    // Let go meanwhile (the tool was closed at once): another tab may hold the lock now.
    if (lock?.aborted) return;
    const earlier = this.kept.take(stored).map((entry): WaitingFrame => ({ ...entry, earlier: true }));
    this.leading = true;
    // An empty store left from before is removed too.
    this.kept.allowRemove();
    this.host.lead(earlier);
  }

  /**
   * Uploading, takes up the frames other tabs kept in the store meanwhile; not, counts those of its own that the
   * uploading tab has taken (uploaded, or refused or dropped, which that tab shows).
   */
  private watch(): void {
    if (this.host.paused()) return;
    void this.kept
      .serial(async () => {
        if (this.leading) {
          const found = this.kept.take(await this.kept.load(true));
          if (found.length === 0)
            return this.kept.removeIfEmpty(this.host.quiet(this.options.removeAfterMs ?? REMOVE_AFTER_MS));
          this.host.found(found);
          return;
        }
        const taken = await this.kept.gone(this.host.kept());
        if (taken.length === 0 || this.leading) return;
        this.kept.release(taken);
        this.host.settled(taken, 'sent');
      })
      .catch((error: unknown) => this.kept.failed('The frames kept in the browser could not be read', error));
  }
}
