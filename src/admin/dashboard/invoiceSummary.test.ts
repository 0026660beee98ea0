import { describe, expect, it } from 'vitest';
import { summarizeInvoices } from './invoiceSummary';

describe('summarizeInvoices', () => {
  it('counts open invoices and those older than 336 hours as overdue, with their sums', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    const summary = summarizeInvoices(
      [
        { status: 'open', date: '2026-11-20', total: 100.1 }, // pending
        { status: 'open', date: '2026-11-01', total: 200.2 }, // overdue
        { status: 'open', date: '2026-11-10T11:59:00Z', total: 50 }, // 336 h + 1 min: overdue
        { status: 'open', date: '2026-11-10T12:00:00Z', total: 25 }, // exactly 336 h: pending
        { status: 'paid', date: '2026-01-01', total: 999 },
        { status: 'open', total: 'x' },
      ],
      now,
    );
    expect(summary).toEqual({ open: { count: 5, sum: 375.3 }, overdue: { count: 2, sum: 250.2 }, withVat: false });
  });

  it('sums what the clients owe: each net total plus its VAT, rounded per invoice as on the PDF', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    const vat = { vatNumber: 'CHE-123.456.789 MWST', vatRate: 8.1 };
    const invoices = [
      { status: 'open', date: '2026-11-23', total: 1825 }, // pending: 1825 + 147.83 = 1972.83
      { status: 'open', date: '2026-10-27', total: 1110 }, // overdue: 1110 + 89.91 = 1199.91
      { status: 'paid', date: '2026-09-27', total: 2100 },
    ];
    expect(summarizeInvoices(invoices, now, vat)).toEqual({
      open: { count: 2, sum: 3172.74 },
      overdue: { count: 1, sum: 1199.91 },
      withVat: true,
    });
    // Without a VAT number no VAT is charged: the sums are the totals.
    expect(summarizeInvoices(invoices, now, { vatRate: 8.1 })).toEqual({
      open: { count: 2, sum: 2935 },
      overdue: { count: 1, sum: 1110 },
      withVat: false,
    });
  });

  it('is zero for no invoices', () => {
    expect(summarizeInvoices([], 0)).toEqual({
      open: { count: 0, sum: 0 },
      overdue: { count: 0, sum: 0 },
      withVat: false,
    });
  });

  it("takes the payments already linked to an open invoice off what is owed (a partial payment's EUR amount)", () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    const vat = { vatNumber: 'CHE-123.456.789 MWST', vatRate: 8.1 };
    const invoices = [
      { _id: 'a', status: 'open', date: '2026-11-23', total: 1825 }, // 1972.83 gross
      { _id: 'b', status: 'open', date: '2026-10-27', total: 1110 }, // 1199.91 gross
    ];
    const payments = [
      { direction: 'incoming', invoice: 'a', foreignAmount: 1000 },
      { direction: 'incoming', invoice: 'a', foreignAmount: 500.5 },
      { direction: 'incoming', invoice: 'b', amount: 300 }, // francs only: no euros come off
      { direction: 'outgoing', invoice: 'b', foreignAmount: 100 },
      { direction: 'incoming', invoice: 'c', foreignAmount: 50 }, // not an open invoice
    ];
    expect(summarizeInvoices(invoices, now, vat, payments)).toEqual({
      open: { count: 2, sum: 1672.24 },
      overdue: { count: 1, sum: 1199.91 },
      withVat: true,
    });
    // Paid more than due (it stays open until someone closes it): nothing is owed, never a negative sum.
    expect(
      summarizeInvoices(invoices.slice(0, 1), now, vat, [{ direction: 'incoming', invoice: 'a', foreignAmount: 2000 }]),
    ).toEqual({ open: { count: 1, sum: 0 }, overdue: { count: 0, sum: 0 }, withVat: true });
  });
});
