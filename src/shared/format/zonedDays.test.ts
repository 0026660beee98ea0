import { describe, expect, it } from 'vitest';
import { zonedDay, zonedDayStart, zonedPeriodBounds } from './zonedDays';

describe('business days (Europe/Zurich)', () => {
  it('names the Swiss day of an instant', () => {
    expect(zonedDay('2026-10-31T23:30:00Z')).toBe('2026-11-01');
    expect(zonedDay('2026-07-01T21:59:00Z')).toBe('2026-07-01');
    expect(zonedDay('nonsense')).toBe('');
  });

  it('finds midnight in Basel in winter, in summer and on the days the clock changes', () => {
    expect(new Date(zonedDayStart('2026-11-01')).toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(new Date(zonedDayStart('2026-07-15')).toISOString()).toBe('2026-07-14T22:00:00.000Z');
    // 29.03.2026 and 25.10.2026 change the clock at 02:00/03:00: their midnight keeps the old offset.
    expect(new Date(zonedDayStart('2026-03-29')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(zonedDayStart('2026-03-30')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(new Date(zonedDayStart('2026-10-25')).toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(new Date(zonedDayStart('2026-10-26')).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(zonedDayStart('01.10.2026')).toBeNaN();
  });

  it('bounds a period of whole Swiss days, the end exclusive', () => {
    expect(zonedPeriodBounds('2026-10-01', '2026-10-31')).toEqual({
      $gte: '2026-09-30T22:00:00.000Z',
      $lt: '2026-10-31T23:00:00.000Z',
    });
    expect(zonedPeriodBounds('2026-12-31', '2026-12-31')).toEqual({
      $gte: '2026-12-30T23:00:00.000Z',
      $lt: '2026-12-31T23:00:00.000Z',
    });
  });
});
