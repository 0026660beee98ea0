import { invoiceDisplayStatus, type InvoiceStatus } from '../../shared/rules/invoiceStatus';
import { chargesVat, grossOf, type VatSettings } from '../../shared/rules/vat';

export interface InvoiceTally {
  count: number;
  /**
   * What the clients still owe, EUR: each invoice's total plus its VAT (as on its PDF and QR-bill), less
   * the payments already linked to it (a partial payment from the bank import).
   */
  sum: number;
}

export interface InvoiceSummary {
  /** Every open invoice (pending and overdue). */
  open: InvoiceTally;
  /** Open and older than 336 hours (spec section 4). */
  overdue: InvoiceTally;
  /** The sums include VAT (the site configuration charges it). */
  withVat: boolean;
}

/**
 * Open and overdue invoices with what the clients still owe (the stored total is net: VAT is added per
 * invoice, rounded as on its PDF; the EUR amounts of the incoming `payments` linked to an invoice are
 * taken off it), by the display rule of spec section 4.
 */
export function summarizeInvoices(
  invoices: readonly Record<string, unknown>[],
  now: number,
  vat?: VatSettings,
  payments: readonly Record<string, unknown>[] = [],
): InvoiceSummary {
  const received = new Map<string, number>();
  for (const payment of payments) {
    if (payment.direction !== 'incoming' || typeof payment.invoice !== 'string') continue;
    const eur =
      typeof payment.foreignAmount === 'number' && Number.isFinite(payment.foreignAmount) ? payment.foreignAmount : 0;
    received.set(payment.invoice, (received.get(payment.invoice) ?? 0) + eur);
  }
  const summary: InvoiceSummary = {
    open: { count: 0, sum: 0 },
    overdue: { count: 0, sum: 0 },
    withVat: chargesVat(vat),
  };
  for (const invoice of invoices) {
    if (invoice.status !== 'open') continue;
    const gross = grossOf(typeof invoice.total === 'number' && Number.isFinite(invoice.total) ? invoice.total : 0, vat);
    const total = Math.max(0, gross - (received.get(String(invoice._id)) ?? 0));
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
