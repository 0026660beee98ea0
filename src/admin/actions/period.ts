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

/** The local calendar day of an instant, as a date input shows it. */
export function localDay(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
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
  if (!DAY.test(from) || !DAY.test(to)) return 'Choose both days of the period';
  if (from > to) return 'The period must not end before it starts';
  return undefined;
}

/**
 * The start-time bounds of the period exactly as the server reads it (whole UTC days, the end
 * exclusive), so the preview counts the entries the invoice will hold.
 */
export function startBounds({ from, to }: Period): { $gte: string; $lt: string } {
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString();
  return { $gte: `${from}T00:00:00.000Z`, $lt: end };
}

/** What the period holds: entries, hours (each rounded up to quarter hours) and, with a rate, the amount. */
export function billable(
  entries: readonly { duration?: number | null; multiplier?: number | null }[],
  hourlyRate: number | undefined,
): { entries: number; hours: number; amount?: number } {
  let hours = 0;
  let amount = 0;
  for (const entry of entries) {
    const rounded = roundUpToQuarterHours(Number(entry.duration ?? 0));
    hours += rounded;
    amount += (rounded * Math.round((hourlyRate ?? 0) * Number(entry.multiplier ?? 1) * 100)) / 100;
  }
  return { entries: entries.length, hours, ...(hourlyRate && hourlyRate > 0 ? { amount } : {}) };
}
