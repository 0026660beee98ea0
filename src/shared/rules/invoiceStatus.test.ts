import { describe, it, expect } from 'vitest';
import { INVOICE_STATUS_COLOR, OVERDUE_HOURS, invoiceDisplayStatus } from './invoiceStatus';

const HOUR = 3_600_000;
const date = '2024-05-01T10:00:00.000Z';
const issued = Date.parse(date);

describe('invoiceDisplayStatus', () => {
  it('keeps paid invoices paid, however old', () => {
    expect(invoiceDisplayStatus({ status: 'paid', date }, issued + 1000 * HOUR)).toBe('paid');
    expect(invoiceDisplayStatus({ status: 'paid' })).toBe('paid');
  });

  it('marks a young open invoice pending', () => {
    expect(invoiceDisplayStatus({ status: 'open', date }, issued + HOUR)).toBe('pending');
  });

  it('is still pending at exactly 336 hours', () => {
    expect(OVERDUE_HOURS).toBe(336);
    expect(invoiceDisplayStatus({ status: 'open', date }, issued + 336 * HOUR)).toBe('pending');
  });

  it('turns overdue just after 336 hours', () => {
    expect(invoiceDisplayStatus({ status: 'open', date }, issued + 336 * HOUR + 1)).toBe('overdue');
  });

  it('treats an open invoice without a usable date as pending', () => {
    expect(invoiceDisplayStatus({ status: 'open' }, issued)).toBe('pending');
    expect(invoiceDisplayStatus({ status: 'open', date: 'soon' }, issued)).toBe('pending');
  });

  it('treats a future date as pending', () => {
    expect(invoiceDisplayStatus({ status: 'open', date }, issued - 500 * HOUR)).toBe('pending');
  });
});

describe('INVOICE_STATUS_COLOR', () => {
  it('maps each display status to its colour', () => {
    expect(INVOICE_STATUS_COLOR).toEqual({ overdue: 'red', pending: 'yellow', paid: 'green' });
  });
});
