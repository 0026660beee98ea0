import { SETTING } from '../bluetooth/transport';
import { readDataRequest, decodeValues } from '../protocol/uds';
import { completeFrame, VALUE_GROUPS, type EcuClient } from './ecu';

/** Spec section 9: logging rate 20 per second. */
export const FRAMES_PER_SECOND = 20;
const FRAME_MS = 1000 / FRAMES_PER_SECOND;
/** Polling: frames whose replies are still out, before a tick is skipped instead of piling up requests. */
const MAX_IN_FLIGHT = 2;
/** Persist mode: no response for this long and the stored requests are sent again. */
const PERSIST_STALL_MS = 1000;
/** The bridge waits PERSIST_Q_DELAY between stored requests; the rest of a frame's 50 ms after a round. */
const PERSIST_Q_DELAY_MS = 10;

export interface ValueFrame {
  /** When the values were read (ms since the epoch; in persist mode from the bridge's tick). */
  time: number;
  values: Record<string, number>;
}

export type StreamMode = 'persist' | 'poll';

export interface ValueStreamOptions {
  mode: StreamMode;
  onFrame: (frame: ValueFrame) => void;
  onError?: (error: unknown) => void;
  /** For tests: the clock frames are stamped with. */
  now?: () => number;
}

/**
 * One frame of all 19 values (and the calculated ones) 20 times a second. Polled: every 50 ms the 4
 * requests go out at once; a frame whose replies are late does not hold up the next (at most two
 * frames are out; past that a tick is skipped and the rate shows it). Persist: the bridge repeats the
 * 4 requests itself and a frame is complete when its groups are in, stamped with the bridge's tick.
 */
export class ValueStream {
  private timer?: ReturnType<typeof setInterval>;
  private inFlight = 0;
  private frameTimes: number[] = [];
  private current: Record<string, number> = {};
  private currentTick?: number;
  private groupsSeen = new Set<number>();
  private tickOffset?: number;
  private lastPersist = 0;
  private readonly now: () => number;
  private running = false;

  constructor(
    private readonly ecu: EcuClient,
    private readonly options: ValueStreamOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  get mode(): StreamMode {
    return this.options.mode;
  }

  async start(): Promise<void> {
    this.running = true;
    if (this.options.mode === 'poll') {
      this.timer = setInterval(this.poll, FRAME_MS);
      return;
    }
    await this.startPersist();
    // Stopped while the requests were written (Disconnect): no timer outlives the stream.
    if (!this.running) return;
    this.timer = setInterval(() => {
      if (this.running && this.now() - this.lastPersist > PERSIST_STALL_MS) void this.startPersist();
    }, PERSIST_STALL_MS);
  }

  async stop(): Promise<void> {
    this.running = false;
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.options.mode === 'persist' && this.ecu.transport.connected) await this.ecu.transport.stopPersist();
  }

  /** Frames emitted over the last second. */
  get rate(): number {
    const since = this.now() - 1000;
    this.frameTimes = this.frameTimes.filter((time) => time > since);
    return this.frameTimes.length;
  }

  private emit(frame: ValueFrame): void {
    this.frameTimes.push(this.now());
    if (this.frameTimes.length > FRAMES_PER_SECOND * 4) this.frameTimes.splice(0, FRAMES_PER_SECOND);
    this.options.onFrame(frame);
  }

  private poll = () => {
    if (this.inFlight >= MAX_IN_FLIGHT) return;
    this.inFlight++;
    const time = this.now();
    void Promise.allSettled(VALUE_GROUPS.map((group) => this.ecu.readGroup(group))).then((results) => {
      this.inFlight--;
      const values = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) this.options.onError?.(failed.reason);
      if (values.length > 0 && this.running) this.emit({ time, values: completeFrame(Object.assign({}, ...values)) });
    });
  };

  private async startPersist(): Promise<void> {
    this.lastPersist = this.now();
    this.current = {};
    this.groupsSeen.clear();
    this.tickOffset = undefined;
    const transport = this.ecu.transport;
    await transport.setSetting(SETTING.PERSIST_Q_DELAY, PERSIST_Q_DELAY_MS);
    await transport.setSetting(
      SETTING.PERSIST_DELAY,
      Math.max(0, Math.round(FRAME_MS - VALUE_GROUPS.length * PERSIST_Q_DELAY_MS)),
    );
    await transport.startPersist(
      VALUE_GROUPS.map((group) => readDataRequest(group.map((value) => value.did))),
      this.onPersist,
    );
  }

  private onPersist = (response: Uint8Array, tick: number) => {
    this.lastPersist = this.now();
    const did = (response[1] << 8) | response[2];
    const index = VALUE_GROUPS.findIndex((group) => group[0].did === did);
    if (index < 0) return;
    let values: Record<string, number>;
    try {
      values = decodeValues(response, VALUE_GROUPS[index]);
    } catch (error) {
      return this.options.onError?.(error);
    }
    if (this.groupsSeen.has(index)) this.flush();
    this.tickOffset ??= this.now() - tick;
    this.currentTick ??= tick;
    this.groupsSeen.add(index);
    Object.assign(this.current, values);
    if (this.groupsSeen.size === VALUE_GROUPS.length) this.flush();
  };

  private flush(): void {
    if (this.groupsSeen.size > 0 && this.currentTick !== undefined && this.running)
      this.emit({ time: (this.tickOffset ?? 0) + this.currentTick, values: completeFrame(this.current) });
    this.current = {};
    this.currentTick = undefined;
    this.groupsSeen.clear();
  }
}
