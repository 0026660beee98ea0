import { describe, expect, it } from 'vitest';
import type { BankStatementAnswer } from '../../shared/api/payment';
import { holdsNoCredit, withBooked, without } from './statementAnswer';

const entry = (credit: string, invoice: string) => ({
  amount: 100,
  currency: 'EUR',
  date: '2026-04-09',
  credit,
  invoice,
});

describe('withBooked', () => {
  const answer: BankStatementAnswer = {
    matched: [entry('M-1', 'a')],
    partial: [],
    suggested: [entry('S-1', 'b'), entry('S-2', 'c')],
    unmatched: [],
    alreadyBooked: 2,
  };

  it('moves the booked credit from Suggested to Matched, leaving the others and the original as they are', () => {
    const booked = { amount: 100, currency: 'EUR', date: '2026-04-09', invoice: 'b', invoiceNumber: 7 };
    const next = withBooked(answer, 'S-1', 'matched', booked);
    expect(next.suggested.map((s) => s.credit)).toEqual(['S-2']);
    expect(next.matched).toEqual([answer.matched[0], booked]);
    expect(next.alreadyBooked).toBe(2);
    expect(answer.suggested).toHaveLength(2);
  });

  it('puts a booking that left the invoice open under Partly paid', () => {
    const next = withBooked(answer, 'S-2', 'partial', entry('S-2', 'c'));
    expect(next.partial).toHaveLength(1);
    expect(next.matched).toHaveLength(1);
  });
});

describe('without', () => {
  it('leaves out one key and keeps the record as it was', () => {
    const record = { a: 1, b: 2 };
    expect(without(record, 'a')).toEqual({ b: 2 });
    expect(record).toEqual({ a: 1, b: 2 });
  });
});

describe('holdsNoCredit', () => {
  const none: BankStatementAnswer = { matched: [], partial: [], suggested: [], unmatched: [], alreadyBooked: 0 };
  it('is true only when the file gave no credit at all, booked before or not', () => {
    expect(holdsNoCredit(none)).toBe(true);
    expect(holdsNoCredit({ ...none, alreadyBooked: 1 })).toBe(false);
    expect(holdsNoCredit({ ...none, unmatched: [entry('U-1', 'x')] })).toBe(false);
  });
});
