import type { StatementEntry } from '../../../shared/api/payment';
import { formatMoney } from '../../../shared/format/money';
import type { SiteConfig } from '../../../shared/generated/types';
import { SYSTEM } from '../../access/caller';
import { createObjectId } from '../../../shared/format/objectId';
import { HttpError } from '../../errors';
import type { Doc, DocumentService, DocumentWrite } from '../documents/service';
import type { Credit } from './camt';
import { creditRefusal } from './creditRefusal';
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

/** How a credit is booked: the invoice is paid now (matched), or it stays open (partial). */
export interface Booking {
  outcome: 'matched' | 'partial';
  entry: StatementEntry;
  /** The id of its incoming transaction (created by `commitBookings`). */
  transaction: string;
  /** What books it: the incoming transaction, then (matched) the invoice paid. */
  writes: DocumentWrite[];
}

/**
 * Plans bookings of credits on invoices, writing nothing (`commitBookings` writes them): per invoice it
 * keeps what its linked incoming transactions come to in EUR cents, and in CHF cents for those with no EUR
 * amount (paid in francs: they cannot count against the euros due); read once per invoice, then kept up to
 * date with the bookings planned, so a second credit of one invoice counts the first.
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
   * spec §3); the invoice is paid once its linked payments reach its gross amount due, and only if it is
   * still the version read here when the booking is written (else 409, nothing booked).
   */
  async function plan(credit: Credit, invoice: Doc): Promise<Booking> {
    const entry = { ...entryOf(credit), invoice: invoice._id, invoiceNumber: Number(invoice.id) };
    const { eur, chf } = creditValues(credit);
    const before = await receivedCents(invoice);
    const client = clientOf(invoice);
    // Its id now: the invoice it pays names it in the same transaction.
    const transaction = createObjectId();
    const writes: DocumentWrite[] = [
      {
        model: 'transaction',
        input: {
          date: credit.date,
          name: `Zahlung Rechnung ${String(invoice.id)}`,
          ...(credit.debtor ? { description: credit.debtor } : {}),
          ...(client?._id ? { client: client._id } : {}),
          ...(chf !== undefined ? { amount: chf } : {}),
          ...(eur !== undefined ? { foreignAmount: eur } : {}),
          direction: 'incoming',
          bankReference: credit.key,
          invoice: invoice._id,
        },
        options: { createWithId: transaction },
      },
    ];
    const total = before.eur + (eur !== undefined ? toCents(eur) : 0);
    const chfOnly = before.chfOnly + (eur === undefined && chf !== undefined ? toCents(chf) : 0);
    received.set(invoice._id, { eur: total, chfOnly });
    const amountDue = due(invoice);
    // Paid once the linked payments reach the gross amount due (half a cent of tolerance).
    if (eur !== undefined && total / 100 + 0.005 >= amountDue) {
      // The import links both sides itself (the server's write): the mirror of people's edits
      // (x-inverse, documents/inverse.ts) would unlink a payment the invoice named before, which counts towards it too.
      writes.push({
        model: 'invoice',
        input: {
          _id: invoice._id,
          status: 'paid',
          transaction,
          ...(invoice._version !== undefined ? { _version: invoice._version } : {}),
        },
      });
      const over = total - toCents(amountDue);
      return {
        outcome: 'matched',
        transaction,
        writes,
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
      transaction,
      writes,
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
  return { plan };
}

/** A planned booking, with its credit and where that credit is (`credit 2 of 5`, for the refusal). */
export interface PlannedBooking {
  credit: Credit;
  place: string;
  booking: Booking;
}

/**
 * Writes planned bookings in one database transaction: every incoming transaction and every invoice paid,
 * or nothing at all; the realtime events go out after the commit. A refused write (validation, an invoice
 * changed meanwhile, a credit another import booked meanwhile: its bank id is unique among live
 * transactions) refuses the whole import with its status, naming the credit. Any other failure (the
 * database gone) rolls everything back too.
 */
export async function commitBookings(documents: DocumentService, planned: PlannedBooking[]): Promise<void> {
  const writes = planned.flatMap((one) => one.booking.writes.map((write) => ({ write, one })));
  if (writes.length === 0) return;
  try {
    await documents.saveAll(
      SYSTEM,
      writes.map(({ write }) => write),
    );
  } catch (error) {
    const index = error instanceof HttpError ? error.details.index : undefined;
    const failed = typeof index === 'number' ? writes[index] : undefined;
    if (!failed || !(error instanceof HttpError)) throw error;
    const { one, write } = failed;
    throw creditRefusal(
      one.place,
      one.credit,
      write.model === 'invoice'
        ? { model: 'invoice', invoiceNumber: Number(one.booking.entry.invoiceNumber) }
        : { model: 'transaction' },
      error,
    );
  }
}
