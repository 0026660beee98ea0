import { describe, it, expect } from 'vitest';
import { DAY_MS, formatDate, formatTime, formatTimestamp, toDate } from './date';

// 2024-03-05T07:08:09Z is 08:08:09 in Zurich (CET, UTC+1).
const winter = Date.UTC(2024, 2, 5, 7, 8, 9);
// 2024-07-01T22:30:00Z is already 2 July in Zurich (CEST, UTC+2).
const summer = new Date(Date.UTC(2024, 6, 1, 22, 30, 0));

describe('DAY_MS', () => {
  it('is one day in milliseconds', () => {
    expect(DAY_MS).toBe(24 * 60 * 60 * 1000);
  });
});

describe('formatDate', () => {
  it('zero-pads day and month in Zurich time', () => {
    expect(formatDate(winter)).toBe('05.03.2024');
  });

  it('uses the zone, not UTC, for the calendar day', () => {
    expect(formatDate(summer)).toBe('02.07.2024');
    expect(formatDate(summer, { timeZone: 'UTC' })).toBe('01.07.2024');
  });

  it('accepts ISO strings', () => {
    expect(formatDate('2023-12-31T12:00:00Z')).toBe('31.12.2023');
  });

  it('pads years below 1000', () => {
    expect(formatDate(new Date('0099-06-15T12:00:00Z'), { timeZone: 'UTC' })).toBe('15.06.0099');
  });

  it('returns "" for invalid input', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
    expect(formatDate(new Date('x'))).toBe('');
  });
});

describe('formatTime', () => {
  it('gives zero-padded hours and minutes', () => {
    expect(formatTime(winter)).toBe('08:08');
  });

  it('adds seconds on request', () => {
    expect(formatTime(winter, { seconds: true })).toBe('08:08:09');
  });

  it('shows midnight as 00, not 24', () => {
    expect(formatTime(Date.UTC(2024, 0, 1, 0, 0, 0), { timeZone: 'UTC' })).toBe('00:00');
  });

  it('returns "" for invalid input', () => {
    expect(formatTime('garbage', { seconds: true })).toBe('');
  });
});

describe('formatTimestamp', () => {
  it('puts the time before the date', () => {
    expect(formatTimestamp(summer)).toBe('00:30 02.07.2024');
    expect(formatTimestamp(winter, { seconds: true })).toBe('08:08:09 05.03.2024');
  });

  it('returns "" for invalid input', () => {
    expect(formatTimestamp('nope')).toBe('');
  });
});

describe('toDate', () => {
  it('parses numbers, strings and dates', () => {
    expect(toDate(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(toDate('2024-01-01T00:00:00Z')?.getTime()).toBe(Date.UTC(2024, 0, 1));
    expect(toDate('  ')).toBeNull();
  });
});
