import { describe, expect, it } from 'vitest';
import { csvFileName, defaultChannels, formatDuration, presentChannels } from './channels';
import { projectTrack } from './track';

describe('projectTrack', () => {
  it('fits the track into the box keeping its aspect ratio, north up, skipping frames without a position', () => {
    // 0.02° of longitude at 60° north is as wide as 0.01° of latitude is tall.
    const track = projectTrack([60, null, 60.01, 60.01], [0, 5, 0, 0.02], 200, 100, 0)!;
    expect(track.positions).toBe(3);
    expect(track.start).toEqual([50, 100]);
    expect(track.end[1]).toBe(0);
    expect(track.end[0]).toBeCloseTo(150, 0);
    expect(track.points.split(' ')).toHaveLength(3);
    expect(projectTrack([null], [null], 100, 100)).toBeUndefined();
  });

  it('drops points that would fall on the previous one', () => {
    const lat = Array.from({ length: 100_000 }, (_, i) => 47 + (i % 1000) * 1e-7 + Math.floor(i / 1000) * 1e-4);
    const track = projectTrack(
      lat,
      lat.map(() => 7.5),
      480,
      320,
    )!;
    expect(track.points.split(' ').length).toBeLessThan(1000);
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
