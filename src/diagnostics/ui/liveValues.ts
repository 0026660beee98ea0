import type { ValueFrame } from '../ecu/valueStream';

/**
 * The newest frame for the gauges: frames arrive 20 times a second, the view draws at most once per
 * animation frame (`useSyncExternalStore` over this store), so a slow phone skips frames instead of
 * falling behind.
 */
export class LiveValues {
  private frame?: ValueFrame;
  private listeners = new Set<() => void>();
  private scheduled = false;

  push(frame: ValueFrame): void {
    this.frame = frame;
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

  snapshot = () => this.frame;
}
