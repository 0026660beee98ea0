import { describe, expect, it } from 'vitest';
import { centsOf, invoiceLeft, invoiceToSettle, payerOf, receivedOf, settle } from './settlement';

describe('settle', () => {
  const none = { eur: 0, chfOnly: 0 };

  it('keeps an invoice open until the EUR received reach the amount due, then the credit reaching it pays', () => {
    expect(settle(10810, none, [{ eur: 6000 }, { eur: 4810 }])).toEqual([
      { outcome: 'partial', pays: false, received: { eur: 6000, chfOnly: 0 } },
      { outcome: 'matched', pays: true, received: { eur: 10810, chfOnly: 0 } },
    ]);
  });

  it('counts what the invoice had received before (another import booked it meanwhile)', () => {
    expect(settle(10810, { eur: 4810, chfOnly: 0 }, [{ eur: 6000, chf: 5600 }])).toEqual([
      { outcome: 'matched', pays: true, received: { eur: 10810, chfOnly: 0 } },
    ]);
  });

  it('has a credit after the paying one count as more than was due, not pay again', () => {
    expect(settle(10000, { eur: 5000, chfOnly: 0 }, [{ eur: 5000 }, { eur: 3000 }])).toEqual([
      { outcome: 'matched', pays: true, received: { eur: 10000, chfOnly: 0 } },
      { outcome: 'matched', pays: false, received: { eur: 13000, chfOnly: 0 } },
    ]);
  });

  it('never pays with francs: a credit without a EUR amount stays partial however much it is', () => {
    expect(settle(10000, none, [{ chf: 50000 }])).toEqual([
      { outcome: 'partial', pays: false, received: { eur: 0, chfOnly: 50000 } },
    ]);
  });
});

describe('receivedOf', () => {
  it('sums stored payments in cents: EUR from foreignAmount, CHF only for those without one', () => {
    expect(
      receivedOf([{ foreignAmount: 60.1, amount: 58 }, { amount: 20.05 }, { foreignAmount: 0.2 }, { amount: 'x' }]),
    ).toEqual({ eur: 6030, chfOnly: 2005 });
  });
});

describe('centsOf', () => {
  it('reads a stored payment as a credit: EUR from foreignAmount, CHF from amount', () => {
    expect(centsOf({ foreignAmount: 1081, amount: 1010.55 })).toEqual({ eur: 108100, chf: 101055 });
    expect(centsOf({ amount: 20 })).toEqual({ chf: 2000 });
    expect(centsOf({ foreignAmount: 'x' })).toEqual({});
  });
});

describe('invoiceToSettle', () => {
  const paid = { invoice: 'i1', direction: 'incoming', foreignAmount: 100, name: 'Zahlung' };

  it('is the invoice of a new incoming payment, of one linked now, or of one whose amount changed', () => {
    expect(invoiceToSettle(paid, undefined)).toBe('i1');
    expect(invoiceToSettle(paid, { ...paid, invoice: undefined })).toBe('i1');
    expect(invoiceToSettle(paid, { ...paid, foreignAmount: 50 })).toBe('i1');
    expect(invoiceToSettle(paid, { ...paid, direction: 'outgoing' })).toBe('i1');
  });

  it('is none for an edit that changes nothing paid, an outgoing payment, or one without an invoice', () => {
    expect(invoiceToSettle({ ...paid, name: 'Umbenannt' }, paid)).toBeUndefined();
    expect(invoiceToSettle({ ...paid, direction: 'outgoing' }, undefined)).toBeUndefined();
    expect(invoiceToSettle({ ...paid, invoice: '' }, undefined)).toBeUndefined();
  });
});

describe('payerOf', () => {
  it('answers the payment that reaches the amount due in EUR, in the order given, or none', () => {
    const a = { _id: 'a', foreignAmount: 60 };
    const b = { _id: 'b', foreignAmount: 50, amount: 47 };
    const c = { _id: 'c', amount: 500 };
    expect(payerOf(10000, [a, b])).toBe(b);
    expect(payerOf(6000, [a, b])).toBe(a);
    expect(payerOf(10000, [a, c])).toBeUndefined();
    expect(payerOf(10000, [])).toBeUndefined();
  });
});

describe('invoiceLeft', () => {
  const paid = { invoice: 'i1', direction: 'incoming', foreignAmount: 100 };

  it('names the invoice an incoming payment no longer pays: unlinked, moved, turned outgoing or deleted', () => {
    expect(invoiceLeft({ ...paid, invoice: undefined }, paid)).toBe('i1');
    expect(invoiceLeft({ ...paid, invoice: 'i2' }, paid)).toBe('i1');
    expect(invoiceLeft({ ...paid, direction: 'outgoing' }, paid)).toBe('i1');
    expect(invoiceLeft(paid, paid, true)).toBe('i1');
  });

  it('names none for a payment still paying it, a new one, or one that paid nothing before', () => {
    expect(invoiceLeft({ ...paid, name: 'renamed' }, paid)).toBeUndefined();
    expect(invoiceLeft(paid, undefined)).toBeUndefined();
    expect(invoiceLeft({ ...paid, invoice: undefined }, { ...paid, direction: 'outgoing' })).toBeUndefined();
  });
});
