import { describe, expect, it } from 'vitest';
import { billable, currentMonth, periodProblem, previousMonth, startBounds, untilToday } from './period';

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
    expect(periodProblem({ from: '2026-04-10', to: '2026-04-09' })).toMatch(/not end before/);
    expect(periodProblem({ from: '2026-04-09', to: '2026-04-09' })).toBeUndefined();
    expect(startBounds({ from: '2026-02-01', to: '2026-02-28' })).toEqual({
      $gte: '2026-02-01T00:00:00.000Z',
      $lt: '2026-03-01T00:00:00.000Z',
    });
  });

  it('sums hours rounded up per entry and prices them with the multiplier', () => {
    const entries = [{ duration: 1.05, multiplier: 1 }, { duration: 0.5, multiplier: 1.5 }, { duration: null }];
    expect(billable(entries, 100)).toEqual({ entries: 3, hours: 1.75, amount: 125 + 75 });
    expect(billable(entries, undefined)).toEqual({ entries: 3, hours: 1.75 });
  });
});
