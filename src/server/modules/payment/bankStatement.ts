import type { BankStatementAnswer, StatementEntry } from '../../../shared/api/payment';
import type { SiteConfig } from '../../../shared/generated/types';
import { SYSTEM, type Caller } from '../../access/caller';
import { badRequest } from '../../errors';
import { formatMoney } from '../../../shared/format/money';
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

const toCents = (value: number) => Math.round(value * 100);
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const sameName = (a: string | undefined, b: string | undefined) =>
  !!a && !!b && a.trim().toLocaleLowerCase('de') === b.trim().toLocaleLowerCase('de');

/**
 * Imports a camt.053/054 file (POST /api/payment/bankStatement): each credit whose reference is one of
 * our open invoices is booked as an incoming transaction linked to it (CHF in `amount`, EUR in
 * `foreignAmount`, the other one too when the file gives the counter value or exchange rate). The invoice
 * becomes paid once its linked payments reach the gross amount due in EUR; until then the credit is
 * reported as partial and the invoice stays open. A credit without a reference but with an open invoice's
 * exact amount and the client's name is only suggested; credits in other currencies are not booked. A booking already imported (its bank id is on a transaction) is not booked again.
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

  const answer: BankStatementAnswer = { matched: [], partial: [], suggested: [], unmatched: [], alreadyBooked: 0 };
  const paid = new Set<string>();
  /**
   * Per invoice: what its linked incoming transactions come to in EUR cents, and in CHF cents for those
   * with no EUR amount (paid in francs: they cannot count against the euros due). Read once, then kept up to date.
   */
  const received = new Map<string, { eur: number; chfOnly: number }>();
  const receivedCents = async (invoice: Doc) => {
    const known = received.get(invoice._id);
    if (known !== undefined) return known;
    const { results } = await documents.find(SYSTEM, 'transaction', {
      query: { invoice: invoice._id, direction: 'incoming' },
      limit: 1000,
    });
    const sum = { eur: 0, chfOnly: 0 };
    for (const payment of results) {
      if (isAmount(payment.foreignAmount)) sum.eur += toCents(payment.foreignAmount);
      else if (isAmount(payment.amount)) sum.chfOnly += toCents(payment.amount);
    }
    return sum;
  };
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
    const named = invoice ? { invoice: invoice._id, invoiceNumber: Number(invoice.id) } : {};
    if (credit.currency !== 'CHF' && credit.currency !== 'EUR') {
      answer.unmatched.push({
        ...entry,
        ...named,
        reason: `Not booked: a credit in ${credit.currency || 'an unknown currency'} (only CHF and EUR are booked); book it by hand`,
      });
      continue;
    }
    // Transactions keep CHF in amount and EUR in foreignAmount (spec §3); invoices are in EUR.
    const eur = credit.currency === 'EUR' ? credit.amount : credit.equivalents?.EUR;
    const chf = credit.currency === 'CHF' ? credit.amount : credit.equivalents?.CHF;
    if (invoice) {
      const before = await receivedCents(invoice);
      const client = clientOf(invoice);
      const transaction = await documents.save(SYSTEM, 'transaction', {
        date: credit.date,
        name: `Zahlung Rechnung ${String(invoice.id)}`,
        ...(credit.debtor ? { description: credit.debtor } : {}),
        ...(client?._id ? { client: client._id } : {}),
        ...(chf !== undefined ? { amount: chf } : {}),
        ...(eur !== undefined ? { foreignAmount: eur } : {}),
        direction: 'incoming',
        bankReference: credit.key,
        invoice: invoice._id,
      });
      const total = before.eur + (eur !== undefined ? toCents(eur) : 0);
      const chfOnly = before.chfOnly + (eur === undefined && chf !== undefined ? toCents(chf) : 0);
      received.set(invoice._id, { eur: total, chfOnly });
      const amountDue = due(invoice);
      // Paid once the linked payments reach the gross amount due (half a cent of tolerance).
      if (eur !== undefined && total / 100 + 0.005 >= amountDue) {
        // The import links both sides itself (the server's write): the mirror of people's edits
        // (paymentLinks.ts) would unlink a payment the invoice named before, which counts towards it too.
        await documents.save(SYSTEM, 'invoice', { _id: invoice._id, status: 'paid', transaction: transaction._id });
        paid.add(invoice._id);
        const over = total - toCents(amountDue);
        answer.matched.push({
          ...entry,
          ...named,
          // More than was due: paid, but someone has to give the rest back or keep it on account.
          ...(over > 0
            ? { reason: `${formatMoney(over / 100, 'EUR')} more than the ${formatMoney(amountDue, 'EUR')} due` }
            : {}),
        });
      } else {
        answer.partial.push({
          ...entry,
          ...named,
          due: toCents(amountDue) / 100,
          received: total / 100,
          ...(eur === undefined
            ? {
                reason:
                  'Paid in CHF: cannot be compared with the invoice in EUR; check it and set the invoice paid by hand',
              }
            : chfOnly > 0
              ? {
                  reason: `Also linked: ${formatMoney(chfOnly / 100, 'CHF')} paid in CHF, not counted against the EUR due; check it and set the invoice paid by hand`,
                }
              : {}),
        });
      }
      continue;
    }
    // No reference: an open invoice of the payer's name with exactly this amount due is suggested, not booked.
    const candidates =
      credit.reference || eur === undefined
        ? []
        : open.filter(
            (candidate) =>
              !paid.has(candidate._id) &&
              Math.abs(due(candidate) - eur) < 0.005 &&
              sameName(clientOf(candidate)?.name, credit.debtor),
          );
    // The oldest first: the one a payer most likely settles.
    const [suggestion, ...others] = candidates.sort((a, b) => Number(a.id) - Number(b.id));
    if (suggestion)
      answer.suggested.push({
        ...entry,
        invoice: suggestion._id,
        invoiceNumber: Number(suggestion.id),
        ...(others.length
          ? {
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
  return answer;
}
