import { formatDate, formatTime } from '../../shared/format/date';
import { zonedDay, zonedPeriodBounds } from '../../shared/format/zonedDays';
import { roundUpToQuarterHours } from '../../shared/rules/trackedTime';

/** A billing period of whole days, `YYYY-MM-DD`, both inclusive (as `POST /api/payment/invoiceFromTime` takes it). */
export interface Period {
  from: string;
  to: string;
}

/** The earliest day "everything not yet invoiced" starts at. */
export const EARLIEST_DAY = '2000-01-01';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');
const key = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** The business's calendar day (Europe/Zurich) of an instant: "today" of the period presets. */
export function businessDay(now: Date | number): string {
  return zonedDay(now);
}

/** The calendar month before the one of `today` (the dialog's default: bill last month at its start). */
export function previousMonth(today: string): Period {
  const [year, month] = today.split('-').map(Number);
  return { from: key(new Date(Date.UTC(year, month - 2, 1))), to: key(new Date(Date.UTC(year, month - 1, 0))) };
}

/** The calendar month of `today`, up to today. */
export function currentMonth(today: string): Period {
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

/** Everything up to today. */
export function untilToday(today: string): Period {
  return { from: EARLIEST_DAY, to: today };
}

/** Why the period cannot be sent, or undefined when it can. */
export function periodProblem({ from, to }: Period): string | undefined {
  // A day typed that cannot be read is kept as typed; its field says what is wrong with it.
  if ((from && !DAY.test(from)) || (to && !DAY.test(to))) return 'Correct the period: its field says why';
  if (!DAY.test(from) || !DAY.test(to)) return 'Choose both days of the period';
  if (from > to) return 'The period must not end before it starts';
  return undefined;
}

/**
 * The start-time bounds of the period exactly as the server reads it (whole Swiss days, the end
 * exclusive), so the preview counts the entries the invoice will hold.
 */
export function startBounds({ from, to }: Period): { $gte: string; $lt: string } {
  return zonedPeriodBounds(from, to);
}

/**
 * What the period holds: entries, hours (each rounded up to quarter hours) and, with a rate, the amount.
 * Zero-length entries are no lines of the invoice (as the server leaves them off), so they do not count.
 */
export function billable(
  entries: readonly { duration?: number | null; multiplier?: number | null }[],
  hourlyRate: number | undefined,
): { entries: number; hours: number; amount?: number } {
  let hours = 0;
  let amount = 0;
  const lines = entries.filter((entry) => Number(entry.duration ?? 0) > 0);
  for (const entry of lines) {
    const rounded = roundUpToQuarterHours(Number(entry.duration ?? 0));
    hours += rounded;
    amount += (rounded * Math.round((hourlyRate ?? 0) * Number(entry.multiplier ?? 1) * 100)) / 100;
  }
  return { entries: lines.length, hours, ...(hourlyRate && hourlyRate > 0 ? { amount } : {}) };
}

/** Two entries of one person that overlap, and the span they share ("20.11. 09:30–10:01"). */
export interface Overlap {
  ids: [string, string];
  text: string;
}

/**
 * Where one person's entries overlap (the shared time would be billed twice): each pair once, oldest
 * first. Running entries (no end) are not billed and left out.
 */
export function overlaps(
  entries: readonly { _id: string; start: string; end?: string | null; user?: string | null }[],
): Overlap[] {
  const spans = entries
    .map((entry) => ({ entry, from: Date.parse(entry.start), to: entry.end ? Date.parse(entry.end) : NaN }))
    .filter((span) => Number.isFinite(span.from) && Number.isFinite(span.to) && span.to > span.from)
    .sort((a, b) => a.from - b.from);
  const found: Overlap[] = [];
  for (const [i, a] of spans.entries()) {
    for (const b of spans.slice(i + 1)) {
      if (b.from >= a.to) break;
      if ((a.entry.user ?? '') !== (b.entry.user ?? '')) continue;
      const to = Math.min(a.to, b.to);
      found.push({
        ids: [a.entry._id, b.entry._id],
        text: `${formatDate(b.from).slice(0, 6)} ${formatTime(b.from)}–${formatTime(to)}`,
      });
    }
  }
  return found;
}
