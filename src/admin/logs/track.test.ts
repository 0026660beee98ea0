import { describe, expect, it } from 'vitest';
import { csvFileName, defaultChannels, formatDuration, presentChannels } from './channels';
import { gapStarts } from './gaps';
import { projectTrack } from './track';

/** Frames 50 ms apart (20 a second) from `from` seconds. */
const at20Hz = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i * 0.05);
/** The points of each subpath of a track's path. */
const subpaths = (path: string) =>
  path
    .split('M')
    .filter(Boolean)
    .map((part) => part.split('L'));

describe('projectTrack', () => {
  it('fits the track into the box keeping its aspect ratio, north up, skipping frames without a position', () => {
    // 0.02° of longitude at 60° north is as wide as 0.01° of latitude is tall.
    const track = projectTrack(
      { latitude: [60, null, 60.01, 60.01], longitude: [0, 5, 0, 0.02], time: at20Hz(0, 4) },
      200,
      100,
      0,
    )!;
    expect(track.positions).toBe(3);
    expect(track.start).toEqual([50, 100]);
    expect(track.end[1]).toBe(0);
    expect(track.end[0]).toBeCloseTo(150, 0);
    expect(track.segments).toBe(1);
    expect(subpaths(track.path)).toEqual([['50,100', '50,0', `${track.end[0]},0`]]);
    expect(projectTrack({ latitude: [null], longitude: [null], time: [0] }, 100, 100)).toBeUndefined();
  });

  it('drops points that would fall on the previous one', () => {
    const lat = Array.from({ length: 100_000 }, (_, i) => 47 + (i % 1000) * 1e-7 + Math.floor(i / 1000) * 1e-4);
    const track = projectTrack(
      { latitude: lat, longitude: lat.map(() => 7.5), time: at20Hz(0, lat.length) },
      480,
      320,
    )!;
    expect(track.segments).toBe(1);
    expect(track.path.split('L').length).toBeLessThan(1000);
  });

  it('breaks the line at the gaps the chart breaks at, not across them', () => {
    // Driving east, 40 s without frames (a lost link), driving on further north-east, 3 s without frames,
    // one frame, 2 s without frames, on again: four stretches, one of them a single point (a dot).
    const time = [...at20Hz(0, 5), ...at20Hz(40.2, 5), 43.6, ...at20Hz(45.6, 3)];
    const longitude = [0, 1, 2, 3, 4, 10, 11, 12, 13, 14, 20, 21, 22, 23].map((x) => 7.5 + x * 1e-4);
    const latitude = [0, 0, 0, 0, 0, 5, 5, 5, 5, 5, 8, 9, 9, 9].map((y) => 47.5 + y * 1e-4);
    const track = projectTrack({ latitude, longitude, time }, 480, 320, 0)!;
    expect(gapStarts(time)).toEqual([5, 10, 11]);
    expect(track.segments).toBe(4);
    const parts = subpaths(track.path);
    expect(parts.map((points) => points.length)).toEqual([5, 5, 2, 3]);
    // The dot: a zero-length line, so its round caps draw it.
    expect(parts[2][0]).toBe(parts[2][1]);
    // No line runs from the last point before a gap to the first after it: each stretch keeps to its own
    // latitude (47.5, 47.5005, then 47.5008 once and 47.5009), the end of the track ends the last one.
    const ys = parts.map((points) => new Set(points.map((point) => point.split(',')[1])));
    expect(ys.map((set) => set.size)).toEqual([1, 1, 1, 1]);
    expect(new Set(ys.map((set) => [...set][0])).size).toBe(4);
    expect(parts[0][0]).toBe(track.start.join(','));
    expect(parts[3][2]).toBe(track.end.join(','));
  });

  it('breaks where positions are missing for as long as a gap, and joins over a frame or two without one', () => {
    const time = at20Hz(0, 40);
    const latitude: (number | null)[] = time.map((_, i) => 47.5 + i * 1e-4);
    const longitude: (number | null)[] = time.map(() => 7.5);
    // Frames 3 and 4 without a position: joined. Frames 10 to 29 (a second without a fix): broken.
    for (const i of [3, 4, ...Array.from({ length: 20 }, (_, k) => 10 + k)]) latitude[i] = null;
    const track = projectTrack({ latitude, longitude, time }, 480, 320, 0)!;
    expect(track.positions).toBe(18);
    expect(track.segments).toBe(2);
    expect(subpaths(track.path).map((points) => points.length)).toEqual([8, 10]);
  });
});

describe('channels', () => {
  it('orders the values present as the reference tables do, without latitude and longitude', () => {
    const keys = presentChannels(['zeta', 'latitude', 'map', 'speed', 'engineSpeed', 'boost', 'longitude']).map(
      (c) => `${c.key} ${c.unit}`,
    );
    expect(keys).toEqual(['engineSpeed rpm', 'map kPa', 'boost kPa', 'speed km/h', 'zeta ']);
    expect(defaultChannels(presentChannels(['map', 'mapSetpoint', 'engineSpeed', 'oilTemp']))).toEqual([
      'engineSpeed',
      'map',
      'mapSetpoint',
    ]);
    expect(defaultChannels(presentChannels(['oilTemp']))).toEqual(['oilTemp']);
  });

  it('formats durations and the export file name', () => {
    expect(formatDuration('2026-01-01T10:00:00Z', '2026-01-01T10:02:05Z')).toBe('2:05');
    expect(formatDuration('2026-01-01T10:00:00Z', '2026-01-01T11:00:09Z')).toBe('1:00:09');
    expect(csvFileName({ vin: 'WVWZZZAUZKW123456', start: '2026-05-12T14:02:00.000Z' })).toBe(
      'WVWZZZAUZKW123456-2026-05-12T14-02-00-000Z.csv',
    );
  });
});
