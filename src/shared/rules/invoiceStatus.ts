/** An open invoice older than this is overdue (14 days). */
export const OVERDUE_HOURS = 336;
const OVERDUE_MS = OVERDUE_HOURS * 3_600_000;

export type InvoiceStatus = 'paid' | 'open';
export type InvoiceDisplayStatus = 'paid' | 'pending' | 'overdue';

export const INVOICE_STATUS_COLOR = {
  overdue: 'red',
  pending: 'yellow',
  paid: 'green',
} as const satisfies Record<InvoiceDisplayStatus, string>;

/**
 * Paid stays paid. Open is overdue when its date lies strictly more than 336 hours before `now`,
 * otherwise pending; an open invoice without a readable date is pending.
 */
export function invoiceDisplayStatus(
  invoice: { status: InvoiceStatus; date?: string },
  now: number = Date.now(),
): InvoiceDisplayStatus {
  if (invoice.status === 'paid') return 'paid';
  const issued = invoice.date ? Date.parse(invoice.date) : Number.NaN;
  if (Number.isNaN(issued)) return 'pending';
  return now - issued > OVERDUE_MS ? 'overdue' : 'pending';
}
