import type { BankStatementAnswer, StatementEntry } from '../../../shared/api/payment';
import type { SiteConfig } from '../../../shared/generated/types';
import { SYSTEM, type Caller } from '../../access/caller';
import { badRequest } from '../../errors';
import type { Doc, DocumentService } from '../documents/service';
import { parseCamt, type Credit } from './camt';
import { totals } from './pdf';
import { assertPayment } from './reports';

/** The invoice number a structured reference of ours carries (see qrReference.ts), if it is one. */
export function invoiceNumberOf(reference: string): number | undefined {
  if (/^\d{27}$/.test(reference)) return Number(reference.slice(0, 26));
  const scor = /^RF\d{2}INV(\d+)$/i.exec(reference);
  return scor ? Number(scor[1]) : undefined;
}

const sameName = (a: string | undefined, b: string | undefined) =>
  !!a && !!b && a.trim().toLocaleLowerCase('de') === b.trim().toLocaleLowerCase('de');

/**
 * Imports a camt.053/054 file (POST /api/payment/bankStatement): each credit whose reference is one of
 * our invoices pays it (the invoice becomes paid and gets an incoming transaction with the booked amount
 * and date); a credit without a reference but with an open invoice's exact amount and the client's name
 * is only suggested. A booking already imported (its bank id is on a transaction) is not booked again.
 * The whole file is read and checked before anything is written: a malformed file changes nothing.
 */
export async function importBankStatement(
  documents: DocumentService,
  caller: Caller,
  xml: unknown,
): Promise<BankStatementAnswer> {
  assertPayment(caller, 'import bank statements');
  if (typeof xml !== 'string' || !xml.trim()) throw badRequest('Send the camt.053 or camt.054 file as an XML body');
  let credits: Credit[];
  try {
    credits = parseCamt(xml);
  } catch (error) {
    throw badRequest(`Bank statement not readable: ${(error as Error).message}`);
  }
  const config = (await documents.find(SYSTEM, 'siteConfig', { limit: 1, sort: { _createdAt: 1 } })).results[0] as
    (Doc & SiteConfig) | undefined;
  const vat = config?.billing?.vatNumber ? config.billing.vatRate : undefined;
  const { results: open } = await documents.find(caller, 'invoice', {
    query: { status: 'open' },
    limit: 5000,
    populate: ['client'],
  });
  const due = (invoice: Doc) =>
    totals({
      items: ((invoice.items ?? []) as { count?: number; price?: number }[]).map((item) => ({
        name: '',
        count: Number(item.count ?? 1),
        price: Number(item.price ?? 0),
      })),
      vatRate: vat,
      creditor: { name: '', zip: '', city: '', country: '', vatNumber: config?.billing?.vatNumber },
    }).gross;
  const clientOf = (invoice: Doc) => invoice.client as { _id?: string; name?: string } | undefined;

  const answer: BankStatementAnswer = { matched: [], suggested: [], unmatched: [], alreadyBooked: 0 };
  const paid = new Set<string>();
  for (const credit of credits) {
    const booked = await documents.find(SYSTEM, 'transaction', { query: { bankReference: credit.key }, limit: 1 });
    if (booked.results.length > 0) {
      answer.alreadyBooked++;
      continue;
    }
    const entry: StatementEntry = {
      amount: credit.amount,
      currency: credit.currency,
      date: credit.date,
      ...(credit.reference ? { reference: credit.reference } : {}),
      ...(credit.debtor ? { debtor: credit.debtor } : {}),
    };
    const number = credit.reference ? invoiceNumberOf(credit.reference) : undefined;
    const invoice =
      credit.reference &&
      open.find(
        (candidate) =>
          !paid.has(candidate._id) && (candidate.reference === credit.reference || Number(candidate.id) === number),
      );
    if (invoice) {
      const client = clientOf(invoice);
      const transaction = await documents.save(SYSTEM, 'transaction', {
        date: credit.date,
        name: `Zahlung Rechnung ${String(invoice.id)}`,
        ...(credit.debtor ? { description: credit.debtor } : {}),
        ...(client?._id ? { client: client._id } : {}),
        amount: credit.amount,
        direction: 'incoming',
        bankReference: credit.key,
        invoice: invoice._id,
      });
      await documents.save(caller, 'invoice', { _id: invoice._id, status: 'paid', transaction: transaction._id });
      paid.add(invoice._id);
      answer.matched.push({ ...entry, invoice: invoice._id, invoiceNumber: Number(invoice.id) });
      continue;
    }
    const suggestion = credit.reference
      ? undefined
      : open.find(
          (candidate) =>
            !paid.has(candidate._id) &&
            Math.abs(due(candidate) - credit.amount) < 0.005 &&
            sameName(clientOf(candidate)?.name, credit.debtor),
        );
    if (suggestion) answer.suggested.push({ ...entry, invoice: suggestion._id, invoiceNumber: Number(suggestion.id) });
    else answer.unmatched.push(entry);
  }
  return answer;
}
