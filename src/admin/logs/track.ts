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
  const lat: number[] = [];
  const lon: number[] = [];
  for (let i = 0; i < Math.min(latitude.length, longitude.length); i++) {
    const a = latitude[i];
    const o = longitude[i];
    if (typeof a === 'number' && typeof o === 'number' && Number.isFinite(a) && Number.isFinite(o)) {
      lat.push(a);
      lon.push(o);
    }
  }
  if (!lat.length) return undefined;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  const mean = lat.reduce((sum, value) => sum + value, 0) / lat.length;
  const k = Math.cos((mean * Math.PI) / 180);
  const xs = lon.map((value) => value * k);
  const ys = lat.map((value) => -value);
  for (let i = 0; i < xs.length; i++) {
    minX = Math.min(minX, xs[i]);
    maxX = Math.max(maxX, xs[i]);
    minY = Math.min(minY, ys[i]);
    maxY = Math.max(maxY, ys[i]);
  }
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const innerW = Math.max(0, width - 2 * padding);
  const innerH = Math.max(0, height - 2 * padding);
  const scale = spanX || spanY ? Math.min(spanX ? innerW / spanX : Infinity, spanY ? innerH / spanY : Infinity) : 0;
  const offsetX = padding + (innerW - spanX * scale) / 2;
  const offsetY = padding + (innerH - spanY * scale) / 2;
  const at = (i: number): [number, number] => [
    Math.round((offsetX + (xs[i] - minX) * scale) * 10) / 10,
    Math.round((offsetY + (ys[i] - minY) * scale) * 10) / 10,
  ];
  const points: [number, number][] = [at(0)];
  for (let i = 1; i < xs.length; i++) {
    const point = at(i);
    const last = points[points.length - 1];
    if (Math.abs(point[0] - last[0]) >= 0.5 || Math.abs(point[1] - last[1]) >= 0.5 || i === xs.length - 1)
      points.push(point);
  }
  return {
    points: points.map(([x, y]) => `${x},${y}`).join(' '),
    start: at(0),
    end: at(xs.length - 1),
    positions: lat.length,
  };
}
