import { describe, expect, it } from 'vitest';
import { timestampProblem } from './frameHooks';

const NOW = Date.parse('2026-11-29T12:00:00.000Z');

describe('timestampProblem', () => {
  it('takes times from 2000 on up to 24 hours past the clock, in any offset', () => {
    for (const timestamp of [
      '2000-01-01T00:00:00.000Z',
      '2026-11-29T12:00:00.000Z',
      '2026-11-30T12:00:00.000Z',
      '2026-11-30T13:00:00.000+01:00',
    ])
      expect(timestampProblem(timestamp, NOW), timestamp).toBeUndefined();
  });

  it('says why a time is refused: past the day ahead, or before 2000', () => {
    expect(timestampProblem('2026-11-30T12:00:00.001Z', NOW)).toBe(
      "is more than 24 hours ahead of the server's clock (2026-11-30T12:00:00.001Z, the server's is 2026-11-29T12:00:00.000Z): is the device's clock right?",
    );
    expect(timestampProblem('1999-12-31T23:59:59.999Z', NOW)).toBe(
      "is before the year 2000 (1999-12-31T23:59:59.999Z): is the device's clock set?",
    );
  });

  it('leaves a text that is no time to the schema', () => {
    expect(timestampProblem('yesterday', NOW)).toBeUndefined();
  });
});
