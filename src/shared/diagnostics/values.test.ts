import { describe, expect, it } from 'vitest';
import { roundToResolution } from './values';

describe('engine values', () => {
  it('rounds a value to its channel resolution, dropping float noise and keeping exact steps', () => {
    expect(roundToResolution('map', 5.199999999999989)).toBe(5.2);
    expect(roundToResolution('oilTemp', 97.55999999999999)).toBe(97.56);
    expect(roundToResolution('engineSpeed', 2318.75)).toBe(2318.75);
    expect(roundToResolution('ambientPressure', 96.79933665008292)).toBe(96.7993);
    expect(roundToResolution('horsepower', 1513.3138677084735)).toBe(1513.31);
    expect(roundToResolution('knockAverage', -0.00001)).toBe(0);
    expect(Object.is(roundToResolution('knockAverage', -0.00001), -0)).toBe(false);
    // The position is not in the table: only the noise goes.
    expect(roundToResolution('speed', 13.888888888888891)).toBe(13.8888888889);
    expect(roundToResolution('latitude', 47.5596123)).toBe(47.5596123);
  });
});
