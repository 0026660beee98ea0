import type { KeptFrames, WaitingFrame } from './keptFrames';
import { holdLock, type RequestLock } from './locks';

/** What becomes of a waiting frame. */
export type Outcome = 'sent' | 'refused' | 'dropped';

/** Why the server refused frames: its `error` and the status. */
export interface Refusal {
  message: string;
  status: number;
}

/**
 * The uploading tab's word to the others (BroadcastChannel of the lock's name): what became of frames it took
 * from the store, by their keys there (a tab knows the keys of the frames it kept).
 */
interface OutcomeReport {
  outcome: Outcome;
  keys: number[];
  /** For refused frames: why. */
  refusal?: Refusal;
}

const isReport = (data: unknown): data is OutcomeReport =>
  typeof data === 'object' &&
  data !== null &&
  ['sent', 'refused', 'dropped'].includes((data as OutcomeReport).outcome) &&
  Array.isArray((data as OutcomeReport).keys);

/** What the uploader does for the tabs' coordination (UploadTabs). */
export interface TabsHost {
  /** This tab uploads from now on: `earlier` (frames kept in the store it did not have, oldest first) go first. */
  lead(earlier: WaitingFrame[]): void;
  /** Uploading: frames other tabs kept in the store meanwhile, oldest first. */
  found(frames: WaitingFrame[]): void;
  /** Not uploading: frames this tab kept that the uploading tab is done with, and how (`refusal`: why refused). */
  settled(frames: WaitingFrame[], outcome: Outcome, refusal?: Refusal): void;
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
  /**
   * With the lock, not uploading: how long a frame of this tab's may be gone from the store before the uploading
   * tab has said what became of it (a tab of an earlier version says nothing); after that it counts as uploaded.
   */
  reportWaitMs?: number;
}

const WATCH_MS = 1000;
const REMOVE_AFTER_MS = 5000;
const REPORT_WAIT_MS = 10_000;

/**
 * Which of the user's tabs sharing a store uploads (the one holding the lock), and what passes between them: the
 * uploading tab reads what an earlier session left in the store and what the others keep there meanwhile, and
 * tells them (BroadcastChannel) which of their frames were uploaded, dropped or refused; each counts its own.
 */
export class UploadTabs {
  /** This tab uploads: without a lock once it has read the store, with one once it holds the lock, too. */
  leading = false;
  private started?: Promise<void>;
  /** Gives up the lock (or the wait for it). */
  private letGo?: () => void;
  private watchTimer?: ReturnType<typeof setInterval>;
  /** With the lock, where the browser has one: the uploading tab's reports to the others. */
  private channel?: BroadcastChannel;
  /** Frames of this tab's gone from the store that no report named yet, since when. */
  private unreported = new Map<WaitingFrame, number>();
  private saidUnreported = false;

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

  /**
   * Uploading: tells the other tabs what became of frames taken from the store (those this tab logged, nobody
   * else knows).
   */
  report(frames: WaitingFrame[], outcome: Outcome, refusal?: Refusal): void {
    if (!this.channel || !this.leading) return;
    const keys = frames.flatMap((entry) => (entry.taken && entry.key !== undefined ? [entry.key] : []));
    if (keys.length === 0) return;
    const report: OutcomeReport = { outcome, keys, ...(outcome === 'refused' && refusal ? { refusal } : {}) };
    this.channel.postMessage(report);
  }

  /** The lock goes to another tab; with a lock, `start()` asks for it anew. */
  stop(): void {
    clearInterval(this.watchTimer);
    this.watchTimer = undefined;
    this.channel?.close();
    this.channel = undefined;
    this.unreported.clear();
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
      if (typeof BroadcastChannel === 'function') {
        this.channel = new BroadcastChannel(name);
        this.channel.onmessage = ({ data }: MessageEvent<unknown>) => {
          if (isReport(data)) this.reported(data);
        };
      }
    });
  }

  /** Not uploading: the uploading tab says what became of frames; those of this tab's are settled. */
  private reported({ outcome, keys, refusal }: OutcomeReport): void {
    if (this.leading || this.host.paused()) return;
    const named = new Set(keys);
    const mine = this.host.kept().filter((entry) => named.has(entry.key!));
    if (mine.length === 0) return;
    for (const entry of mine) this.unreported.delete(entry);
    this.kept.release(mine);
    this.host.settled(mine, outcome, refusal);
  }

  /**
   * Not uploading: frames of this tab's that left the store. The uploading tab's report says what became of them;
   * one that none names for a while (a tab of an earlier version, or no BroadcastChannel) counts as uploaded.
   */
  private goneUnreported(gone: WaitingFrame[]): void {
    const now = Date.now();
    for (const entry of gone) if (!this.unreported.has(entry)) this.unreported.set(entry, now);
    const wait = this.channel ? (this.options.reportWaitMs ?? REPORT_WAIT_MS) : 0;
    const overdue: WaitingFrame[] = [];
    for (const [entry, since] of this.unreported) {
      if (entry.done) this.unreported.delete(entry);
      else if (now - since >= wait) {
        this.unreported.delete(entry);
        overdue.push(entry);
      }
    }
    if (overdue.length === 0) return;
    if (this.channel && !this.saidUnreported) {
      this.saidUnreported = true;
      this.host.log("The uploading tab says nothing of what became of this tab's frames: they count as uploaded");
    }
    this.kept.release(overdue);
    this.host.settled(overdue, 'sent');
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
    // This tab's own frames that another tab took without a word are uploaded here (again: the server stores each once).
    this.unreported.clear();
    // An empty store left from before is removed too.
    this.kept.allowRemove();
    this.host.lead(earlier);
  }

  /**
   * Uploading, takes up the frames other tabs kept in the store meanwhile; not, looks for those of its own that the
   * uploading tab took without saying what became of them.
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
        const gone = await this.kept.gone(this.host.kept());
        // Settled by a report meanwhile, or this tab uploads now (and uploads them).
        if (this.leading) return;
        this.goneUnreported(gone.filter((entry) => !entry.done));
      })
      .catch((error: unknown) => this.kept.failed('The frames kept in the browser could not be read', error));
  }
}
