/**
 * The BridgeLEG frame (diagnostics-bridge.md, "Frame"): an 8-byte little-endian header (hdID 0xF1,
 * flags, rxID, txID, payload size) and a raw UDS payload. Frames longer than one 20-byte write are
 * split: the first chunk carries the header with SPLIT_PK, later chunks are `F2 <seq> <data>`.
 */
export const HEADER_SIZE = 8;
/** Web Bluetooth's default MTU of 23 minus 3 bytes of ATT header. */
export const WRITE_SIZE = 20;
export const FRAME_ID = 0xf1;
export const CHUNK_ID = 0xf2;

export const FLAGS = {
  PER_ENABLE: 0x01,
  PER_CLEAR: 0x02,
  PER_ADD: 0x04,
  SPLIT_PK: 0x08,
  SET_GET: 0x40,
  SETTINGS: 0x80,
} as const;

/** The engine ECU: requests go to 0x7E0, answers come from 0x7E8. */
export const ECU = { rxId: 0x7e8, txId: 0x7e0 } as const;

export interface Frame {
  flags: number;
  rxId: number;
  txId: number;
  payload: Uint8Array;
}

export class ProtocolError extends Error {}

/**
 * A notification with a malformed part ('packet too small', not a frame): `frames` are the whole frames
 * it held before that part, still good to use; the rest of the notification is lost.
 */
export class PacketError extends ProtocolError {
  constructor(
    message: string,
    readonly frames: Frame[],
  ) {
    super(message);
  }
}

/** One frame as the writes that carry it (each at most WRITE_SIZE bytes). */
export function encodeFrame(frame: Frame, writeSize = WRITE_SIZE): Uint8Array[] {
  const whole = HEADER_SIZE + frame.payload.length;
  const split = whole > writeSize;
  const header = new Uint8Array(HEADER_SIZE);
  const view = new DataView(header.buffer);
  view.setUint8(0, FRAME_ID);
  view.setUint8(1, split ? frame.flags | FLAGS.SPLIT_PK : frame.flags);
  view.setUint16(2, frame.rxId, true);
  view.setUint16(4, frame.txId, true);
  view.setUint16(6, frame.payload.length, true);
  if (!split) return [concat(header, frame.payload)];
  const writes = [concat(header, frame.payload.subarray(0, writeSize - HEADER_SIZE))];
  let offset = writeSize - HEADER_SIZE;
  for (let seq = 1; offset < frame.payload.length; seq++) {
    const part = frame.payload.subarray(offset, offset + writeSize - 2);
    writes.push(concat(Uint8Array.of(CHUNK_ID, seq & 0xff), part));
    offset += part.length;
  }
  return writes;
}

/**
 * Turns notifications into frames: several frames in one notification are taken one after the
 * other; split frames are joined from their chunks (a chunk out of sequence drops the frame). A
 * malformed part throws a PacketError holding the frames read before it.
 */
export class FrameReader {
  private pending?: { frame: Frame; filled: number; seq: number };

  push(notification: Uint8Array): Frame[] {
    const frames: Frame[] = [];
    try {
      this.read(notification, frames);
    } catch (error) {
      if (error instanceof ProtocolError) throw new PacketError(error.message, frames);
      throw error;
    }
    return frames;
  }

  private read(notification: Uint8Array, frames: Frame[]): void {
    let rest = notification;
    while (rest.length > 0) {
      if (rest[0] === CHUNK_ID) {
        rest = this.chunk(rest, frames);
        continue;
      }
      if (rest.length < HEADER_SIZE) throw new ProtocolError('packet too small');
      if (rest[0] !== FRAME_ID) throw new ProtocolError(`Invalid response: not a frame (0x${hex(rest[0])})`);
      const view = new DataView(rest.buffer, rest.byteOffset, rest.byteLength);
      const flags = view.getUint8(1);
      const size = view.getUint16(6, true);
      const frame: Frame = {
        flags,
        rxId: view.getUint16(2, true),
        txId: view.getUint16(4, true),
        payload: new Uint8Array(size),
      };
      const available = rest.subarray(HEADER_SIZE, HEADER_SIZE + size);
      frame.payload.set(available);
      rest = rest.subarray(HEADER_SIZE + available.length);
      if (available.length < size) {
        if (!(flags & FLAGS.SPLIT_PK)) throw new ProtocolError('packet too small');
        this.pending = { frame, filled: available.length, seq: 1 };
      } else frames.push({ ...frame, flags: flags & ~FLAGS.SPLIT_PK });
    }
  }

  /** `F2 <seq> <data>`: continues the pending split frame; answers what follows it in the notification. */
  private chunk(bytes: Uint8Array, frames: Frame[]): Uint8Array {
    const pending = this.pending;
    if (bytes.length < 2) throw new ProtocolError('packet too small');
    if (!pending || bytes[1] !== (pending.seq & 0xff)) {
      this.pending = undefined;
      return new Uint8Array(0);
    }
    const wanted = pending.frame.payload.length - pending.filled;
    const data = bytes.subarray(2, 2 + wanted);
    pending.frame.payload.set(data, pending.filled);
    pending.filled += data.length;
    pending.seq++;
    if (pending.filled === pending.frame.payload.length) {
      frames.push({ ...pending.frame, flags: pending.frame.flags & ~FLAGS.SPLIT_PK });
      this.pending = undefined;
    }
    return bytes.subarray(2 + data.length);
  }
}

/** Base64 text (the raw console, recorded sessions) as bytes; its length must be a multiple of 4. */
export function fromBase64(text: string): Uint8Array {
  const clean = text.trim();
  if (clean.length % 4 !== 0) throw new ProtocolError('Base64 input must have a length that is a multiple of 4');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) throw new ProtocolError('Base64 input has characters outside base64');
  const binary = atob(clean);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

export const hex = (byte: number) => byte.toString(16).padStart(2, '0').toUpperCase();

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
