import type { ValueFrame } from '../ecu/valueStream';

/** What the gauges draw: the newest frame, and whether it is still live. */
export interface LiveSnapshot {
  frame?: ValueFrame;
  /**
   * When the values stopped being live (ms since the epoch: the link was lost, or no frame came for
   * a while); undefined while frames arrive. The frame stays, shown as the last values read.
   */
  staleSince?: number;
}

/** A frame older than this (20 frame intervals at 20 a second) no longer counts as live. */
export const STALE_AFTER_MS = 2000;

/**
 * The newest frame for the gauges: frames arrive 20 times a second, the view draws at most once per
 * animation frame (`useSyncExternalStore` over this store), so a slow phone skips frames instead of
 * falling behind. A lost link marks the values stale (frozen numbers on a phone in a car look live),
 * the next frame makes them live again.
 */
export class LiveValues {
  private state: LiveSnapshot = {};
  private receivedAt = 0;
  private listeners = new Set<() => void>();
  private scheduled = false;

  push(frame: ValueFrame): void {
    this.state = { frame };
    this.receivedAt = Date.now();
    this.notify();
  }

  /** The values are no longer live (the link is gone): they stay, shown as stale, until the next frame. */
  markStale(now = Date.now()): void {
    if (this.state.staleSince !== undefined) return;
    this.state = { ...this.state, staleSince: now };
    this.notify();
  }

  /** Marks the values stale when the last frame came more than STALE_AFTER_MS ago (the engine went quiet). */
  expire(now = Date.now()): void {
    if (this.state.frame && now - this.receivedAt > STALE_AFTER_MS) this.markStale(this.receivedAt);
  }

  /** No values at all (a new connection: the last car's values are not this one's). */
  clear(): void {
    this.state = {};
    this.notify();
  }

  private notify() {
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => {
      this.scheduled = false;
      for (const listener of this.listeners) listener();
    });
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  snapshot = () => this.state;
}
