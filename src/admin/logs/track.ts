/** A GPS track projected into a box: the polyline's points and its start and end. */
export interface ProjectedTrack {
  points: string;
  start: [number, number];
  end: [number, number];
  /** How many positions the track is made of (after dropping those without a position). */
  positions: number;
}

/**
 * Projects latitude/longitude columns into a `width` × `height` box with `padding` (equirectangular:
 * longitude scaled by the cosine of the mean latitude, north up), fitted and centred keeping the
 * aspect ratio. Frames without a position are skipped; points closer than half a unit to the previous
 * one are dropped, so 100,000 frames make a polyline of what can actually be seen.
 */
export function projectTrack(
  latitude: readonly (number | null)[],
  longitude: readonly (number | null)[],
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
  const start = at(firstIndex);
  const points = [`${start[0]},${start[1]}`];
  let [lastX, lastY] = start;
  for (let i = firstIndex + 1; i <= lastIndex; i++) {
    if (!valid(i)) continue;
    const [x, y] = at(i);
    if (Math.abs(x - lastX) >= 0.5 || Math.abs(y - lastY) >= 0.5 || i === lastIndex) {
      points.push(`${x},${y}`);
      [lastX, lastY] = [x, y];
    }
  }
  return { points: points.join(' '), start, end: at(lastIndex), positions: count };
}
