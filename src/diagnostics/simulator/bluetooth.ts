import { WRITE_SIZE } from '../protocol/frame';
import {
  BRIDGE_NOTIFY,
  BRIDGE_SERVICE,
  BRIDGE_WRITE,
  type BluetoothLike,
  type CharacteristicLike,
  type DeviceLike,
  type GattServerLike,
  type RequestDeviceOptions,
  type ServiceLike,
} from '../bluetooth/gatt';
import { SimulatedBridge } from './bridge';
import { SimulatedEcu, type SimulatedEcuKind } from './ecu';

export interface SimulationOptions {
  /** BLE connection interval: one connection event every so many ms (7.5 is the shortest BLE allows). */
  connectionIntervalMs?: number;
  /** Packets each direction may carry per connection event (phones manage several; 1 is the strict floor). */
  packetsPerEvent?: number;
  ecu?: SimulatedEcuKind;
}

/** One direction of the radio link: packets wait for the next connection event. */
class Link {
  private queue: { bytes: Uint8Array; delivered?: () => void }[] = [];
  private timer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly options: Required<Omit<SimulationOptions, 'ecu'>>,
    private readonly deliver: (bytes: Uint8Array) => void,
    /** Downlink: whole frames and chunks are packed into one notification while they fit in 20 bytes. */
    private readonly packs: boolean,
  ) {}

  push(bytes: Uint8Array, delivered?: () => void): void {
    this.queue.push({ bytes, delivered });
    this.timer ??= setTimeout(this.event, this.untilNextEvent());
  }

  /** Connection events are periodic: the next one is on the link's fixed timeline, not "interval from now". */
  private untilNextEvent(): number {
    const interval = this.options.connectionIntervalMs;
    return interval - (performance.now() % interval);
  }

  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const item of this.queue) item.delivered?.();
    this.queue = [];
  }

  private event = () => {
    this.timer = undefined;
    for (let packet = 0; packet < this.options.packetsPerEvent && this.queue.length > 0; packet++) {
      const first = this.queue.shift()!;
      let bytes = first.bytes;
      while (this.packs && this.queue.length > 0 && bytes.length + this.queue[0].bytes.length <= WRITE_SIZE) {
        const next = this.queue.shift()!.bytes;
        const joined = new Uint8Array(bytes.length + next.length);
        joined.set(bytes);
        joined.set(next, bytes.length);
        bytes = joined;
      }
      this.deliver(bytes);
      first.delivered?.();
    }
    if (this.queue.length > 0) this.timer = setTimeout(this.event, this.untilNextEvent());
  };
}

/**
 * An EventTarget that knows how many listeners it holds (as the browser's own, the same listener added
 * twice is one): tests check that a closed connection leaves none behind on the device.
 */
class CountingTarget extends EventTarget {
  private readonly held = new Map<string, Set<EventListenerOrEventListenerObject>>();

  override addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: AddEventListenerOptions | boolean,
  ): void {
    super.addEventListener(type, listener, options);
    if (listener) this.held.set(type, (this.held.get(type) ?? new Set()).add(listener));
  }

  override removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: EventListenerOptions | boolean,
  ): void {
    super.removeEventListener(type, listener, options);
    if (listener) this.held.get(type)?.delete(listener);
  }

  listenerCount(type: string): number {
    return this.held.get(type)?.size ?? 0;
  }
}

class Characteristic extends CountingTarget implements CharacteristicLike {
  value: DataView | null = null;
  notifying = false;
  /** False once its connection is gone: as in a browser, it neither writes nor notifies any more. */
  alive = true;

  constructor(
    readonly uuid: string,
    private readonly onWrite?: (bytes: Uint8Array) => Promise<void>,
  ) {
    super();
  }

  writeValueWithoutResponse(data: Uint8Array): Promise<void> {
    return this.writeValue(data);
  }

  async writeValue(data: Uint8Array): Promise<void> {
    if (!this.alive)
      throw new DOMException('GATT Server is disconnected. Cannot perform GATT operations.', 'NetworkError');
    if (!this.onWrite) throw new DOMException('GATT operation not permitted.', 'NotSupportedError');
    const bytes = Uint8Array.from(data);
    if (bytes.length > WRITE_SIZE) throw new DOMException('Value is larger than the MTU allows.', 'NetworkError');
    await this.onWrite(bytes);
  }

  async startNotifications(): Promise<CharacteristicLike> {
    this.notifying = true;
    return this;
  }

  notify(bytes: Uint8Array): void {
    if (!this.notifying || !this.alive) return;
    this.value = new DataView(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    this.dispatchEvent(new Event('characteristicvaluechanged'));
  }
}

class Server implements GattServerLike {
  connected = false;
  write!: Characteristic;
  notify!: Characteristic;
  /** Every characteristic of every connection so far (each connection gets new ones, as in Chrome). */
  readonly made: Characteristic[] = [];

  constructor(private readonly simulation: SimulatedBluetooth) {}

  async connect(): Promise<GattServerLike> {
    await new Promise((resolve) => setTimeout(resolve, this.simulation.options.connectionIntervalMs * 4));
    if (!this.simulation.inRange) throw new DOMException('Connection failed for unknown reason.', 'NetworkError');
    this.connected = true;
    this.simulation.bridge.reset();
    this.write = new Characteristic(BRIDGE_WRITE, (bytes) => this.simulation.up(bytes));
    this.notify = new Characteristic(BRIDGE_NOTIFY);
    this.made.push(this.write, this.notify);
    return this;
  }

  disconnect(): void {
    if (!this.connected) return;
    this.connected = false;
    this.write.alive = false;
    this.notify.alive = false;
    this.simulation.linkDown();
    this.simulation.device.dispatchEvent(new Event('gattserverdisconnected'));
  }

  async getPrimaryService(uuid: string): Promise<ServiceLike> {
    if (!this.connected) throw new DOMException('GATT Server is disconnected.', 'NetworkError');
    if (uuid !== BRIDGE_SERVICE)
      throw new DOMException(`No Services matching UUID ${uuid} found in Device.`, 'NotFoundError');
    return {
      getCharacteristic: async (characteristic: string) => {
        if (characteristic === BRIDGE_WRITE) return this.write;
        if (characteristic === BRIDGE_NOTIFY) return this.notify;
        throw new DOMException(`No Characteristics matching UUID ${characteristic} found in Service.`, 'NotFoundError');
      },
    };
  }
}

class Device extends CountingTarget implements DeviceLike {
  readonly id = 'simulated-bridge';
  readonly name = 'BLE_TO_ISOTP20';
  readonly gatt: Server;

  constructor(simulation: SimulatedBluetooth) {
    super();
    this.gatt = new Server(simulation);
  }
}

/**
 * A BridgeLEG dongle on a Simos 18 engine, behind the same surface as `navigator.bluetooth`: the demo
 * and the tests run the real transport against it. The radio link is modelled by connection events
 * (`connectionIntervalMs`, `packetsPerEvent` each way), so timings are those of a phone next to a car.
 */
export class SimulatedBluetooth implements BluetoothLike {
  readonly options: Required<Omit<SimulationOptions, 'ecu'>>;
  readonly ecu: SimulatedEcu;
  readonly bridge: SimulatedBridge;
  readonly device: Device;
  /** False: the dongle is out of reach (a reconnect fails until it is back). */
  inRange = true;
  private uplink: Link;
  private downlink: Link;

  constructor(options: SimulationOptions = {}) {
    this.options = { connectionIntervalMs: 7.5, packetsPerEvent: 4, ...options };
    this.ecu = new SimulatedEcu(options.ecu);
    this.bridge = new SimulatedBridge(this.ecu, (units) => units.forEach((unit) => this.downlink.push(unit)));
    this.uplink = new Link(this.options, (bytes) => this.bridge.receive(bytes), false);
    this.downlink = new Link(this.options, (bytes) => this.device.gatt.notify.notify(bytes), true);
    this.device = new Device(this);
  }

  async requestDevice(options: RequestDeviceOptions): Promise<DeviceLike> {
    const matches = options.filters.some(
      (filter) =>
        filter.services?.includes(BRIDGE_SERVICE) ||
        (filter.namePrefix && this.device.name.startsWith(filter.namePrefix)),
    );
    if (!matches) throw new DOMException('User cancelled the requestDevice() chooser.', 'NotFoundError');
    return this.device;
  }

  /** The link breaks (the car drove off, the dongle lost power): `gattserverdisconnected` fires. */
  dropConnection(): void {
    this.device.gatt.disconnect();
  }

  /**
   * The listeners the tool holds on the device and on the characteristics of all its connections so
   * far: one `gattserverdisconnected` and one `characteristicvaluechanged` while connected, none after
   * Disconnect.
   */
  listeners(): { disconnected: number; notifications: number } {
    return {
      disconnected: this.device.listenerCount('gattserverdisconnected'),
      notifications: this.device.gatt.made.reduce(
        (sum, characteristic) => sum + characteristic.listenerCount('characteristicvaluechanged'),
        0,
      ),
    };
  }

  up(bytes: Uint8Array): Promise<void> {
    return new Promise((resolve) => this.uplink.push(bytes, resolve));
  }

  linkDown(): void {
    this.uplink.clear();
    this.downlink.clear();
    this.bridge.reset();
  }
}
