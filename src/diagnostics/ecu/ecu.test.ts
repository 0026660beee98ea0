import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENGINE_VALUES } from '../../shared/diagnostics/values';
import { BridgeTransport, SETTING } from '../bluetooth/transport';
import { decodeValues, readDataRequest } from '../protocol/uds';
import { engineValues } from '../simulator/engine';
import { SimulatedBluetooth, type SimulationOptions } from '../simulator/bluetooth';
import { EcuClient, isSimos18, VALUE_GROUPS } from './ecu';
import { ValueStream, type ValueFrame } from './valueStream';

const open: BridgeTransport[] = [];
afterEach(() => {
  for (const transport of open.splice(0)) transport.disconnect();
});

async function connect(options: SimulationOptions = {}) {
  const bluetooth = new SimulatedBluetooth({ connectionIntervalMs: 1, ...options });
  const logs: string[] = [];
  let disconnects = 0;
  const transport = await BridgeTransport.request(bluetooth, {
    log: (message) => logs.push(message),
    onDisconnect: () => disconnects++,
  });
  open.push(transport);
  return { bluetooth, transport, ecu: new EcuClient(transport), logs, disconnects: () => disconnects };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the transport against the simulated bridge', () => {
  it('identifies a Simos 18 (each answer split over several notifications and joined)', async () => {
    const { ecu } = await connect();
    const identification = await ecu.identify();
    expect(identification).toMatchObject({ vin: 'WVWZZZAUZKW123456', sparePart: '8V0906259H', engineCode: 'DNUE' });
    expect(isSimos18(identification)).toBe(true);
  });

  it('reports another control unit as not a Simos 18, and a silent one as a Timeout', async () => {
    const other = await connect({ ecu: 'other' });
    expect(isSimos18(await other.ecu.identify())).toBe(false);
    const none = await connect({ ecu: 'none' });
    await expect(none.ecu.identify()).rejects.toThrow('Timeout');
  });

  it('reads all 19 values in 4 requests, decoded to what the engine sent, plus the calculated ones', async () => {
    const { ecu, bluetooth } = await connect();
    bluetooth.ecu.overrides = { engineSpeed: 6000, coolantTemp: 115, torque: -42.5, knockCyl3: -2.5 };
    const values = await ecu.readValues();
    for (const value of ENGINE_VALUES) expect(values[value.key], value.key).toBeTypeOf('number');
    expect(values).toMatchObject({ engineSpeed: 6000, coolantTemp: 115, torque: -42.5, knockCyl3: -2.5 });
    expect(values.boost).toBeCloseTo(values.map - values.ambientPressure, 5);
    expect(values.horsepower).toBeCloseTo((-42.5 * 6000) / 7127, 5);
  });

  it('answers a negative response as Invalid response with its code, and an unknown service too', async () => {
    const { ecu } = await connect();
    const answer = await ecu.raw(Uint8Array.of(0x22, 0x12, 0x34));
    expect([...answer]).toEqual([0x7f, 0x22, 0x31]);
    await expect(ecu.readGroup([{ ...ENGINE_VALUES[0], did: 0x1234 }])).rejects.toThrow(
      'Invalid response: negative response 0x31 to service 0x22',
    );
  });

  it('reads and clears fault codes', async () => {
    const { ecu } = await connect();
    expect((await ecu.readFaults()).map((fault) => fault.code)).toEqual(['P0301', 'P2187']);
    await ecu.clearFaults();
    expect(await ecu.readFaults()).toEqual([]);
  });

  it('in persist mode a request gets its own reply, and the logging stream keeps every persist frame', async () => {
    const { transport, ecu, bluetooth } = await connect();
    // The bridge repeats the 5-DID logging request as fast as it can, so its frames arrive while requests wait.
    await transport.setSetting(SETTING.PERSIST_DELAY, 0);
    await transport.setSetting(SETTING.PERSIST_Q_DELAY, 0);
    const logging = readDataRequest(VALUE_GROUPS[0].map((value) => value.did));
    const persisted: { payload: Uint8Array; tick: number }[] = [];
    await transport.startPersist([logging], (payload, tick) => persisted.push({ payload, tick }));
    await sleep(20);
    expect(bluetooth.bridge.persisting).toBe(true);
    const raw = Uint8Array.of(0x22, 0xf4, 0x0c, 0x20, 0x33);
    for (let i = 0; i < 10; i++) {
      const answer = await ecu.raw(raw);
      // 62 F40C <2 bytes> 2033 <2 bytes>: the reply to this request, not the 5-DID logging frame.
      expect(answer.length, `try ${i}: ${[...answer].map((byte) => byte.toString(16)).join(' ')}`).toBe(9);
      expect([...answer.subarray(0, 3), ...answer.subarray(5, 7)]).toEqual([0x62, 0xf4, 0x0c, 0x20, 0x33]);
    }
    await transport.stopPersist();
    expect(persisted.length).toBeGreaterThan(10);
    for (const { payload } of persisted) expect(() => decodeValues(payload, VALUE_GROUPS[0])).not.toThrow();
    const ticks = persisted.map((frame) => frame.tick);
    expect(ticks).toEqual([...ticks].sort((a, b) => a - b));
  });

  it('a reply followed by a malformed part in its notification still answers (the part is logged)', async () => {
    const { ecu, bluetooth, logs } = await connect();
    const notify = bluetooth.device.gatt.notify;
    const deliver = notify.notify.bind(notify);
    notify.notify = (bytes: Uint8Array) => deliver(Uint8Array.from([...bytes, 0xf1, 0x00, 0x00]));
    const response = await ecu.raw(readDataRequest([0xf40c]));
    expect([...response.subarray(0, 3)]).toEqual([0x62, 0xf4, 0x0c]);
    expect(logs).toContain('Dropped a malformed notification part');
  });

  it('logs a failed write and goes on; reports a dropped link, rejects what waited, and reconnects', async () => {
    const { ecu, transport, bluetooth, disconnects } = await connect();
    const waiting = ecu.readValues();
    bluetooth.dropConnection();
    await expect(waiting).rejects.toThrow('Disconnected');
    expect(disconnects()).toBe(1);
    expect(transport.connected).toBe(false);
    await transport.connect();
    expect(transport.connected).toBe(true);
    expect((await ecu.identify()).vin).toBe('WVWZZZAUZKW123456');
  });

  it('Disconnect leaves no listener behind: a new connection to the same device handles each reply and lost link once', async () => {
    const bluetooth = new SimulatedBluetooth({ connectionIntervalMs: 1 });
    const lost = { first: 0, second: 0 };
    const first = await BridgeTransport.request(bluetooth, { onDisconnect: () => lost.first++ });
    expect(bluetooth.listeners()).toEqual({ disconnected: 1, notifications: 1 });
    const waiting = new EcuClient(first).readValues();
    first.disconnect();
    // What waited fails at once (its reply timer goes with it); Disconnect is no lost link.
    await expect(waiting).rejects.toThrow('Disconnected');
    expect(bluetooth.listeners()).toEqual({ disconnected: 0, notifications: 0 });
    expect(lost.first).toBe(0);

    // The browser hands out the same device when it is chosen again.
    const logs: string[] = [];
    const second = await BridgeTransport.request(bluetooth, {
      onDisconnect: () => lost.second++,
      log: (message) => logs.push(message),
    });
    open.push(second);
    expect(bluetooth.listeners()).toEqual({ disconnected: 1, notifications: 1 });
    expect((await new EcuClient(second).identify()).vin).toBe('WVWZZZAUZKW123456');
    expect(logs).toEqual([]);
    bluetooth.dropConnection();
    expect(lost).toEqual({ first: 0, second: 1 });
  });
});

describe('connecting', () => {
  it('a device without the bridge service is named as such (not taken for a closed chooser) and let go', async () => {
    const bluetooth = new SimulatedBluetooth({ connectionIntervalMs: 1 });
    const gatt = bluetooth.device.gatt;
    gatt.getPrimaryService = async (uuid: string) => {
      throw new DOMException(`No Services matching UUID ${uuid} found in Device.`, 'NotFoundError');
    };
    let disconnects = 0;
    const failure = await BridgeTransport.request(bluetooth, { onDisconnect: () => disconnects++ }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure instanceof DOMException && failure.name === 'NotFoundError').toBe(false);
    expect((failure as Error).message).toMatch(
      /^BLE_TO_ISOTP20 is not a BridgeLEG bridge: it offers no bridge service/,
    );
    expect(gatt.connected).toBe(false);
    expect(disconnects).toBe(0);
    expect(bluetooth.listeners()).toEqual({ disconnected: 0, notifications: 0 });
  });
});

describe('the value stream at 20 frames per second', () => {
  const collect = async (mode: 'poll' | 'persist', options: SimulationOptions, ms: number) => {
    const { ecu } = await connect(options);
    const frames: ValueFrame[] = [];
    const stream = new ValueStream(ecu, { mode, onFrame: (frame) => frames.push(frame) });
    await stream.start();
    await sleep(ms);
    const rate = stream.rate;
    await stream.stop();
    return { frames, rate };
  };

  for (const mode of ['poll', 'persist'] as const) {
    it(`${mode}: complete frames at about 20 per second, in time order`, async () => {
      const { frames, rate } = await collect(mode, { connectionIntervalMs: 2 }, 1500);
      expect(frames.length).toBeGreaterThanOrEqual(24);
      expect(frames.length).toBeLessThanOrEqual(32);
      expect(rate).toBeGreaterThanOrEqual(15);
      const complete = frames.filter((frame) => Object.keys(frame.values).length === 24);
      expect(complete.length).toBeGreaterThan(frames.length * 0.8);
      const times = frames.map((frame) => frame.time);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    });
  }

  it('poll: a silent engine never stalls the ticks (frames simply do not come)', async () => {
    const { frames } = await collect('poll', { ecu: 'none' }, 600);
    expect(frames).toEqual([]);
  });

  it('persist: a stream stopped while its requests are written (Disconnect) starts no stall timer afterwards', async () => {
    const { ecu } = await connect();
    const intervals = vi.spyOn(globalThis, 'setInterval');
    try {
      const stream = new ValueStream(ecu, { mode: 'persist', onFrame: () => {} });
      const starting = stream.start();
      await stream.stop();
      await starting;
      expect(intervals).not.toHaveBeenCalled();
    } finally {
      intervals.mockRestore();
    }
  });

  it('the values follow the simulated engine', () => {
    expect(engineValues(1000).engineSpeed).toBeLessThan(1000);
    expect(engineValues(13_000).engineSpeed).toBeGreaterThan(5500);
    expect(engineValues(13_000).map).toBeGreaterThan(200);
  });
});
