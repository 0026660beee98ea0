import type { StatementEntry } from '../../../shared/api/payment';
import { formatMoney } from '../../../shared/format/money';
import type { SiteConfig } from '../../../shared/generated/types';
import { SYSTEM } from '../../access/caller';
import { createObjectId } from '../../../shared/format/objectId';
import { conflict, HttpError } from '../../errors';
import type { Doc, DocumentService, DocumentWrite, TransactionReader } from '../documents/service';
import type { Credit } from './camt';
import { creditRefusal } from './creditRefusal';
import { receivedOf, settle, toCents, type CreditCents, type Received, type Settlement } from './settlement';
import { totals } from './pdf';

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
  return dueWith(config);
}

/** The gross amount due of an invoice (EUR) under this site configuration (its billing's VAT, if it has a VAT number). */
export function dueWith(config: SiteConfig | undefined): (invoice: Doc) => number {
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
  /** As planned; `commitBookings` answers what was booked (other imports may have paid meanwhile). */
  outcome: 'matched' | 'partial';
  entry: StatementEntry;
  /** The id of its incoming transaction (created by `commitBookings`). */
  transaction: string;
  /** The incoming transaction that books it (the invoice paid too, if it is, is for `commitBookings` to write). */
  payment: DocumentWrite;
  /** The invoice it pays, as read: it is set paid only if it is still this version when the booking is written. */
  invoice: Doc;
  /** The credit in cents, EUR and CHF, as far as the file gives them. */
  cents: CreditCents;
}

/** The entry of a credit booked on an invoice due `due` cents, as settled. */
function bookedEntry(base: StatementEntry, { outcome, received }: Settlement, due: number, cents: CreditCents) {
  if (outcome === 'matched') {
    const over = received.eur - due;
    // More than was due: paid, but someone has to give the rest back or keep it on account.
    return over > 0
      ? { ...base, reason: `${formatMoney(over / 100, 'EUR')} more than the ${formatMoney(due / 100, 'EUR')} due` }
      : base;
  }
  return {
    ...base,
    due: due / 100,
    received: received.eur / 100,
    ...(cents.eur === undefined
      ? { reason: 'Paid in CHF: cannot be compared with the invoice in EUR; check it and set the invoice paid by hand' }
      : received.chfOnly > 0
        ? {
            reason: `Also linked: ${formatMoney(received.chfOnly / 100, 'CHF')} paid in CHF, not counted against the EUR due; check it and set the invoice paid by hand`,
          }
        : {}),
  };
}

/**
 * Plans bookings of credits on invoices, writing nothing (`commitBookings` writes them, and decides there
 * again, on what is stored then, whether an invoice is paid): per invoice it keeps what its linked incoming
 * transactions come to (`Received`), read once per invoice and then kept up to date with the bookings
 * planned, so a second credit of one invoice counts the first.
 */
export function createBooker(documents: DocumentService, due: (invoice: Doc) => number) {
  const received = new Map<string, Received>();
  const receivedBefore = async (invoice: Doc) => {
    const known = received.get(invoice._id);
    if (known !== undefined) return known;
    const { results } = await documents.find(SYSTEM, 'transaction', {
      query: { invoice: invoice._id, direction: 'incoming' },
      limit: 1000,
    });
    return receivedOf(results);
  };

  /**
   * The credit as an incoming transaction linked to the invoice (CHF in `amount`, EUR in `foreignAmount`,
   * spec §3); the invoice is paid once its linked payments reach its gross amount due, and only if it is
   * still the version read here when the booking is written (else 409, nothing booked).
   */
  async function plan(credit: Credit, invoice: Doc): Promise<Booking> {
    const base = { ...entryOf(credit), invoice: invoice._id, invoiceNumber: Number(invoice.id) };
    const { eur, chf } = creditValues(credit);
    const cents = {
      eur: eur !== undefined ? toCents(eur) : undefined,
      chf: chf !== undefined ? toCents(chf) : undefined,
    };
    const dueCents = toCents(due(invoice));
    const [settled] = settle(dueCents, await receivedBefore(invoice), [cents]);
    received.set(invoice._id, settled.received);
    const client = clientOf(invoice);
    // Its id now: the invoice it pays names it in the same transaction.
    const transaction = createObjectId();
    const payment: DocumentWrite = {
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
    };
    return {
      outcome: settled.outcome,
      entry: bookedEntry(base, settled, dueCents, cents),
      transaction,
      payment,
      invoice,
      cents,
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

/** A write of `commitBookings`, with the booking it belongs to (to name the credit when it is refused). */
interface OwnedWrite {
  write: DocumentWrite;
  one: PlannedBooking;
}

/**
 * The writes of planned bookings, decided inside their transaction: each invoice is locked (a booking of
 * another import on it waits for this one's commit, and then counts what this one booked), what its linked
 * payments come to is read, and the credits are settled on it in their order; the one that reaches the
 * amount due pays it (the invoice write names the version planned: changed meanwhile, the import is refused).
 */
async function settledWrites(
  reader: TransactionReader,
  planned: PlannedBooking[],
  due: (invoice: Doc) => number,
): Promise<{ writes: OwnedWrite[]; settled: PlannedBooking[] }> {
  const ids = [...new Set(planned.map((one) => one.booking.invoice._id))];
  const invoices = new Map((await reader.lock('invoice', ids)).map((invoice) => [invoice._id, invoice]));
  const payments = await reader.findBy('transaction', 'invoice', ids);
  const settled = new Map<PlannedBooking, Settlement & { due: number }>();
  for (const id of ids) {
    const mine = planned.filter((one) => one.booking.invoice._id === id);
    const invoice = invoices.get(id);
    if (!invoice) {
      const [first] = mine;
      throw creditRefusal(
        first.place,
        first.credit,
        { model: 'invoice', invoiceNumber: Number(first.booking.entry.invoiceNumber) },
        conflict('it was deleted meanwhile; import the file again to see what is left'),
      );
    }
    const dueCents = toCents(due(invoice));
    const before = receivedOf(payments.filter((p) => p.invoice === id && p.direction === 'incoming'));
    const outcomes = settle(
      dueCents,
      before,
      mine.map((one) => one.booking.cents),
    );
    mine.forEach((one, index) => settled.set(one, { ...outcomes[index], due: dueCents }));
  }
  const writes: OwnedWrite[] = [];
  const final: PlannedBooking[] = [];
  for (const one of planned) {
    const { booking } = one;
    const outcome = settled.get(one)!;
    writes.push({ write: booking.payment, one });
    if (outcome.pays) {
      const { invoice } = booking;
      // The import links both sides itself (the server's write): the mirror of people's edits
      // (x-inverse, documents/inverse.ts) would unlink a payment the invoice named before, which counts towards it too.
      writes.push({
        write: {
          model: 'invoice',
          input: {
            _id: invoice._id,
            status: 'paid',
            transaction: booking.transaction,
            ...(invoice._version !== undefined ? { _version: invoice._version } : {}),
          },
        },
        one,
      });
    }
    const base: StatementEntry = {
      ...entryOf(one.credit),
      invoice: booking.invoice._id,
      invoiceNumber: booking.entry.invoiceNumber,
    };
    final.push({
      ...one,
      booking: { ...booking, outcome: outcome.outcome, entry: bookedEntry(base, outcome, outcome.due, booking.cents) },
    });
  }
  return { writes, settled: final };
}
/**
 * Writes planned bookings in one database transaction: every incoming transaction and every invoice paid,
 * or nothing at all; the realtime events go out after the commit. Whether an invoice is paid is decided in
 * that transaction, with the invoice locked (see `settledWrites`): two imports paying parts of one invoice
 * at once leave it paid once the parts reach the amount due. Answers the bookings as written. A refused
 * write (validation, an invoice changed meanwhile, a credit another import booked meanwhile: its bank id is
 * unique among live transactions) refuses the whole import with its status, naming the credit. Any other
 * failure (the database gone) rolls everything back too.
 */
export async function commitBookings(documents: DocumentService, planned: PlannedBooking[]): Promise<PlannedBooking[]> {
  if (planned.length === 0) return [];
  const due = await amountDue(documents);
  let written: { writes: OwnedWrite[]; settled: PlannedBooking[] } | undefined;
  try {
    await documents.saveAll(SYSTEM, async (reader) => {
      written = await settledWrites(reader, planned, due);
      return written.writes.map(({ write }) => write);
    });
  } catch (error) {
    const index = error instanceof HttpError ? error.details.index : undefined;
    const failed = typeof index === 'number' ? written?.writes[index] : undefined;
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
  return written!.settled;
}
