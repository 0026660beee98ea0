/** Exactly 24 lowercase hex characters. */
export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;

export type RandomBytes = (length: number) => Uint8Array;

const cryptoRandom: RandomBytes = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length));

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A new id: 8 hex digits of seconds since the epoch, then 16 hex digits (8 bytes) of randomness.
 * `now` (ms) and `random` are injectable for tests.
 */
export function createObjectId(now: number = Date.now(), random: RandomBytes = cryptoRandom): string {
  const seconds = Math.floor(now / 1000);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 0xffffffff) {
    throw new RangeError(`createObjectId: time ${now} does not fit in 32-bit seconds`);
  }
  const bytes = random(8);
  if (bytes.length !== 8) throw new RangeError('createObjectId: random source must return 8 bytes');
  return seconds.toString(16).padStart(8, '0') + hex(bytes);
}

export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID_PATTERN.test(value);
}

/** Creation time encoded in the id (second precision); null for anything that is not an id. */
export function objectIdTime(id: string): Date | null {
  if (!isObjectId(id)) return null;
  return new Date(parseInt(id.slice(0, 8), 16) * 1000);
}
