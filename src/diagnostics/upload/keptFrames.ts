import type { LoggingFrame } from '../../shared/api/logging';
import type { FrameStore } from './frameStore';

/** A frame waiting for the upload; `key` once it is written to the store. */
export interface WaitingFrame {
  frame: LoggingFrame;
  key?: number;
  /** Read from the store at the start: logged in an earlier session. */
  earlier?: boolean;
  /** Read from the store: another tab's (or an earlier session's); the uploading tab says what became of it. */
  taken?: boolean;
  /** Sent, refused or dropped: it waits no more (and leaves the store). */
  done?: boolean;
}

/**
 * The copy of a tab's waiting frames in the user's store (FrameStore): what is written there and what leaves
 * it, one store operation at a time and in order, and which of the frames kept there this tab has in hand (its
 * own and those it read), so that it reads none twice. A write that fails leaves the frames in memory only.
 */
export class KeptFrames {
  private operations: Promise<unknown> = Promise.resolve();
  private toWrite: WaitingFrame[] = [];
  private toDelete: number[] = [];
  private writeQueued = false;
  /** The store's frames this tab has in hand (its own and those it read), so that it reads none twice. */
  private known = new Set<number>();
  /** The highest key read from the store: newer frames are looked for above it. */
  private scanned = -Infinity;
  /** The store was written (or read at the start) since it was last found empty. */
  private mayRemove = false;
  /** What went wrong with the store, said once each (not 20 times a second). */
  private errors = new Set<string>();

  constructor(
    private readonly store: FrameStore,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  /** The store's operations run one at a time, in order. */
  serial<T>(operation: () => Promise<T>): Promise<T> {
    const next = this.operations.then(operation);
    this.operations = next.catch(() => {});
    return next;
  }

  /** `entry` is written to the store with the next write (`persist`). */
  keep(entry: WaitingFrame): void {
    this.toWrite.push(entry);
  }

  /** The frame under `key` leaves the store with the next write (`persist`). */
  forget(key: number): void {
    this.toDelete.push(key);
  }

  /** Something is still to be written or removed. */
  get writing(): boolean {
    return this.writeQueued || this.toWrite.length > 0 || this.toDelete.length > 0;
  }

  /** Waits until the store holds what waits now. */
  async saved(): Promise<void> {
    do await this.operations;
    while (this.writing);
  }

  /** One write at a time; what changes meanwhile goes with the next. */
  persist(): void {
    if (this.writeQueued) return;
    this.writeQueued = true;
    void this.serial(async () => {
      this.writeQueued = false;
      const puts = this.toWrite.splice(0).filter((entry) => !entry.done);
      const deletes = this.toDelete.splice(0);
      if (puts.length === 0 && deletes.length === 0) return;
      try {
        const keys = await this.store.write(
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
        this.failed('The waiting frames could not be kept in the browser', error);
      }
      if (this.toWrite.length > 0 || this.toDelete.length > 0) this.persist();
    });
  }

  /** The frames the store holds (all of them, or with `newer` those above the ones read so far), oldest first. */
  load(newer = false): Promise<[number, LoggingFrame][]> {
    return this.store.load(newer ? this.scanned : undefined);
  }

  /** The frames read from the store that this tab has not in hand yet, oldest first. */
  take(stored: [number, LoggingFrame][]): WaitingFrame[] {
    const taken: WaitingFrame[] = [];
    for (const [key, frame] of stored.sort(([a], [b]) => a - b)) {
      this.scanned = Math.max(this.scanned, key);
      if (this.known.has(key)) continue;
      this.known.add(key);
      taken.push({ frame, key, taken: true });
    }
    return taken;
  }

  /** Of `entries` (each with a key), those no longer in the store: another tab took them. */
  async gone(entries: WaitingFrame[]): Promise<WaitingFrame[]> {
    if (entries.length === 0) return [];
    const still = new Set(await this.store.keys(entries.reduce((low, entry) => Math.min(low, entry.key!), Infinity)));
    return entries.filter((entry) => !still.has(entry.key!));
  }

  /** Frames another tab took from the store: gone from it already, nothing of theirs is to be removed. */
  release(entries: WaitingFrame[]): void {
    for (const entry of entries) {
      if (entry.key === undefined) continue;
      this.known.delete(entry.key);
      entry.key = undefined;
    }
  }

  /** The store was read: an empty one may be removed (`removeIfEmpty`). */
  allowRemove(): void {
    this.mayRemove = true;
  }

  /**
   * With `quiet` (nothing waits and no frame came for a while), the store goes if it was used since it was last
   * found empty, everything is written, and no other tab has kept frames there.
   */
  async removeIfEmpty(quiet: boolean): Promise<void> {
    if (!this.mayRemove || !quiet || this.writing) return;
    this.mayRemove = false;
    if (!(await this.store.removeIfEmpty())) return;
    // Keys start anew with the next store.
    this.known.clear();
    this.scanned = -Infinity;
  }

  /** Says once what went wrong with the store. */
  failed(message: string, error: unknown): void {
    if (this.errors.has(message)) return;
    this.errors.add(message);
    this.log(message, error);
  }
}
