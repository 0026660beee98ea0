import { DAY_MS, DEFAULT_TIME_ZONE, partsOf, type DateInput } from './date';

/**
 * Calendar days of the business (Europe/Zurich by default), shared by the server and the admin:
 * a period "01.10.–31.10." means Basel's October, whatever the machine's or the browser's zone.
 */

/** "YYYY-MM-DD" of the instant in the zone; invalid input gives "". */
export function zonedDay(input: DateInput, timeZone = DEFAULT_TIME_ZONE): string {
  const p = partsOf(input, timeZone);
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}

/** How far the zone's wall clock is ahead of UTC at the instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = partsOf(ms, timeZone);
  if (!p) return NaN;
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant (ms since 1970) the day "YYYY-MM-DD" begins in the zone; NaN for an unreadable day. */
export function zonedDayStart(day: string, timeZone = DEFAULT_TIME_ZONE): number {
  const midnightUtc = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : NaN;
  if (!Number.isFinite(midnightUtc)) return NaN;
  const guess = midnightUtc - offsetAt(midnightUtc, timeZone);
  // Across a DST change the offset at the result differs from the one at the guess: take the result's.
  return midnightUtc - offsetAt(guess, timeZone);
}

/**
 * The start-time bounds of a period of whole days (both inclusive) in the zone, as ISO instants:
 * from the first day's midnight up to (not including) the midnight after the last day.
 */
export function zonedPeriodBounds(
  from: string,
  to: string,
  timeZone = DEFAULT_TIME_ZONE,
): { $gte: string; $lt: string } {
  const next = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return {
    $gte: new Date(zonedDayStart(from, timeZone)).toISOString(),
    $lt: new Date(zonedDayStart(next, timeZone)).toISOString(),
  };
}
