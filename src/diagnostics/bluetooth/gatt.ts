/**
 * The part of the Web Bluetooth API (https://webbluetoothcg.github.io/web-bluetooth/) the tool uses,
 * typed here because TypeScript's DOM library does not carry it. The browser's `navigator.bluetooth`
 * and the simulated bridge (../simulator/bluetooth.ts) both satisfy it, so the same transport code
 * runs against either.
 */
export const BRIDGE_SERVICE = '0000abf0-0000-1000-8000-00805f9b34fb';
/** The client writes frames here (write without response). */
export const BRIDGE_WRITE = '0000abf1-0000-1000-8000-00805f9b34fb';
/** The bridge notifies frames here. */
export const BRIDGE_NOTIFY = '0000abf2-0000-1000-8000-00805f9b34fb';
/** The bridge advertises `BLE_TO_ISOTP20`. */
export const BRIDGE_NAME_PREFIX = 'BLE_TO_ISOTP';

export interface RequestDeviceOptions {
  filters: { services?: string[]; namePrefix?: string }[];
  optionalServices?: string[];
}

export interface BluetoothLike {
  requestDevice(options: RequestDeviceOptions): Promise<DeviceLike>;
}

/** Fires `gattserverdisconnected` when the link is lost. */
export interface DeviceLike extends EventTarget {
  readonly id: string;
  readonly name?: string;
  readonly gatt?: GattServerLike;
}

export interface GattServerLike {
  readonly connected: boolean;
  connect(): Promise<GattServerLike>;
  disconnect(): void;
  getPrimaryService(uuid: string): Promise<ServiceLike>;
}

export interface ServiceLike {
  getCharacteristic(uuid: string): Promise<CharacteristicLike>;
}

/** Fires `characteristicvaluechanged` with the new `value` after `startNotifications`. */
export interface CharacteristicLike extends EventTarget {
  readonly value?: DataView | null;
  writeValueWithoutResponse?(data: Uint8Array): Promise<void>;
  writeValue(data: Uint8Array): Promise<void>;
  startNotifications(): Promise<CharacteristicLike>;
}

/** The browser's Web Bluetooth, when it has one (Chrome and Edge on Android, Windows, macOS, ChromeOS). */
export function browserBluetooth(): BluetoothLike | undefined {
  const nav = globalThis.navigator as (Navigator & { bluetooth?: BluetoothLike }) | undefined;
  return nav?.bluetooth;
}
