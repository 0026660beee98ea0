import type { LogFramesAnswer } from '../../shared/api/logging';

/**
 * Two frames further apart than this many of the session's usual frame intervals have a gap between
 * them: no frames were read (the link was lost, logging was off for a while). The tool logs 20 frames
 * a second (50 ms apart); on a phone a frame is sometimes late by a few intervals (Bluetooth, a busy
 * page), which is no gap worth breaking the line for. Ten intervals (half a second at 20 frames a
 * second) is well above that jitter and well below the seconds of a lost link.
 */
export const GAP_INTERVALS = 10;
/** The least gap in seconds, for sessions whose frames mostly share a time (the median interval is 0). */
export const MIN_GAP_SECONDS = 0.5;

/** The gap threshold of a time column in seconds: GAP_INTERVALS times its median frame interval. */
export function gapThreshold(time: ArrayLike<number>): number {
  if (time.length < 2) return Infinity;
  const intervals = new Float64Array(time.length - 1);
  for (let i = 1; i < time.length; i++) intervals[i - 1] = time[i] - time[i - 1];
  intervals.sort();
  // The median: the gaps themselves, however long, do not move it.
  const median = intervals[Math.floor(intervals.length / 2)];
  return Math.max(GAP_INTERVALS * median, MIN_GAP_SECONDS);
}

/**
 * Where the gaps of a time column are: the index of the first frame after each gap (ascending). The
 * chart inserts its null rows there and the GPS track starts a new line there.
 */
export function gapStarts(time: ArrayLike<number>, threshold = gapThreshold(time)): number[] {
  const starts: number[] = [];
  for (let i = 1; i < time.length; i++) if (time[i] - time[i - 1] > threshold) starts.push(i);
  return starts;
}

/** A session's columns for the chart, with a row of nulls in every gap, and where those rows are. */
export interface GappedFrames {
  time: number[];
  columns: Record<string, (number | null)[]>;
  /** Indices (in `time`) of the inserted rows, ascending. */
  gapRows: number[];
}

const cache = new WeakMap<LogFramesAnswer, GappedFrames>();

/**
 * The columns with a row of nulls (at the time just after the last frame before it) in every gap
 * longer than the threshold: a chart's line breaks at a null, so it no longer draws a straight ramp
 * from the last value before a gap to the first after it, which reads as data that was never recorded.
 * The answer's own arrays when there is no gap; made once per answer.
 */
export function withGaps(log: LogFramesAnswer): GappedFrames {
  const known = cache.get(log);
  if (known) return known;
  const { time, columns } = log;
  const starts = gapStarts(time);
  let result: GappedFrames;
  if (!starts.length) result = { time, columns, gapRows: [] };
  else {
    const insert = <T>(values: T[], gapValue: (i: number) => T) => {
      const out: T[] = [];
      let from = 0;
      for (const start of starts) {
        for (let i = from; i < start; i++) out.push(values[i]);
        out.push(gapValue(start));
        from = start;
      }
      for (let i = from; i < values.length; i++) out.push(values[i]);
      return out;
    };
    result = {
      // The gap row sits between its neighbours (a millisecond after the frame before it), so the
      // time column stays ascending.
      time: insert(time, (start) => time[start - 1] + Math.min(0.001, (time[start] - time[start - 1]) / 2)),
      columns: Object.fromEntries(Object.entries(columns).map(([key, values]) => [key, insert(values, () => null)])),
      gapRows: starts.map((start, k) => start + k),
    };
  }
  cache.set(log, result);
  return result;
}
