import { describe, expect, it } from 'vitest';
import {
  billable,
  businessDay,
  currentMonth,
  overlaps,
  periodProblem,
  previousMonth,
  startBounds,
  untilToday,
} from './period';

describe('billing period', () => {
  it('defaults to the previous calendar month, across year ends and short months', () => {
    expect(previousMonth('2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousMonth('2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(previousMonth('2026-01-01')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(currentMonth('2026-04-09')).toEqual({ from: '2026-04-01', to: '2026-04-09' });
    expect(untilToday('2026-04-09')).toEqual({ from: '2000-01-01', to: '2026-04-09' });
  });

  it('refuses incomplete or reversed periods and bounds starts as the server does', () => {
    expect(periodProblem({ from: '', to: '2026-04-09' })).toMatch(/both days/);
    expect(periodProblem({ from: '31.02.2026', to: '2026-04-09' })).toBe('Correct the period: its field says why');
    expect(periodProblem({ from: '2026-04-10', to: '2026-04-09' })).toMatch(/not end before/);
    expect(periodProblem({ from: '2026-04-09', to: '2026-04-09' })).toBeUndefined();
    // Swiss days, as the server bills them: February in Basel starts at 23:00 UTC the day before.
    expect(startBounds({ from: '2026-02-01', to: '2026-02-28' })).toEqual({
      $gte: '2026-01-31T23:00:00.000Z',
      $lt: '2026-02-28T23:00:00.000Z',
    });
    expect(startBounds({ from: '2026-10-01', to: '2026-10-31' })).toEqual({
      $gte: '2026-09-30T22:00:00.000Z',
      $lt: '2026-10-31T23:00:00.000Z',
    });
    // "Today" is Basel's: 00:30 on the 1st is still the 31st in UTC.
    expect(businessDay(Date.parse('2026-10-31T23:30:00Z'))).toBe('2026-11-01');
  });

  it('sums hours rounded up per entry and prices them with the multiplier', () => {
    const entries = [{ duration: 1.05, multiplier: 1 }, { duration: 0.5, multiplier: 1.5 }, { duration: null }];
    // The entry without a duration (zero length) is no line of the invoice.
    expect(billable(entries, 100)).toEqual({ entries: 2, hours: 1.75, amount: 125 + 75 });
    expect(billable(entries, undefined)).toEqual({ entries: 2, hours: 1.75 });
  });

  it('names where one person’s entries overlap, in Swiss time', () => {
    const entry = (_id: string, start: string, end: string | null, user = 'marco') => ({ _id, start, end, user });
    expect(
      overlaps([
        entry('overlap', '2026-11-20T08:30:00Z', '2026-11-20T09:30:00Z'),
        entry('workshop', '2026-11-20T08:00:00Z', '2026-11-20T09:01:00Z'),
        entry('after', '2026-11-20T09:30:00Z', '2026-11-20T10:00:00Z'), // starts as the other ends
        entry('anna', '2026-11-20T08:00:00Z', '2026-11-20T09:00:00Z', 'anna'), // someone else's
        entry('running', '2026-11-20T08:00:00Z', null),
      ]),
    ).toEqual([{ ids: ['workshop', 'overlap'], text: '20.11. 09:30–10:01' }]);
    expect(overlaps([entry('a', '2026-11-20T08:00:00Z', '2026-11-20T09:00:00Z')])).toEqual([]);
  });
});
