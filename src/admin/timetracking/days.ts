import { DAY_MS, DEFAULT_TIME_ZONE } from '../../shared/format/date';
import { zonedDay } from '../../shared/format/zonedDays';
import { durationHours, roundUpToQuarterHours, type TrackedTimeSpan } from '../../shared/rules/trackedTime';

/** One bar of the time-tracking chart: a calendar day and the quarter-hour rounded hours started on it. */
export interface TrackedDay {
  /** "YYYY-MM-DD" in the business's time zone. */
  day: string;
  hours: number;
}

/** "YYYY-MM-DD" of the instant in the zone (Swiss business days by default; shared with the server's invoicing). */
export function dayKey(input: Date | string | number, timeZone = DEFAULT_TIME_ZONE): string {
  return zonedDay(input, timeZone);
}

/** The `count` calendar days ending with the one of `now`, oldest first (calendar arithmetic: DST-proof). */
export function lastDays(now: number, count: number, timeZone = DEFAULT_TIME_ZONE): string[] {
  const today = Date.parse(`${dayKey(now, timeZone)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/**
 * Per-day totals of the last `count` days: each entry counts on the day it started, rounded up to
 * quarter hours before adding (spec section 9); a running entry counts up to `now`.
 */
export function dailyTotals(
  entries: readonly TrackedTimeSpan[],
  now: number,
  count: number,
  timeZone = DEFAULT_TIME_ZONE,
): TrackedDay[] {
  const days = lastDays(now, count, timeZone);
  const totals = new Map(days.map((day) => [day, 0]));
  for (const entry of entries) {
    const day = dayKey(entry.start, timeZone);
    const total = totals.get(day);
    if (total !== undefined) totals.set(day, total + roundUpToQuarterHours(durationHours(entry.start, entry.end, now)));
  }
  return days.map((day) => ({ day, hours: totals.get(day) ?? 0 }));
}

const hoursFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Hours in German style with two decimals: 1.25 -> "1,25 h". */
export function formatHours(hours: number): string {
  return `${hoursFormat.format(Number.isFinite(hours) ? hours : 0)} h`;
}

/** A live duration as "H:MM:SS" (the running entry's ticker). */
export function formatClock(hours: number): string {
  const seconds = Math.max(0, Math.floor(hours * 3600 + 1e-6));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}
