import { invoiceDisplayStatus, type InvoiceStatus } from '../../shared/rules/invoiceStatus';

export interface InvoiceTally {
  count: number;
  /** Sum of the totals, EUR. */
  sum: number;
}

export interface InvoiceSummary {
  /** Every open invoice (pending and overdue). */
  open: InvoiceTally;
  /** Open and older than 336 hours (spec section 4). */
  overdue: InvoiceTally;
}

/** Open and overdue invoices with their sums, by the display rule of spec section 4. */
export function summarizeInvoices(invoices: readonly Record<string, unknown>[], now: number): InvoiceSummary {
  const summary: InvoiceSummary = { open: { count: 0, sum: 0 }, overdue: { count: 0, sum: 0 } };
  for (const invoice of invoices) {
    if (invoice.status !== 'open') continue;
    const total = typeof invoice.total === 'number' && Number.isFinite(invoice.total) ? invoice.total : 0;
    summary.open.count += 1;
    summary.open.sum += total;
    const status = invoiceDisplayStatus(
      {
        status: invoice.status as InvoiceStatus,
        date: typeof invoice.date === 'string' ? invoice.date : undefined,
      },
      now,
    );
    if (status === 'overdue') {
      summary.overdue.count += 1;
      summary.overdue.sum += total;
    }
  }
  summary.open.sum = Math.round(summary.open.sum * 100) / 100;
  summary.overdue.sum = Math.round(summary.overdue.sum * 100) / 100;
  return summary;
}
