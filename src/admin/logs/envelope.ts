import uPlot from 'uplot';

type Column = ArrayLike<number | null | undefined>;

/**
 * A column cut into buckets of `size` frames (a power of two), with the index of each bucket's
 * smallest and largest value (-1 where the bucket holds no value): the envelope of the column at
 * that resolution. Indices rather than values, so a drawn extreme keeps its exact time and value.
 */
export interface Envelope {
  size: number;
  lo: Int32Array;
  hi: Int32Array;
}

/** The envelope of buckets of two frames, straight from the column. */
function pairs(values: Column): Envelope {
  const n = Math.ceil(values.length / 2);
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  for (let b = 0; b < n; b++) {
    const i = 2 * b;
    const a = values[i];
    const c = i + 1 < values.length ? values[i + 1] : null;
    if (a == null && c == null) lo[b] = hi[b] = -1;
    else if (c == null) lo[b] = hi[b] = i;
    else if (a == null) lo[b] = hi[b] = i + 1;
    else {
      lo[b] = c < a ? i + 1 : i;
      hi[b] = c > a ? i + 1 : i;
    }
  }
  return { size: 2, lo, hi };
}

/** The envelope of buckets twice as big, merging neighbouring buckets of `below`. */
function coarser(values: Column, below: Envelope): Envelope {
  const n = Math.ceil(below.lo.length / 2);
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  for (let b = 0; b < n; b++) {
    const l = 2 * b;
    const r = l + 1 < below.lo.length ? l + 1 : l;
    const [la, lb, ha, hb] = [below.lo[l], below.lo[r], below.hi[l], below.hi[r]];
    lo[b] = la < 0 ? lb : lb < 0 ? la : (values[lb] as number) < (values[la] as number) ? lb : la;
    hi[b] = ha < 0 ? hb : hb < 0 ? ha : (values[hb] as number) > (values[ha] as number) ? hb : ha;
  }
  return { size: below.size * 2, lo, hi };
}

const levels = new WeakMap<object, Envelope[]>();

/**
 * The envelope of a column with buckets of `size` frames (a power of two, at least 2), made once per
 * column and size when first needed (each from the one below it: all sizes together cost one pass).
 */
export function envelopeOf(values: Column, size: number): Envelope {
  let list = levels.get(values);
  if (!list) levels.set(values, (list = []));
  if (!list.length) list.push(pairs(values));
  while (list[list.length - 1].size < size) list.push(coarser(values, list[list.length - 1]));
  return list.find((level) => level.size === size) ?? list[list.length - 1];
}

/**
 * The indices of the frames of `from`..`to` (inclusive) worth drawing at buckets of `size` frames:
 * per bucket its minimum and maximum in time order, or a -1 for a bucket without values (a gap).
 * The first and last bucket count only the frames inside the span.
 */
export function envelopeIndices(values: Column, from: number, to: number, size: number): number[] {
  const out: number[] = [];
  const push = (a: number, b: number) => {
    if (a < 0) out.push(-1);
    else if (a === b) out.push(a);
    else out.push(Math.min(a, b), Math.max(a, b));
  };
  /** Frames from..to one by one (the partial buckets at the ends). */
  const exact = (start: number, end: number) => {
    let lo = -1;
    let hi = -1;
    for (let i = start; i <= end; i++) {
      const value = values[i];
      if (value == null) continue;
      if (lo < 0 || value < (values[lo] as number)) lo = i;
      if (hi < 0 || value > (values[hi] as number)) hi = i;
    }
    push(lo, hi);
  };
  const first = Math.ceil(from / size);
  const last = Math.floor((to + 1) / size) - 1;
  if (last < first) {
    exact(from, to);
    return out;
  }
  if (from < first * size) exact(from, first * size - 1);
  const { lo, hi } = envelopeOf(values, size);
  for (let b = first; b <= last; b++) push(lo[b], hi[b]);
  if ((last + 1) * size <= to) exact((last + 1) * size, to);
  return out;
}

/** The plot decimates from this many frames per pixel column up (uPlot's own line decimates from 4). */
const DECIMATE_FROM = 4;

/**
 * uPlot's line, drawn from the column's envelope when the shown span holds at least 4 frames per
 * pixel column: at least two buckets a pixel column, each giving only its minimum and maximum (at
 * their exact time and value), so no peak is lost and the path still reaches each column's extremes,
 * at a fraction of the work of walking every frame. Narrower spans go to uPlot's line as they are,
 * so a zoomed-in view shows every frame. The data itself stays whole: the cursor and legend read
 * the exact values. The line breaks at every row of `gapRows` (rows of nulls where no frames were
 * read, see gaps.ts): uPlot's line breaks at the null itself, the envelope where two drawn points lie
 * on either side of one (a bucket may hold frames from both sides of a gap).
 */
export function envelopePaths(gapRows: readonly number[] = []): uPlot.Series.PathBuilder {
  const exact = uPlot.paths.linear!();
  return (u, seriesIdx, idx0, idx1) => {
    const frames = idx1 - idx0 + 1;
    const columns = Math.max(1, u.bbox.width);
    if (frames < columns * DECIMATE_FROM) return exact(u, seriesIdx, idx0, idx1);
    // The largest power of two that leaves at least two buckets per pixel column.
    const size = 2 ** Math.max(1, Math.floor(Math.log2(frames / (columns * 2))));
    const xs = u.data[0];
    const ys = u.data[seriesIdx];
    const scaleY = u.series[seriesIdx].scale!;
    const stroke = new Path2D();
    // Per pixel column its first, lowest, highest and last point, as uPlot's line decimates.
    let column = Number.NaN;
    let yMin = 0;
    let yMax = 0;
    let yOut = 0;
    let open = false;
    let gap = 0;
    const flush = () => {
      if (!open) return;
      if (yMin !== yMax) {
        stroke.lineTo(column, yMin);
        stroke.lineTo(column, yMax);
        stroke.lineTo(column, yOut);
      }
    };
    for (const i of envelopeIndices(ys, idx0, idx1, size)) {
      if (i < 0) {
        flush();
        open = false;
        column = Number.NaN;
        continue;
      }
      let crossed = false;
      while (gap < gapRows.length && gapRows[gap] < i) {
        crossed = true;
        gap++;
      }
      if (crossed && open) {
        flush();
        open = false;
        column = Number.NaN;
      }
      const x = Math.round(u.valToPos(xs[i], 'x', true));
      const y = Math.round(u.valToPos(ys[i] as number, scaleY, true));
      if (open && x === column) {
        yOut = y;
        if (y < yMin) yMin = y;
        if (y > yMax) yMax = y;
        continue;
      }
      flush();
      if (open) stroke.lineTo(x, y);
      else stroke.moveTo(x, y);
      open = true;
      column = x;
      yMin = yMax = yOut = y;
    }
    flush();
    return { stroke, fill: null, clip: null, band: null, flags: 1 };
  };
}
