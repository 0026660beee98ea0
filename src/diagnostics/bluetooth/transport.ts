import { ECU, encodeFrame, FLAGS, FrameReader, PacketError, ProtocolError, type Frame } from '../protocol/frame';
import {
  BRIDGE_NAME_PREFIX,
  BRIDGE_NOTIFY,
  BRIDGE_SERVICE,
  BRIDGE_WRITE,
  type BluetoothLike,
  type CharacteristicLike,
  type DeviceLike,
} from './gatt';

/** Spec section 9: a reply not received within 200 ms fails with 'Timeout'. */
export const REPLY_TIMEOUT_MS = 200;
/** Bridge settings (diagnostics-bridge.md, "Settings and persist mode"). */
export const SETTING = { PERSIST_DELAY: 3, PERSIST_Q_DELAY: 4 } as const;

export interface TransportOptions {
  /** The link was lost (`gattserverdisconnected`); not called for `disconnect()`. */
  onDisconnect?: () => void;
  /** Bluetooth write errors and stray packets are logged only (spec section 8). */
  log?: (message: string, error?: unknown) => void;
}

interface Pending {
  request: Uint8Array;
  resolve: (response: Uint8Array) => void;
  reject: (error: Error) => void;
  timer?: ReturnType<typeof setTimeout>;
}

/** The bridge's uptime in ms, carried in a persist-mode response's rxID and txID. */
export type PersistListener = (payload: Uint8Array, tick: number) => void;

/**
 * One connection to the bridge over Web Bluetooth (diagnostics-bridge.md, "Bluetooth"): writes go
 * through one queue, cut to 20 bytes; notifications are read into frames; each request waits for
 * the response that answers it (same service, same first DID or sub-function), at most 200 ms after
 * its last write. Requests may overlap: a late reply never holds up the next request.
 */
export class BridgeTransport {
  private reader = new FrameReader();
  private queue: Promise<void> = Promise.resolve();
  private pending: Pending[] = [];
  private persist?: PersistListener;
  private write?: CharacteristicLike;
  private notify?: CharacteristicLike;
  /** Disconnect was called: writes still queued are let go quietly. */
  private closed = false;

  private constructor(
    readonly device: DeviceLike,
    private readonly options: TransportOptions,
  ) {}

  /** Asks the browser for the bridge (its chooser), then connects. */
  static async request(bluetooth: BluetoothLike, options: TransportOptions = {}): Promise<BridgeTransport> {
    const device = await bluetooth.requestDevice({
      filters: [{ services: [BRIDGE_SERVICE] }, { namePrefix: BRIDGE_NAME_PREFIX }],
      optionalServices: [BRIDGE_SERVICE],
    });
    const transport = new BridgeTransport(device, options);
    try {
      await transport.connect();
    } catch (error) {
      // Not connected after all: the link is let go quietly (no lost-link report for a link never made).
      transport.disconnect();
      // After the chooser, a NotFoundError means the device lacks the bridge's service or characteristics,
      // not that the user cancelled (which requestDevice itself answers with NotFoundError).
      if (error instanceof DOMException && error.name === 'NotFoundError')
        throw new ProtocolError(
          `${device.name ?? 'The chosen device'} is not a BridgeLEG bridge: it offers no bridge service (${error.message}). Choose BLE_TO_ISOTP20.`,
        );
      throw error;
    }
    return transport;
  }

  get connected(): boolean {
    return this.device.gatt?.connected ?? false;
  }

  /** Connects (again, after a lost link) to the chosen device: GATT server, service, both characteristics. */
  async connect(): Promise<void> {
    const gatt = this.device.gatt;
    if (!gatt) throw new Error('The device has no GATT server');
    // Once per transport (adding the same listener again is no second one), also after `disconnect()`.
    this.device.addEventListener('gattserverdisconnected', this.onDisconnected);
    this.closed = false;
    const server = await gatt.connect();
    const service = await server.getPrimaryService(BRIDGE_SERVICE);
    this.notify?.removeEventListener('characteristicvaluechanged', this.onNotification);
    this.write = await service.getCharacteristic(BRIDGE_WRITE);
    this.notify = await service.getCharacteristic(BRIDGE_NOTIFY);
    this.notify.addEventListener('characteristicvaluechanged', this.onNotification);
    await this.notify.startNotifications();
    this.reader = new FrameReader();
  }

  /**
   * Ends the connection (Disconnect): every listener this transport added goes first, so the browser's
   * device (the same object when it is chosen again) and its characteristics hold none of it. A new
   * transport on the same device then handles each notification and each lost link once. Requests
   * still waiting fail with 'Disconnected' and their timers are cleared.
   */
  disconnect(): void {
    this.closed = true;
    this.device.removeEventListener('gattserverdisconnected', this.onDisconnected);
    this.notify?.removeEventListener('characteristicvaluechanged', this.onNotification);
    this.notify = undefined;
    this.write = undefined;
    this.failPending();
    if (this.device.gatt?.connected) this.device.gatt.disconnect();
  }

  /** A UDS request to the engine ECU; answers the response payload (positive or `7F` negative). */
  request(payload: Uint8Array, timeoutMs = REPLY_TIMEOUT_MS): Promise<Uint8Array> {
    return new Promise<Uint8Array>((resolve, reject) => {
      const entry: Pending = { request: payload, resolve, reject };
      this.pending.push(entry);
      void this.send({ flags: 0, ...ECU, payload }).then(() => {
        if (!this.pending.includes(entry)) return;
        entry.timer = setTimeout(() => {
          this.settle(entry);
          reject(new ProtocolError('Timeout'));
        }, timeoutMs);
      });
    });
  }

  /**
   * Stores the requests in the bridge, which then sends them round-robin on its own and notifies each
   * response with its uptime (persist mode). Answers once the requests are written.
   */
  async startPersist(requests: readonly Uint8Array[], listener: PersistListener): Promise<void> {
    this.persist = listener;
    const last = requests.length - 1;
    for (const [index, payload] of requests.entries()) {
      const flags = FLAGS.PER_ADD | (index === 0 ? FLAGS.PER_CLEAR : 0) | (index === last ? FLAGS.PER_ENABLE : 0);
      await this.send({ flags, ...ECU, payload });
    }
  }

  async stopPersist(): Promise<void> {
    this.persist = undefined;
    await this.send({ flags: FLAGS.PER_CLEAR, ...ECU, payload: new Uint8Array(0) });
  }

  /** Sets a u16 bridge setting (`0x80 | id`, value little-endian). */
  async setSetting(id: number, value: number): Promise<void> {
    await this.send({ flags: FLAGS.SETTINGS | id, ...ECU, payload: Uint8Array.of(value & 0xff, value >> 8) });
  }

  private send(frame: Frame): Promise<void> {
    const writes = encodeFrame(frame);
    const sent = this.queue.then(async () => {
      for (const bytes of writes) await this.writeOne(bytes);
    });
    this.queue = sent;
    return sent;
  }

  private async writeOne(bytes: Uint8Array): Promise<void> {
    const characteristic = this.write;
    if (this.closed) return;
    try {
      if (!characteristic) throw new Error('Not connected');
      if (characteristic.writeValueWithoutResponse) await characteristic.writeValueWithoutResponse(bytes);
      else await characteristic.writeValue(bytes);
    } catch (error) {
      this.log('Bluetooth write failed', error);
    }
  }

  private onNotification = (event: Event) => {
    const view = (event.target as CharacteristicLike).value;
    if (!view) return;
    let frames: Frame[];
    try {
      frames = this.reader.push(new Uint8Array(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength)));
    } catch (error) {
      this.reader = new FrameReader();
      this.log('Dropped a malformed notification part', error);
      // The whole frames before the malformed part are good: a reply among them still answers.
      frames = error instanceof PacketError ? error.frames : [];
    }
    for (const frame of frames) this.receive(frame);
  };

  /**
   * Frames are told apart by their ids first (diagnostics-bridge.md): the reply to a request comes back
   * with the ECU's ids swapped (rxID 0x7E0, txID 0x7E8); a persist-mode response carries the bridge's
   * uptime there instead. Only a reply is matched against the waiting requests, so a persist frame of
   * the same service and first DID never answers a request, and the logging stream never loses it.
   */
  private receive(frame: Frame): void {
    const response = frame.payload;
    if (isReply(frame)) {
      const entry = this.pending.find((pending) => answers(pending.request, response));
      if (entry) {
        this.settle(entry);
        return entry.resolve(response);
      }
    } else if (this.persist) return this.persist(response, ((frame.rxId << 16) | frame.txId) >>> 0);
    this.log(`Dropped a reply nobody waits for (service 0x${(response[0] ?? 0).toString(16)})`);
  }

  private settle(entry: Pending): void {
    clearTimeout(entry.timer);
    this.pending = this.pending.filter((pending) => pending !== entry);
  }

  private onDisconnected = () => {
    this.failPending();
    this.options.onDisconnect?.();
  };

  private failPending(): void {
    const pending = this.pending;
    this.pending = [];
    this.persist = undefined;
    for (const entry of pending) {
      clearTimeout(entry.timer);
      entry.reject(new ProtocolError('Disconnected'));
    }
  }

  private log(message: string, error?: unknown): void {
    (this.options.log ?? ((text, detail) => console.warn(text, detail ?? '')))(message, error);
  }
}

/** A reply to a request: the ECU's ids swapped. Anything else carries a persist-mode tick. */
export function isReply(frame: Frame): boolean {
  return frame.rxId === ECU.txId && frame.txId === ECU.rxId;
}

/**
 * Whether a response answers a request: the positive response of its service (with the same first
 * DID for ReadDataByIdentifier, the same sub-function for sessions and DTC reports) or its negative one.
 */
export function answers(request: Uint8Array, response: Uint8Array): boolean {
  const service = request[0];
  if (response[0] === 0x7f) return response[1] === service;
  if (response[0] !== service + 0x40) return false;
  if (service === 0x22) return response[1] === request[1] && response[2] === request[2];
  if (service === 0x10 || service === 0x19) return response[1] === request[1];
  return true;
}
