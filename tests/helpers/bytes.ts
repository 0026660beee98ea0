import { createHash } from 'node:crypto';

/** Deterministic bytes that do not compress or repeat (`seed` picks the sequence). */
export function pattern(size: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(size);
  let x = seed;
  for (let i = 0; i < size; i += 4) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    bytes.writeUInt32LE(x, i);
  }
  return bytes;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
