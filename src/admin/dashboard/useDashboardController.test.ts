import { describe, expect, it } from 'vitest';
import { monthsOfYear, trackedDays } from './useDashboardController';

describe('dashboard data', () => {
  it('gives all twelve months of the year, zero where the report has no row', () => {
    const months = monthsOfYear(2026, [
      { month: '2026-03', income: 1200.5, expenses: 300 },
      { month: '2025-12', income: 99, expenses: 99 },
    ]);
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ month: '2026-01', income: 0, expenses: 0 });
    expect(months[2]).toEqual({ month: '2026-03', income: 1200.5, expenses: 300 });
    expect(months.map((m) => m.month)).not.toContain('2025-12');
    expect(monthsOfYear(2026, undefined).every((m) => m.income === 0 && m.expenses === 0)).toBe(true);
  });

  it('sums the daily tracked time per day of the last 7 days and per client', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    const { days, clients } = trackedDays(
      [
        { day: '2026-11-24', duration: 1.25, client: 'Rheinblick', clientId: 'a' },
        { day: '2026-11-24', duration: 0.5, client: null },
        { day: '2026-11-20', duration: 2, client: 'Rheinblick' },
        { day: '2026-11-01', duration: 9, client: 'Alt' },
      ] as { day: string; duration: number; client?: string | null }[],
      now,
    );
    expect(days).toHaveLength(7);
    expect(days.at(-1)).toEqual({ day: '2026-11-24', hours: 1.75 });
    expect(days.find((d) => d.day === '2026-11-20')?.hours).toBe(2);
    expect(clients).toEqual([
      { client: 'Rheinblick', hours: 3.25 },
      { client: 'No client', hours: 0.5 },
    ]);
  });
});
