import { describe, expect, it } from 'vitest';
import { envelopeIndices, envelopeOf } from './envelope';

/** A reproducible column: a wave with noise, some gaps, and one spike. */
function column(length: number, seed = 7): (number | null)[] {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5;
  return Array.from({ length }, (_, i) =>
    i % 997 === 500 ? null : i === 31_337 ? 9000 : Math.round(3000 + 2000 * Math.sin(i / 800) + 300 * random()),
  );
}

/** The smallest and largest value of each bucket, by brute force. */
function bucketExtremes(values: (number | null)[], from: number, to: number, size: number) {
  const out: [number, number][] = [];
  for (let start = from; start <= to;) {
    const end = Math.min(to, (Math.floor(start / size) + 1) * size - 1);
    const present = values.slice(start, end + 1).filter((v): v is number => v !== null);
    if (present.length) out.push([Math.min(...present), Math.max(...present)]);
    start = end + 1;
  }
  return out;
}

describe('envelope', () => {
  const values = column(100_000);

  it('keeps the minimum and maximum of every bucket, in time order, for any span and size', () => {
    for (const [from, to, size] of [
      [0, 99_999, 32],
      [0, 99_999, 2],
      [123, 98_765, 64],
      [31_000, 32_000, 16],
      [500, 510, 64],
    ]) {
      const indices = envelopeIndices(values, from, to, size);
      expect(indices.every((i, k) => k === 0 || i < 0 || indices[k - 1] < 0 || i > indices[k - 1])).toBe(true);
      expect(indices.every((i) => i < 0 || (i >= from && i <= to))).toBe(true);
      // Group the drawn points back into buckets and compare with the brute force.
      const drawn = new Map<number, number[]>();
      for (const i of indices)
        if (i >= 0) drawn.set(Math.floor(i / size), [...(drawn.get(Math.floor(i / size)) ?? []), values[i]!]);
      const got = [...drawn.values()].map((list) => [Math.min(...list), Math.max(...list)]);
      expect(got).toEqual(bucketExtremes(values, from, to, size));
    }
  });

  it('keeps a one-frame spike at every size', () => {
    for (let size = 2; size <= 4096; size *= 2)
      expect(envelopeIndices(values, 0, values.length - 1, size)).toContain(31_337);
  });

  it('marks a bucket without values as a gap', () => {
    const gappy = [1, 2, null, null, null, null, 5, 3];
    expect(envelopeIndices(gappy, 0, 7, 2)).toEqual([0, 1, -1, -1, 6, 7]);
    expect(envelopeIndices(gappy, 0, 7, 4)).toEqual([0, 1, 6, 7]);
    expect(envelopeOf(gappy, 2).lo).toEqual(new Int32Array([0, -1, -1, 7]));
  });
});
