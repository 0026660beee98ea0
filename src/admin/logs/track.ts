import { gapThreshold } from './gaps';

/** A GPS track projected into a box: its lines (one per stretch without a gap) and its start and end. */
export interface ProjectedTrack {
  /** SVG path data, one subpath (`M … L …`) per stretch of the track. */
  path: string;
  /** How many stretches the gaps cut the track into. */
  segments: number;
  start: [number, number];
  end: [number, number];
  /** How many positions the track is made of (after dropping those without a position). */
  positions: number;
}

/** The columns a track is drawn from: the position and the frames' time (seconds), as the log answer holds them. */
export interface TrackColumns {
  latitude: readonly (number | null)[];
  longitude: readonly (number | null)[];
  time: ArrayLike<number>;
}

/**
 * Projects latitude/longitude columns into a `width` × `height` box with `padding` (equirectangular:
 * longitude scaled by the cosine of the mean latitude, north up), fitted and centred keeping the
 * aspect ratio. Frames without a position are skipped; points closer than half a unit to the previous
 * one are dropped, so 100,000 frames make a path of what can actually be seen.
 *
 * The line breaks where the chart's does (gaps.ts: no frames logged for longer than ten usual frame
 * intervals, a lost link or logging paused): a straight line across such a gap would show a road
 * never driven. Two positions that far apart in time are not joined either (no GPS fix for a while);
 * a frame or two without a position is.
 */
export function projectTrack(
  { latitude, longitude, time }: TrackColumns,
  width: number,
  height: number,
  padding = 12,
): ProjectedTrack | undefined {
  const length = Math.min(latitude.length, longitude.length);
  const valid = (i: number) => {
    const a = latitude[i];
    const o = longitude[i];
    return typeof a === 'number' && typeof o === 'number' && Number.isFinite(a) && Number.isFinite(o);
  };
  // One pass for the bounds and the mean latitude, one to project: no copies of 100,000 positions.
  let count = 0;
  let sum = 0;
  let [minLat, maxLat, minLon, maxLon] = [Infinity, -Infinity, Infinity, -Infinity];
  let firstIndex = -1;
  let lastIndex = -1;
  for (let i = 0; i < length; i++) {
    if (!valid(i)) continue;
    const a = latitude[i] as number;
    const o = longitude[i] as number;
    if (firstIndex < 0) firstIndex = i;
    lastIndex = i;
    count++;
    sum += a;
    if (a < minLat) minLat = a;
    if (a > maxLat) maxLat = a;
    if (o < minLon) minLon = o;
    if (o > maxLon) maxLon = o;
  }
  if (!count) return undefined;
  const k = Math.cos(((sum / count) * Math.PI) / 180);
  // x is the longitude scaled by k (k > 0), y the latitude turned upside down (north up).
  const [minX, maxX, minY, maxY] = [minLon * k, maxLon * k, -maxLat, -minLat];
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const innerW = Math.max(0, width - 2 * padding);
  const innerH = Math.max(0, height - 2 * padding);
  const scale = spanX || spanY ? Math.min(spanX ? innerW / spanX : Infinity, spanY ? innerH / spanY : Infinity) : 0;
  const offsetX = padding + (innerW - spanX * scale) / 2;
  const offsetY = padding + (innerH - spanY * scale) / 2;
  const at = (i: number): [number, number] => [
    Math.round((offsetX + ((longitude[i] as number) * k - minX) * scale) * 10) / 10,
    Math.round((offsetY + (-(latitude[i] as number) - minY) * scale) * 10) / 10,
  ];

  const threshold = gapThreshold(time);
  const subpaths: string[] = [];
  let points: string[] = [];
  let [lastX, lastY] = [NaN, NaN];
  /** A point dropped as too close to the previous one: drawn after all if it ends a stretch. */
  let dropped: string | undefined;
  const close = () => {
    if (dropped) points.push(dropped);
    // A stretch of one point is drawn as a dot (a zero-length line with round caps).
    if (points.length === 1) points.push(points[0]);
    subpaths.push(`M${points.join('L')}`);
    points = [];
    dropped = undefined;
  };
  let previous = -1;
  for (let i = firstIndex; i <= lastIndex; i++) {
    if (!valid(i)) continue;
    if (previous >= 0 && time[i] - time[previous] > threshold) close();
    previous = i;
    const [x, y] = at(i);
    if (!points.length || Math.abs(x - lastX) >= 0.5 || Math.abs(y - lastY) >= 0.5) {
      points.push(`${x},${y}`);
      [lastX, lastY] = [x, y];
      dropped = undefined;
    } else dropped = `${x},${y}`;
  }
  close();
  return {
    path: subpaths.join(''),
    segments: subpaths.length,
    start: at(firstIndex),
    end: at(lastIndex),
    positions: count,
  };
}
