import { describe, expect, it } from 'vitest';
import { dailyTotals, dayKey, formatClock, formatHours, lastDays } from './days';

const at = (iso: string) => Date.parse(iso);

describe('time-tracking days', () => {
  it('keys instants by the Swiss calendar day', () => {
    expect(dayKey('2026-11-23T23:30:00Z')).toBe('2026-11-24');
    expect(dayKey('2026-07-01T21:59:00Z')).toBe('2026-07-01');
    expect(dayKey('not a date')).toBe('');
  });

  it('lists seven calendar days across a DST change without skipping one', () => {
    // 29 March 2026 has 23 hours in Zurich; just after midnight on the 30th.
    expect(lastDays(at('2026-03-29T22:30:00Z'), 7)).toEqual([
      '2026-03-24',
      '2026-03-25',
      '2026-03-26',
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
    ]);
  });

  it('sums each entry rounded up to quarter hours on its start day, running ones up to now', () => {
    const now = at('2026-11-24T12:00:00Z');
    const days = dailyTotals(
      [
        { start: '2026-11-24T10:00:00Z', end: null }, // running 2 h
        { start: '2026-11-24T08:00:00Z', end: '2026-11-24T08:01:00Z' }, // 1 min -> 0.25
        { start: '2026-11-22T08:00:00Z', end: '2026-11-22T09:05:00Z' }, // 1:05 -> 1.25
        { start: '2026-11-22T10:00:00Z', end: '2026-11-22T10:45:00Z' }, // 0.75 exactly
        { start: '2026-11-10T08:00:00Z', end: '2026-11-10T09:00:00Z' }, // outside the window
      ],
      now,
      7,
    );
    expect(days.map((d) => d.day)).toEqual([
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
    expect(days.map((d) => d.hours)).toEqual([0, 0, 0, 0, 2, 0, 2.25]);
  });

  it('formats hours and the live clock', () => {
    expect(formatHours(1.25)).toBe('1,25 h');
    expect(formatHours(1234.5)).toBe('1.234,50 h');
    expect(formatClock(0)).toBe('0:00:00');
    expect(formatClock(1 + 2 / 60 + 3 / 3600)).toBe('1:02:03');
    expect(formatClock(5 / 3600)).toBe('0:00:05');
  });
});
