import { describe, expect, it } from 'vitest';
import type { LogFramesAnswer } from '../../shared/api/logging';
import { gapThreshold, withGaps } from './gaps';

const answer = (time: number[], columns: LogFramesAnswer['columns']) =>
  ({ session: {} as LogFramesAnswer['session'], time, columns }) as LogFramesAnswer;

/** Frames 50 ms apart from `from` (seconds), `count` of them. */
const at20Hz = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i * 0.05);

describe('gaps in a log', () => {
  it('takes ten of the usual frame intervals as a gap, whatever the gaps themselves', () => {
    expect(gapThreshold(at20Hz(0, 100))).toBeCloseTo(0.5, 9);
    // Polled at 5 frames a second: two seconds.
    expect(gapThreshold(Array.from({ length: 50 }, (_, i) => i * 0.2))).toBeCloseTo(2, 9);
    // A long gap does not move the median interval.
    expect(gapThreshold([...at20Hz(0, 100), ...at20Hz(3600, 100)])).toBeCloseTo(0.5, 9);
    // Frames sharing their times: at least half a second.
    expect(gapThreshold([1, 1, 1, 1, 2])).toBe(0.5);
    expect(gapThreshold([1])).toBe(Infinity);
  });

  it('puts a row of nulls into every gap, and leaves a log without gaps as it is', () => {
    // Frames late by up to 0.3 s (a busy phone) make no gap; 4.8 s and 3.5 s without frames do.
    const time = [0, 0.05, 0.1, 0.4, 0.45, 5.25, 5.3, 8.8, 8.85];
    const rpm = [2300, 2310, 2320, 2330, 2340, 4000, 4010, 5000, 5010];
    const gapped = withGaps(answer(time, { engineSpeed: rpm, boost: rpm.map((_, i) => (i === 6 ? null : i)) }));
    expect(gapped.gapRows).toEqual([5, 8]);
    expect(gapped.time).toHaveLength(11);
    expect(gapped.time[5]).toBeCloseTo(0.451, 9);
    expect(gapped.time[8]).toBeCloseTo(5.301, 9);
    expect(gapped.time.every((t, i) => i === 0 || t > gapped.time[i - 1])).toBe(true);
    expect(gapped.columns.engineSpeed).toEqual([2300, 2310, 2320, 2330, 2340, null, 4000, 4010, null, 5000, 5010]);
    expect(gapped.columns.boost).toEqual([0, 1, 2, 3, 4, null, 5, null, null, 7, 8]);

    const steady = answer(at20Hz(0, 40), { engineSpeed: at20Hz(0, 40) });
    const same = withGaps(steady);
    expect(same.gapRows).toEqual([]);
    expect(same.time).toBe(steady.time);
    expect(same.columns).toBe(steady.columns);
    expect(withGaps(steady)).toBe(same);
  });
});
