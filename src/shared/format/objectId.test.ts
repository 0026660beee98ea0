import { describe, it, expect } from 'vitest';
import { createObjectId, isObjectId, objectIdTime } from './objectId';

const fixedBytes = (length: number): Uint8Array => Uint8Array.from({ length }, (_, i) => i * 17);

describe('createObjectId', () => {
  it('is 24 lowercase hex characters', () => {
    const id = createObjectId();
    expect(id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('encodes the seconds then the random bytes', () => {
    const id = createObjectId(Date.UTC(2024, 6, 25, 6, 0, 2, 999), fixedBytes);
    expect(id).toBe('66a1e9e2' + '0011223344556677');
  });

  it('zero-pads small timestamps', () => {
    expect(createObjectId(15_000, fixedBytes).slice(0, 8)).toBe('0000000f');
  });

  it('uses fresh randomness by default', () => {
    const now = 1_700_000_000_000;
    expect(createObjectId(now)).not.toBe(createObjectId(now));
  });

  it('rejects times outside 32-bit seconds', () => {
    expect(() => createObjectId(-1000)).toThrow(RangeError);
    expect(() => createObjectId(0x100000000 * 1000)).toThrow(RangeError);
  });

  it('rejects a random source of the wrong length', () => {
    expect(() => createObjectId(0, () => new Uint8Array(4))).toThrow(/8 bytes/);
  });
});

describe('isObjectId', () => {
  it('accepts exactly 24 lowercase hex characters', () => {
    expect(isObjectId('66a1f0c2e4b0a1b2c3d4e5f6')).toBe(true);
  });

  it('rejects other shapes', () => {
    expect(isObjectId('66A1F0C2E4B0A1B2C3D4E5F6')).toBe(false);
    expect(isObjectId('66a1f0c2e4b0a1b2c3d4e5f')).toBe(false);
    expect(isObjectId('66a1f0c2e4b0a1b2c3d4e5f60')).toBe(false);
    expect(isObjectId('66a1f0c2e4b0a1b2c3d4e5fg')).toBe(false);
    expect(isObjectId(' 66a1f0c2e4b0a1b2c3d4e5f6')).toBe(false);
    expect(isObjectId('new')).toBe(false);
    expect(isObjectId(123)).toBe(false);
    expect(isObjectId(null)).toBe(false);
    expect(isObjectId(undefined)).toBe(false);
  });
});

describe('objectIdTime', () => {
  it('reads back the creation second', () => {
    const now = Date.UTC(2024, 6, 25, 6, 0, 2, 999);
    expect(objectIdTime(createObjectId(now))?.getTime()).toBe(Date.UTC(2024, 6, 25, 6, 0, 2));
  });

  it('returns null for a non-id', () => {
    expect(objectIdTime('xyz')).toBeNull();
  });
});
