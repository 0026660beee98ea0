import { formatDate } from '../../../shared/format/date';
import { formatAmount, formatMoney } from '../../../shared/format/money';
import { HttpError } from '../../errors';
import type { Credit } from './camt';

/** The day as people write it; as the file gives it when it is no day of the calendar (30 February). */
function dayOf(date: string): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === date ? formatDate(date) : date;
}

/** A credit as people find it in their bank statement: amount, date, payer, reference and the bank's id. */
export function describeCredit(credit: Credit): string {
  const amount =
    credit.currency === 'EUR' || credit.currency === 'CHF'
      ? formatMoney(credit.amount, credit.currency)
      : formatAmount(credit.amount, credit.currency);
  return [
    `${amount} of ${dayOf(credit.date)}`,
    credit.debtor,
    credit.reference && `reference ${credit.reference}`,
    credit.bankId && `bank id ${credit.key}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** What the import wrote for a credit when the write failed: its transaction, or the invoice it paid. */
export type FailedWrite = { model: 'transaction' } | { model: 'invoice'; invoiceNumber: number };

/**
 * The refusal of a whole import (nothing was booked) for the write of one credit that failed, with the
 * failure's status: which credit (`place`, e.g. 'credit 2 of 5', and what the statement shows of it), and why.
 */
export function creditRefusal(place: string, credit: Credit, write: FailedWrite, error: HttpError): HttpError {
  // The unique bank id (x-unique): another import booked this credit after this one looked.
  const why =
    write.model === 'transaction' && error.status === 409 && error.message === 'bankReference already exists'
      ? 'was booked meanwhile (by another import); import the file again to see what is left'
      : write.model === 'transaction'
        ? `was refused: ${error.message}`
        : `could not pay invoice ${write.invoiceNumber}: ${error.message}`;
  return new HttpError(error.status, `Nothing was booked: ${place} (${describeCredit(credit)}) ${why}`);
}
