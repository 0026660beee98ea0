import { describe, expect, it } from 'vitest';
import { badRequest, conflict, HttpError } from '../../errors';
import { creditRefusal, describeCredit } from './creditRefusal';

const credit = {
  key: 'BANK-7',
  bankId: true as const,
  amount: 1081,
  currency: 'EUR',
  date: '2026-04-09',
  reference: 'RF18INV12',
  debtor: 'Rheinblick AG',
};

describe('describeCredit', () => {
  it('names amount, date, payer, reference and the bank id', () => {
    expect(describeCredit(credit)).toBe('1.081,00 € of 09.04.2026, Rheinblick AG, reference RF18INV12, bank id BANK-7');
  });

  it('leaves out what the credit lacks and a key made up from its content, and gives a day that does not exist as sent', () => {
    const bare = { key: '2026-04-09|12|USD|||0', amount: 12, currency: 'USD', date: '2026-02-30' };
    expect(describeCredit(bare)).toBe('12,00 USD of 2026-02-30');
    expect(describeCredit({ ...bare, currency: 'CHF', date: '2026-02-28' })).toBe('12,00 CHF of 28.02.2026');
    expect(describeCredit({ ...bare, date: '2026-13-01' })).toBe('12,00 USD of 2026-13-01');
  });
});

describe('creditRefusal', () => {
  const place = 'credit 2 of 3';
  const prefix =
    'Nothing was booked: credit 2 of 3 (1.081,00 € of 09.04.2026, Rheinblick AG, reference RF18INV12, bank id BANK-7)';

  it('keeps the status and says the transaction was refused', () => {
    const refusal = creditRefusal(place, credit, { model: 'transaction' }, badRequest('date: must be a date'));
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal.status).toBe(400);
    expect(refusal.message).toBe(`${prefix} was refused: date: must be a date`);
  });

  it('says a bank id taken meanwhile was booked by another import', () => {
    const refusal = creditRefusal(place, credit, { model: 'transaction' }, conflict('bankReference already exists'));
    expect(refusal.status).toBe(409);
    expect(refusal.message).toBe(
      `${prefix} was booked meanwhile (by another import); import the file again to see what is left`,
    );
  });

  it('names the invoice it could not pay', () => {
    const refusal = creditRefusal(place, credit, { model: 'invoice', invoiceNumber: 12 }, conflict('Invoice changed'));
    expect(refusal.message).toBe(`${prefix} could not pay invoice 12: Invoice changed`);
  });
});
