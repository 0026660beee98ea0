import { encodeFrame, FLAGS, FrameReader, type Frame } from '../protocol/frame';
import type { SimulatedEcu } from './ecu';

const DEFAULT_SETTINGS: Record<number, number> = { 3: 20, 4: 10 };
/** The firmware keeps at most 64 persist requests. */
const PERSIST_LIMIT = 64;

/**
 * The BridgeLEG firmware's side of the frame protocol (diagnostics-bridge.md): joins written chunks
 * into frames, passes UDS requests to the ECU and frames its responses (ids swapped), keeps settings,
 * and runs persist mode (stored requests sent round-robin, every response stamped with the uptime).
 * `send` gets each outgoing frame as its units (the whole frame, or its chunks of at most 20 bytes);
 * the link packs units into notifications.
 */
export class SimulatedBridge {
  private reader = new FrameReader();
  private settings = { ...DEFAULT_SETTINGS };
  private persistList: Uint8Array[] = [];
  private persistTimer?: ReturnType<typeof setTimeout>;
  private readonly started: number;

  constructor(
    readonly ecu: SimulatedEcu,
    private readonly send: (units: Uint8Array[]) => void,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.started = clock();
  }

  /** Connecting and disconnecting clear persist mode and any half-received frame. */
  reset(): void {
    this.stopPersist();
    this.persistList = [];
    this.reader = new FrameReader();
  }

  /** One write from the client. */
  receive(bytes: Uint8Array): void {
    let frames: Frame[];
    try {
      frames = this.reader.push(bytes);
    } catch {
      this.reader = new FrameReader();
      return;
    }
    for (const frame of frames) this.handle(frame);
  }

  get persisting(): boolean {
    return this.persistTimer !== undefined;
  }

  private handle(frame: Frame): void {
    const { flags, payload } = frame;
    if (flags & FLAGS.SETTINGS) {
      const id = flags & 0x3f;
      if (flags & FLAGS.SET_GET) {
        const value = this.settings[id] ?? 0;
        return this.reply(flags, Uint8Array.of(value & 0xff, value >> 8));
      }
      this.settings[id] = payload[0] | (payload[1] << 8);
      return;
    }
    if (flags & FLAGS.PER_ADD) {
      if (flags & FLAGS.PER_CLEAR) this.reset();
      if (this.persistList.length < PERSIST_LIMIT) this.persistList.push(payload);
      if (flags & FLAGS.PER_ENABLE) this.startPersist();
      return;
    }
    if (flags & FLAGS.PER_CLEAR) return this.reset();
    const response = this.ecu.handle(payload);
    if (response) this.reply(0, response);
  }

  private reply(flags: number, payload: Uint8Array, tick?: number): void {
    const ids =
      tick === undefined ? { rxId: 0x7e0, txId: 0x7e8 } : { rxId: (tick >>> 16) & 0xffff, txId: tick & 0xffff };
    this.send(encodeFrame({ flags, ...ids, payload }));
  }

  /** PERSIST_Q_DELAY between the stored requests, PERSIST_DELAY after each round. */
  private startPersist(): void {
    this.stopPersist();
    let index = 0;
    // The firmware keeps its own time: deadlines on a fixed timeline, so a late timer does not slow the rate.
    let due = this.clock();
    const next = () => {
      const request = this.persistList[index];
      const response = request && this.ecu.handle(request);
      if (response) this.reply(0, response, Math.round(this.clock() - this.started));
      index = (index + 1) % Math.max(1, this.persistList.length);
      due += this.settings[4] + (index === 0 ? this.settings[3] : 0);
      this.persistTimer = setTimeout(next, Math.max(0, due - this.clock()));
    };
    this.persistTimer = setTimeout(next, 0);
  }

  private stopPersist(): void {
    clearTimeout(this.persistTimer);
    this.persistTimer = undefined;
  }
}
