import { OVERDUE_HOURS } from './invoiceStatus';

/**
 * Days an invoice gives its client to pay when the billing settings name none (the site configuration's
 * default for `billing.paymentTermDays`, checked by a test): the days after which the admin shows an open
 * invoice as overdue (spec: 14), so that a printed due date and the red badge agree.
 */
export const DEFAULT_PAYMENT_TERM_DAYS = OVERDUE_HOURS / 24;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The day an invoice dated `date` (YYYY-MM-DD) is due: `termDays` calendar days later, as a day of the
 * calendar (no time zone can shift it). Undefined for a date of another shape or a term that is no whole
 * number of days from 0 up.
 */
export function dueDate(date: string, termDays: number): string | undefined {
  const match = DAY.exec(date);
  if (!match || !Number.isInteger(termDays) || termDays < 0) return undefined;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + termDays));
  return day.toISOString().slice(0, 10);
}
