import type { StatementEntry } from '../../../shared/api/payment';
import { formatMoney } from '../../../shared/format/money';
import type { SiteConfig } from '../../../shared/generated/types';
import { SYSTEM } from '../../access/caller';
import { conflict } from '../../errors';
import type { Doc, DocumentService } from '../documents/service';
import type { Credit } from './camt';
import { totals } from './pdf';

const toCents = (value: number) => Math.round(value * 100);
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const sameName = (a: string | undefined, b: string | undefined) =>
  !!a && !!b && a.trim().toLocaleLowerCase('de') === b.trim().toLocaleLowerCase('de');

/** The invoice's client as populated (`populate: ['client']`). */
export const clientOf = (invoice: Doc) => invoice.client as { _id?: string; name?: string } | undefined;

/** What a credit is worth in EUR and in CHF: the booked amount, or the counter value the file gives. */
export function creditValues(credit: Credit): { eur?: number; chf?: number } {
  return {
    eur: credit.currency === 'EUR' ? credit.amount : credit.equivalents?.EUR,
    chf: credit.currency === 'CHF' ? credit.amount : credit.equivalents?.CHF,
  };
}

/** What the bank statement shows of a credit, before anything is booked. */
export function entryOf(credit: Credit): StatementEntry {
  return {
    amount: credit.amount,
    currency: credit.currency,
    date: credit.date,
    ...(credit.reference ? { reference: credit.reference } : {}),
    ...(credit.debtor ? { debtor: credit.debtor } : {}),
  };
}

/** The gross amount due of an invoice (EUR), with the VAT of the site configuration's billing. */
export async function amountDue(documents: DocumentService): Promise<(invoice: Doc) => number> {
  const config = (await documents.find(SYSTEM, 'siteConfig', { limit: 1, sort: { _createdAt: 1 } })).results[0] as
    (Doc & SiteConfig) | undefined;
  const vat = config?.billing?.vatNumber ? config.billing.vatRate : undefined;
  return (invoice) =>
    totals({
      items: ((invoice.items ?? []) as { count?: number; price?: number }[]).map((item) => ({
        name: '',
        count: Number(item.count ?? 1),
        price: Number(item.price ?? 0),
      })),
      vatRate: vat,
      creditor: { name: '', zip: '', city: '', country: '', vatNumber: config?.billing?.vatNumber },
    }).gross;
}

/**
 * Why a credit without a reference does not pay this invoice by amount and name (the import's suggestion):
 * undefined when it does, so a person may book it.
 */
export function suggestionProblem(credit: Credit, invoice: Doc, due: number): string | undefined {
  const label = `Invoice ${String(invoice.id)}`;
  const { eur } = creditValues(credit);
  if (credit.reference) return 'The credit has a reference: the import books it by its reference';
  if (eur === undefined) return `The credit is in ${credit.currency || 'an unknown currency'} without a EUR amount`;
  if (invoice.status !== 'open') return `${label} is no longer open`;
  if (Math.abs(due - eur) >= 0.005)
    return `${label} is due ${formatMoney(due, 'EUR')}, not the ${formatMoney(eur, 'EUR')} of the credit`;
  const client = clientOf(invoice)?.name;
  if (!sameName(client, credit.debtor))
    return `${label} is made out to ${client ?? 'no client'}, not to the payer ${credit.debtor ?? '(unnamed)'}`;
  return undefined;
}

/** How a credit was booked: the invoice is paid now (matched), or it stays open (partial). */
export interface Booking {
  outcome: 'matched' | 'partial';
  entry: StatementEntry;
  transaction: string;
}

/**
 * Books credits on invoices: per invoice it keeps what its linked incoming transactions come to in EUR
 * cents, and in CHF cents for those with no EUR amount (paid in francs: they cannot count against the
 * euros due); read once per invoice, then kept up to date.
 */
export function createBooker(documents: DocumentService, due: (invoice: Doc) => number) {
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

  /**
   * The credit as an incoming transaction linked to the invoice (CHF in `amount`, EUR in `foreignAmount`,
   * spec §3); the invoice is paid once its linked payments reach its gross amount due. With
   * `invoiceVersion`, the invoice is paid only if it is still that version (else 409). Nothing half done,
   * nothing booked twice: when another transaction carries the same bank id (two bookings of one credit at
   * once) or the invoice cannot be saved as paid, the new transaction goes again (409).
   */
  async function book(credit: Credit, invoice: Doc, options: { invoiceVersion?: number } = {}): Promise<Booking> {
    const entry = { ...entryOf(credit), invoice: invoice._id, invoiceNumber: Number(invoice.id) };
    const { eur, chf } = creditValues(credit);
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
    const undo = async (error: unknown): Promise<never> => {
      received.set(invoice._id, before);
      await documents.remove(SYSTEM, 'transaction', transaction._id);
      throw error;
    };
    const twins = await documents.find(SYSTEM, 'transaction', { query: { bankReference: credit.key }, limit: 2 });
    if (twins.results.length > 1) await undo(conflict('This credit was booked meanwhile; reload and check it'));
    const total = before.eur + (eur !== undefined ? toCents(eur) : 0);
    const chfOnly = before.chfOnly + (eur === undefined && chf !== undefined ? toCents(chf) : 0);
    received.set(invoice._id, { eur: total, chfOnly });
    const amountDue = due(invoice);
    // Paid once the linked payments reach the gross amount due (half a cent of tolerance).
    if (eur !== undefined && total / 100 + 0.005 >= amountDue) {
      // The import links both sides itself (the server's write): the mirror of people's edits
      // (paymentLinks.ts) would unlink a payment the invoice named before, which counts towards it too.
      try {
        await documents.save(SYSTEM, 'invoice', {
          _id: invoice._id,
          status: 'paid',
          transaction: transaction._id,
          ...(options.invoiceVersion !== undefined ? { _version: options.invoiceVersion } : {}),
        });
      } catch (error) {
        await undo(error);
      }
      const over = total - toCents(amountDue);
      return {
        outcome: 'matched',
        transaction: transaction._id,
        entry: {
          ...entry,
          // More than was due: paid, but someone has to give the rest back or keep it on account.
          ...(over > 0
            ? { reason: `${formatMoney(over / 100, 'EUR')} more than the ${formatMoney(amountDue, 'EUR')} due` }
            : {}),
        },
      };
    }
    return {
      outcome: 'partial',
      transaction: transaction._id,
      entry: {
        ...entry,
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
      },
    };
  }
  return { book };
}
