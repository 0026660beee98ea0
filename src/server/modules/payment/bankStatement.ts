import type { BankStatementAnswer, SuggestionBooking } from '../../../shared/api/payment';
import { SYSTEM, type Caller } from '../../access/caller';
import { badRequest, conflict } from '../../errors';
import type { DocumentService } from '../documents/service';
import {
  amountDue,
  commitBookings,
  createBooker,
  entryOf,
  suggestionProblem,
  type PlannedBooking,
} from './bankBooking';
import { parseCamt, type Credit } from './camt';
import { assertPayment } from './reports';

/** The invoice number a structured reference of ours carries (see qrReference.ts), if it is one. */
export function invoiceNumberOf(reference: string): number | undefined {
  if (/^\d{27}$/.test(reference)) return Number(reference.slice(0, 26));
  const scor = /^RF\d{2}INV(\d+)$/i.exec(reference);
  return scor ? Number(scor[1]) : undefined;
}

/** The credits of the file, or a 400 naming why it cannot be read. */
function creditsOf(xml: unknown): Credit[] {
  if (typeof xml !== 'string' || !xml.trim()) throw badRequest('Send the camt.053 or camt.054 file as an XML body');
  try {
    return parseCamt(xml);
  } catch (error) {
    throw badRequest(`Bank statement not readable: ${(error as Error).message}`);
  }
}

/** Has an earlier import (or a confirmed suggestion) booked this credit? */
async function isBooked(documents: DocumentService, credit: Credit): Promise<boolean> {
  const booked = await documents.find(SYSTEM, 'transaction', { query: { bankReference: credit.key }, limit: 1 });
  return booked.results.length > 0;
}

/**
 * Imports a camt.053/054 file (POST /api/payment/bankStatement): each credit whose reference is one of
 * our open invoices is booked as an incoming transaction linked to it (CHF in `amount`, EUR in
 * `foreignAmount`, the other one too when the file gives the counter value or exchange rate). The invoice
 * becomes paid once its linked payments reach the gross amount due in EUR; until then the credit is
 * reported as partial and the invoice stays open. A credit without a reference but with an open invoice's
 * exact amount and the client's name is only suggested (a person confirms it: `confirmSuggestion`); credits
 * in other currencies are not booked. A booking already imported (its bank id is on a transaction) is not
 * booked again (nor twice when the file holds it twice). The whole file is read and checked, and every
 * booking planned, before anything is written; then all are written in one database transaction (see
 * `commitBookings`): a malformed file or a refused booking changes nothing, and the refusal names the credit.
 */
export async function importBankStatement(
  documents: DocumentService,
  caller: Caller,
  xml: unknown,
): Promise<BankStatementAnswer> {
  assertPayment(caller, 'import bank statements');
  const credits = creditsOf(xml);
  const due = await amountDue(documents);
  const { plan } = createBooker(documents, due);
  const { results: open } = await documents.find(caller, 'invoice', {
    query: { status: 'open' },
    limit: 5000,
    populate: ['client'],
  });

  const answer: BankStatementAnswer = { matched: [], partial: [], suggested: [], unmatched: [], alreadyBooked: 0 };
  const paid = new Set<string>();
  const planned: PlannedBooking[] = [];
  // Bank ids booked by this import: a file holding a credit twice books it once.
  const bookedHere = new Set<string>();
  for (const [index, credit] of credits.entries()) {
    if (bookedHere.has(credit.key) || (await isBooked(documents, credit))) {
      answer.alreadyBooked++;
      continue;
    }
    const entry = entryOf(credit);
    const number = credit.reference ? invoiceNumberOf(credit.reference) : undefined;
    const invoice =
      credit.reference &&
      open.find(
        (candidate) =>
          !paid.has(candidate._id) && (candidate.reference === credit.reference || Number(candidate.id) === number),
      );
    if (credit.currency !== 'CHF' && credit.currency !== 'EUR') {
      answer.unmatched.push({
        ...entry,
        ...(invoice ? { invoice: invoice._id, invoiceNumber: Number(invoice.id) } : {}),
        reason: `Not booked: a credit in ${credit.currency || 'an unknown currency'} (only CHF and EUR are booked); book it by hand`,
      });
      continue;
    }
    if (invoice) {
      const booked = await plan(credit, invoice);
      if (booked.outcome === 'matched') paid.add(invoice._id);
      bookedHere.add(credit.key);
      planned.push({ credit, place: `credit ${index + 1} of ${credits.length}`, booking: booked });
      continue;
    }
    // No reference: an open invoice of the payer's name with exactly this amount due is suggested, not booked.
    const candidates = open.filter(
      (candidate) => !paid.has(candidate._id) && !suggestionProblem(credit, candidate, due(candidate)),
    );
    // The oldest first: the one a payer most likely settles.
    const [suggestion, ...others] = candidates.sort((a, b) => Number(a.id) - Number(b.id));
    if (suggestion)
      answer.suggested.push({
        ...entry,
        credit: credit.key,
        invoice: suggestion._id,
        invoiceNumber: Number(suggestion.id),
        ...(others.length
          ? {
              alternatives: others.map((other) => ({ invoice: other._id, invoiceNumber: Number(other.id) })),
              reason: `Invoice${others.length > 1 ? 's' : ''} ${others.map((other) => String(other.id)).join(', ')} of this client ${others.length > 1 ? 'are' : 'is'} open with the same amount: check which one it pays`,
            }
          : {}),
      });
    else if (number !== undefined)
      answer.unmatched.push({
        ...entry,
        reason: `Not booked: no open invoice has number ${number} (already paid, or deleted); check it and book it by hand`,
      });
    else answer.unmatched.push(entry);
  }
  // What was booked: another import may have paid part of an invoice meanwhile.
  for (const { booking } of await commitBookings(documents, planned)) answer[booking.outcome].push(booking.entry);
  return answer;
}

/**
 * Books a suggested credit on an invoice a person chose (POST /api/payment/bankStatement/suggestion, the
 * same file again): as the import books a credit with its reference, once the pair still fits as the
 * import suggested it. The credit must be in the file and not booked yet (409), the invoice still open
 * with exactly the credit's amount due and the payer's name (409 saying what changed), and it must not
 * change between this check and its payment (409, nothing booked).
 */
export async function confirmSuggestion(
  documents: DocumentService,
  caller: Caller,
  xml: unknown,
  request: { credit: string; invoice: string },
): Promise<SuggestionBooking> {
  assertPayment(caller, 'book bank statement credits');
  const credit = creditsOf(xml).find((candidate) => candidate.key === request.credit);
  if (!credit) throw badRequest(`credit: the file holds no credit ${request.credit}`);
  if (await isBooked(documents, credit)) throw conflict('This credit is booked already (by an import or by hand)');
  const invoice = await documents.findById(caller, 'invoice', request.invoice, { populate: ['client'] });
  const due = await amountDue(documents);
  const problem = suggestionProblem(credit, invoice, due(invoice));
  if (problem) throw conflict(`Not booked: ${problem}`);
  const booking = await createBooker(documents, due).plan(credit, invoice);
  const [booked] = await commitBookings(documents, [{ credit, place: 'the credit', booking }]);
  return { outcome: booked.booking.outcome, entry: booked.booking.entry };
}
