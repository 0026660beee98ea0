import { describe, expect, it } from 'vitest';
import { ENGINE_VALUES, withCalculated } from '../../shared/diagnostics/values';
import { ECU, encodeFrame, FLAGS, FrameReader, fromBase64, PacketError, toBase64, WRITE_SIZE } from './frame';
import { decodeFaultCodes, decodeIdentification, decodeValues, readDataRequest, valueRequests } from './uds';

const bytes = (...values: number[]) => Uint8Array.from(values);
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]));

describe('frames', () => {
  it('encodes a request to the ECU with the 8-byte little-endian header, in one write', () => {
    const request = readDataRequest([0xf40c, 0x2033, 0x2032, 0x39c0, 0x39c1]);
    expect(request.length).toBe(11);
    const writes = encodeFrame({ flags: 0, ...ECU, rxId: 0x7e8, txId: 0x7e0, payload: request });
    expect(writes).toHaveLength(1);
    expect([...writes[0].subarray(0, 8)]).toEqual([0xf1, 0x00, 0xe8, 0x07, 0xe0, 0x07, 11, 0]);
    expect(writes[0].length).toBe(19);
  });

  it('splits a long frame into 20-byte writes (SPLIT_PK, then F2 <seq>) and joins it back', () => {
    const payload = Uint8Array.from({ length: 45 }, (_, i) => i);
    const writes = encodeFrame({ flags: 0, rxId: 0x7e0, txId: 0x7e8, payload });
    expect(writes.every((write) => write.length <= WRITE_SIZE)).toBe(true);
    expect(writes[0][1] & FLAGS.SPLIT_PK).toBe(FLAGS.SPLIT_PK);
    expect(writes.slice(1).map((write) => [write[0], write[1]])).toEqual([
      [0xf2, 1],
      [0xf2, 2],
    ]);
    const reader = new FrameReader();
    const frames = writes.flatMap((write) => reader.push(write));
    expect(frames).toHaveLength(1);
    expect([...frames[0].payload]).toEqual([...payload]);
    expect(frames[0].flags & FLAGS.SPLIT_PK).toBe(0);
  });

  it('reads several frames from one notification, and drops a split frame whose chunk is out of sequence', () => {
    const one = encodeFrame({ flags: 0, rxId: 0x7e0, txId: 0x7e8, payload: bytes(0x62, 0xf4, 0x0c, 0x0b, 0xb8) })[0];
    const two = encodeFrame({ flags: 0, rxId: 0x7e0, txId: 0x7e8, payload: bytes(0x7f, 0x22, 0x31) })[0];
    expect(new FrameReader().push(concat(one, two)).map((frame) => frame.payload.length)).toEqual([5, 3]);

    const long = encodeFrame({ flags: 0, rxId: 0, txId: 0, payload: new Uint8Array(40) });
    const reader = new FrameReader();
    reader.push(long[0]);
    expect(reader.push(bytes(0xf2, 2, 1, 2, 3))).toEqual([]);
    expect(reader.push(long[1])).toEqual([]);
  });

  it("rejects a packet under 8 bytes with 'packet too small'", () => {
    expect(() => new FrameReader().push(bytes(0xf1, 0, 0, 0))).toThrow('packet too small');
  });

  it('keeps the whole frames of a notification that are followed by a malformed part', () => {
    const one = encodeFrame({ flags: 0, rxId: 0x7e0, txId: 0x7e8, payload: bytes(0x62, 0xf4, 0x0c, 0x0b, 0xb8) })[0];
    for (const tail of [bytes(0xf1, 0, 0), bytes(0x00, 1, 2, 3, 4, 5, 6, 7, 8)]) {
      let failure: unknown;
      try {
        new FrameReader().push(concat(one, tail));
      } catch (error) {
        failure = error;
      }
      expect(failure).toBeInstanceOf(PacketError);
      expect((failure as PacketError).message).toMatch(/packet too small|Invalid response: not a frame/);
      expect((failure as PacketError).frames.map((frame) => [...frame.payload])).toEqual([
        [0x62, 0xf4, 0x0c, 0x0b, 0xb8],
      ]);
    }
  });

  it('reads the bridge tick of persist mode from rxID and txID', () => {
    const [write] = encodeFrame({ flags: 0, rxId: 0x0001, txId: 0x86a0, payload: bytes(0x62) });
    const [frame] = new FrameReader().push(write);
    expect((frame.rxId << 16) | frame.txId).toBe(100_000);
  });

  it('accepts base64 only in lengths that are a multiple of 4', () => {
    expect([...fromBase64(toBase64(bytes(0xf1, 0, 0xe8)))]).toEqual([0xf1, 0, 0xe8]);
    expect(() => fromBase64('8QDo6')).toThrow('Base64 input must have a length that is a multiple of 4');
  });
});

describe('UDS', () => {
  it('asks for the 19 values in 4 requests of at most 5 DIDs', () => {
    const groups = valueRequests();
    expect(groups.map((group) => group.length)).toEqual([5, 5, 5, 4]);
    expect(() => readDataRequest([1, 2, 3, 4, 5, 6])).toThrow(RangeError);
  });

  it('decodes values with their length, sign and scaling', () => {
    const [speed, vehicle, , , , , , intake, coolant, , torque, , , , knock1] = ENGINE_VALUES;
    const values = [speed, vehicle, intake, coolant, torque];
    const response = bytes(
      0x62,
      ...[0xf4, 0x0c, 0x2e, 0xe0], // 12000 / 4 = 3000 rpm
      ...[0x20, 0x33, 0x27, 0x10], // 10000 / 100 = 100 km/h
      ...[0x10, 0x01, 0x80], // 128 × 0.75 − 48 = 48 °C
      ...[0x11, 0xcd, 0x82], // 130 − 40 = 90 °C
      ...[0x43, 0x7c, 0xff, 0x9c], // −100 / 10 = −10 Nm (signed)
    );
    expect(decodeValues(response, values)).toEqual({
      engineSpeed: 3000,
      vehicleSpeed: 100,
      intakeAirTemp: 48,
      coolantTemp: 90,
      torque: -10,
    });
    expect(decodeValues(bytes(0x62, 0x20, 0x0a, 0xfe, 0x70), [knock1])).toEqual({ knockCyl1: -4 });
  });

  it('decodes every one of the 19 values from known raw bytes (the reference table of diagnostics-bridge.md)', () => {
    // DID, raw bytes as the ECU sends them, and the value worked out by hand from the table's formula.
    const known: Record<string, { did: number; raw: number[]; value: number }> = {
      engineSpeed: { did: 0xf40c, raw: [0x5d, 0xc0], value: 6000 }, // 24000 / 4
      vehicleSpeed: { did: 0x2033, raw: [0x1c, 0x20], value: 72 }, // 7200 / 100
      airflow: { did: 0x2032, raw: [0x01, 0xf4], value: 500 }, // 500
      map: { did: 0x39c0, raw: [0x08, 0x98], value: 220 }, // 2200 / 10
      mapSetpoint: { did: 0x39c1, raw: [0x08, 0xca], value: 225 }, // 2250 / 10
      put: { did: 0x202a, raw: [0x08, 0xde], value: 227 }, // 2270 / 10
      ambientPressure: { did: 0x13ca, raw: [0x2f, 0x1c], value: 100 }, // 12060 / 120.6
      intakeAirTemp: { did: 0x1001, raw: [0x50], value: 12 }, // 80 × 0.75 − 48
      coolantTemp: { did: 0x11cd, raw: [0x00], value: -40 }, // 0 − 40
      oilTemp: { did: 0x202f, raw: [0x0e, 0x94], value: 100.06 }, // (3732 − 2731.4) / 10
      torque: { did: 0x437c, raw: [0x11, 0x94], value: 450 }, // 4500 / 10
      torqueRequest: { did: 0x4380, raw: [0xff, 0x38], value: -20 }, // −200 / 10 (signed)
      lambda: { did: 0x10c0, raw: [0x04, 0x00], value: 1 }, // 1024 / 1024
      lambdaSetpoint: { did: 0xf444, raw: [0x66, 0x66], value: 26214 / 32768 }, // 0.8
      knockCyl1: { did: 0x200a, raw: [0x00, 0x00], value: 0 },
      knockCyl2: { did: 0x200b, raw: [0xff, 0x9c], value: -1 }, // −100 / 100
      knockCyl3: { did: 0x200c, raw: [0xfe, 0x0c], value: -5 }, // −500 / 100
      knockCyl4: { did: 0x200d, raw: [0xfa, 0x24], value: -15 }, // −1500 / 100
      misfires: { did: 0x2904, raw: [0x00, 0x03], value: 3 },
    };
    expect(Object.keys(known).sort()).toEqual(ENGINE_VALUES.map((value) => value.key).sort());
    const decoded: Record<string, number> = {};
    for (const group of valueRequests()) {
      const response = bytes(
        0x62,
        ...group.flatMap((value) => [known[value.key].did >> 8, known[value.key].did & 0xff, ...known[value.key].raw]),
      );
      Object.assign(decoded, decodeValues(response, group));
    }
    for (const [key, { did, value }] of Object.entries(known)) {
      expect(ENGINE_VALUES.find((v) => v.key === key)?.did, `${key} DID`).toBe(did);
      expect(decoded[key], key).toBeCloseTo(value, 9);
    }
  });

  it("answers 'Invalid response' for a negative response, a wrong service, DID or length", () => {
    const [speed] = ENGINE_VALUES;
    expect(() => decodeValues(bytes(0x7f, 0x22, 0x31), [speed])).toThrow(/Invalid response: negative response 0x31/);
    expect(() => decodeValues(bytes(0x50, 0xf4, 0x0c, 0, 0), [speed])).toThrow(/Invalid response: service 0x50/);
    expect(() => decodeValues(bytes(0x62, 0x20, 0x33, 0, 0), [speed])).toThrow(/Invalid response: DID 0x2033/);
    expect(() => decodeValues(bytes(0x62, 0xf4, 0x0c, 0, 0, 9), [speed])).toThrow(/Invalid response: wrong length/);
  });

  it('computes the calculated values', () => {
    const frame = withCalculated({
      engineSpeed: 3000,
      airflow: 360,
      map: 200,
      mapSetpoint: 210,
      ambientPressure: 100,
      torque: 300,
      knockCyl1: -1,
      knockCyl2: -2,
      knockCyl3: 0,
      knockCyl4: -1,
    });
    expect(frame.airmass).toBeCloseTo(1000, 1);
    expect(frame.boost).toBe(100);
    expect(frame.airDelta).toBe(10);
    expect(frame.horsepower).toBeCloseTo(126.28, 2);
    expect(frame.knockAverage).toBe(-1);
    expect(withCalculated({ engineSpeed: 0, airflow: 5 }).airmass).toBe(0);
  });

  it('reads the VIN and fault codes', () => {
    const vin = 'WVWZZZAUZKW123456';
    const answer = bytes(0x62, 0xf1, 0x90, ...[...vin].map((char) => char.charCodeAt(0)), 0x20, 0x00);
    expect(decodeIdentification(answer, 0xf190)).toBe(vin);
    expect(decodeFaultCodes(bytes(0x59, 0x02, 0xab, 0x03, 0x01, 0x00, 0x2f, 0x41, 0x23, 0x00, 0x08))).toEqual([
      { code: 'P0301', status: 0x2f },
      { code: 'C0123', status: 0x08 },
    ]);
  });
});
