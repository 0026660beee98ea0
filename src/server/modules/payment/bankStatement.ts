import type { BankStatementAnswer, SuggestionBooking } from '../../../shared/api/payment';
import { SYSTEM, type Caller } from '../../access/caller';
import { OPTION_LIMIT } from '../../../shared/rules/constants';
import { badRequest, conflict, HttpError } from '../../errors';
import type { DocumentService } from '../documents/service';
import {
  amountDue,
  commitBookings,
  createBooker,
  creditValues,
  entryOf,
  suggestionProblem,
  type PlannedBooking,
} from './bankBooking';
import { parseCamt, type Credit } from './camt';
import { chunks, openInvoiceIndex, openInvoices } from './openInvoices';
import { assertPayment } from './reports';

/** The invoice number a structured reference of ours carries (see qrReference.ts), if it is one. */
export function invoiceNumberOf(reference: string): number | undefined {
  if (/^\d{27}$/.test(reference)) return Number(reference.slice(0, 26));
  const scor = /^RF\d{2}INV(\d+)$/i.exec(reference);
  return scor ? Number(scor[1]) : undefined;
}

/**
 * The most entries one statement may hold: real ones hold hundreds; each credit is checked and may be
 * written, and PGlite answers no other request meanwhile.
 */
export const MAX_STATEMENT_ENTRIES = 10_000;

/** How many bank ids one lookup asks for (a find answers at most OPTION_LIMIT, and each id is on one live transaction). */
const LOOKUP_CHUNK = OPTION_LIMIT;

/** How many entries (Ntry elements, credits and debits) the file holds, counted without parsing it. */
export const entryCount = (xml: string) => xml.match(/<(?:[\w.-]+:)?Ntry[\s/>]/g)?.length ?? 0;

/** The credits of the file, or a 400 naming why it cannot be read (a 413 when it holds too many entries). */
function creditsOf(xml: unknown): Credit[] {
  if (typeof xml !== 'string' || !xml.trim()) throw badRequest('Send the camt.053 or camt.054 file as an XML body');
  // Counted before parsing: a file of 100,000 entries is refused before it costs anything.
  const entries = entryCount(xml);
  if (entries > MAX_STATEMENT_ENTRIES)
    throw new HttpError(
      413,
      `The bank statement holds ${entries} entries; at most ${MAX_STATEMENT_ENTRIES} are imported at once: split it`,
    );
  let credits: Credit[];
  try {
    credits = parseCamt(xml);
  } catch (error) {
    throw badRequest(`Bank statement not readable: ${(error as Error).message}`);
  }
  // One entry may book several transactions (a batch booking): their number is capped too.
  if (credits.length > MAX_STATEMENT_ENTRIES)
    throw new HttpError(
      413,
      `The bank statement holds ${credits.length} credits; at most ${MAX_STATEMENT_ENTRIES} are imported at once: split it`,
    );
  return credits;
}

/** The bank ids among `keys` that an earlier import (or a confirmed suggestion) booked: a few lookups, not one per credit. */
async function bookedKeys(documents: DocumentService, keys: readonly string[]): Promise<Set<string>> {
  const booked = new Set<string>();
  for (const chunk of chunks([...new Set(keys)], LOOKUP_CHUNK)) {
    const { results } = await documents.find(SYSTEM, 'transaction', {
      query: { bankReference: { $in: chunk } },
      fields: ['bankReference'],
      limit: chunk.length,
    });
    for (const transaction of results) booked.add(String(transaction.bankReference));
  }
  return booked;
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
  const invoices = openInvoiceIndex(await openInvoices(documents, caller), due);
  const bookedBefore = await bookedKeys(
    documents,
    credits.map((credit) => credit.key),
  );

  const answer: BankStatementAnswer = { matched: [], partial: [], suggested: [], unmatched: [], alreadyBooked: 0 };
  const paid = new Set<string>();
  const planned: PlannedBooking[] = [];
  // Bank ids booked by this import: a file holding a credit twice books it once.
  const bookedHere = new Set<string>();
  for (const [index, credit] of credits.entries()) {
    if (bookedHere.has(credit.key) || bookedBefore.has(credit.key)) {
      answer.alreadyBooked++;
      continue;
    }
    const entry = entryOf(credit);
    const number = credit.reference ? invoiceNumberOf(credit.reference) : undefined;
    const invoice = credit.reference ? invoices.byReference(credit.reference, number, paid) : undefined;
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
    const { eur } = creditValues(credit);
    const candidates = (credit.reference || eur === undefined ? [] : invoices.dueAbout(eur)).filter(
      (candidate) => !paid.has(candidate._id) && !suggestionProblem(credit, candidate, invoices.due(candidate)),
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
  if ((await bookedKeys(documents, [credit.key])).size > 0)
    throw conflict('This credit is booked already (by an import or by hand)');
  const invoice = await documents.findById(caller, 'invoice', request.invoice, { populate: ['client'] });
  const due = await amountDue(documents);
  const problem = suggestionProblem(credit, invoice, due(invoice));
  if (problem) throw conflict(`Not booked: ${problem}`);
  const booking = await createBooker(documents, due).plan(credit, invoice);
  const [booked] = await commitBookings(documents, [{ credit, place: 'the credit', booking }]);
  return { outcome: booked.booking.outcome, entry: booked.booking.entry };
}
