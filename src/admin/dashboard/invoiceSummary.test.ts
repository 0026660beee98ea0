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
    expect(summary).toEqual({ open: { count: 5, sum: 375.3 }, overdue: { count: 2, sum: 250.2 } });
  });

  it('is zero for no invoices', () => {
    expect(summarizeInvoices([], 0)).toEqual({ open: { count: 0, sum: 0 }, overdue: { count: 0, sum: 0 } });
  });
});
