import type {
  InvoiceFromOfferAnswer,
  InvoiceFromOfferRequest,
  InvoiceFromTimeAnswer,
  InvoiceFromTimeRequest,
} from '../../../shared/api/payment';
import { formatDate } from '../../../shared/format/date';
import { createObjectId, isObjectId } from '../../../shared/format/objectId';
import { zonedDay, zonedPeriodBounds } from '../../../shared/format/zonedDays';
import { roundUpToQuarterHours } from '../../../shared/rules/trackedTime';
import { SYSTEM, type Caller } from '../../access/caller';
import type { Queryable } from '../../db/database';
import { badRequest, HttpError, notFound } from '../../errors';
import type { ModelHooks } from '../documents/hooks';
import type { Doc, DocumentService, DocumentWrite } from '../documents/service';
import { PaymentRepository } from './repository';
import { assertPayment } from './reports';
import { timeRefusal } from './timeRefusal';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const cents = (amount: number) => Math.round((amount + 1e-9) * 100) / 100;

/**
 * "Create invoice" (issue: the money side): a client's tracked times of a period that are finished
 * and not yet invoiced become one open invoice, one item per entry (its name; date and who in the
 * description; hours rounded up to quarter hours; the client's hourly rate times the entry's
 * multiplier). Days are the business's (Europe/Zurich): the period, the line dates and the invoice
 * date. The entries are linked to the invoice, so they are never billed twice, and locked while it
 * exists (trackedTime.ts). All of it is written in one transaction: a refused link (an entry changed
 * meanwhile) writes nothing and names the entry.
 */
export async function invoiceFromTime(
  documents: DocumentService,
  db: Queryable,
  caller: Caller,
  request: InvoiceFromTimeRequest,
): Promise<InvoiceFromTimeAnswer> {
  assertPayment(caller, 'create invoices');
  if (!isObjectId(request.client)) throw badRequest('client must be 24 lowercase hex characters');
  if (!DAY.test(request.from) || !DAY.test(request.to) || request.from > request.to)
    throw badRequest('from and to must be days (YYYY-MM-DD), from not after to');
  const client = await documents.findById(caller, 'client', request.client);
  const rate = Number(client.hourlyRate);
  if (!(rate > 0))
    throw new HttpError(422, `Client ${String(client.name)} has no hourly rate: set it on the client first`, {
      field: 'client.hourlyRate',
    });
  // The period's days are Basel's (as the time-tracking bars and the client report count them).
  const { results } = await documents.find(caller, 'trackedTime', {
    query: {
      client: request.client,
      start: zonedPeriodBounds(request.from, request.to),
      end: { $ne: null },
      invoice: { $exists: false },
    },
    sort: { start: 1 },
    limit: 500,
  });
  // A zero-length entry bills nothing: it is no line of the invoice (and stays unbilled).
  const entries = results.filter(
    (entry) => typeof entry.end === 'string' && entry.end !== '' && Number(entry.duration ?? 0) > 0,
  );
  if (entries.length === 0)
    throw new HttpError(
      422,
      `No finished, not yet invoiced time of ${String(client.name)} from ${request.from} to ${request.to}`,
      {
        field: 'period',
      },
    );
  // Only the login, read with the system's rights: the caller may not be allowed to read the user.
  const userIds = [...new Set(entries.map((entry) => entry.user).filter((id): id is string => typeof id === 'string'))];
  const logins = await new PaymentRepository(db).logins(userIds);
  const items = entries.map((entry) => ({
    name: String(entry.name || 'Arbeit'),
    description: [formatDate(String(entry.start)), typeof entry.user === 'string' ? logins.get(entry.user) : undefined]
      .filter(Boolean)
      .join(' · '),
    ...(typeof entry.user === 'string' ? { user: entry.user } : {}),
    count: roundUpToQuarterHours(Number(entry.duration ?? 0)),
    price: cents(rate * Number(entry.multiplier ?? 1)),
  }));
  // The invoice and every entry's link in one transaction (the events after its commit): all, or nothing.
  // Written as the server, which alone sets an entry's (read-only) invoice; the caller's right to create the
  // invoice is checked here. An entry is linked only if it is still the version its line was made of.
  documents.assertMayWrite(caller, 'invoice', 'create');
  const invoiceId = createObjectId();
  const writes: DocumentWrite[] = [
    {
      model: 'invoice',
      input: {
        name: workPeriodName(entries),
        client: request.client,
        date: zonedDay(Date.now()),
        status: 'open',
        items,
      },
      options: { createWithId: invoiceId },
    },
    ...entries.map((entry) => ({
      model: 'trackedTime',
      input: { _id: entry._id, invoice: invoiceId, _version: entry._version },
    })),
  ];
  let invoice: Doc;
  try {
    [invoice] = await documents.saveAll(SYSTEM, writes);
  } catch (error) {
    const index = error instanceof HttpError ? error.details.index : undefined;
    if (!(error instanceof HttpError) || typeof index !== 'number') throw error;
    const entry = index > 0 ? { place: `entry ${index} of ${entries.length}`, line: items[index - 1] } : undefined;
    throw timeRefusal(entry, error);
  }
  return { invoice: invoiceId, entries: entries.length, total: Number(invoice.total ?? 0) };
}

/**
 * An invoice of tracked time is named by the days its entries were worked (Basel's), first to last: 'Aufwand
 * 05.10.2026 – 28.10.2026', or 'Aufwand 29.11.2026' for one day. Not the period asked for: 'All until today' asks
 * from 01.01.2000, which the invoice and its PDF then printed.
 */
function workPeriodName(entries: Doc[]): string {
  const days = entries.map((entry) => zonedDay(String(entry.start))).sort();
  const [first, last] = [days[0], days[days.length - 1]];
  return first === last ? `Aufwand ${formatDate(first)}` : `Aufwand ${formatDate(first)} – ${formatDate(last)}`;
}

/**
 * "Create invoice" on an offer: a new open invoice dated today (the business's day) for the offer's client, with
 * its name and items (name, description, price, count; an offer item has no user), naming the offer (read-only,
 * so written as the server once the caller's right to create invoices is checked; validation and relations as for
 * a form's save: a client deleted since the offer was written is a 400 naming it). An offer that already has a
 * live invoice answers 409 naming it unless `again` is true: a second invoice of one offer is asked for, never
 * made by a second click. The check and the insert are one transaction holding the offer's row lock, so two
 * requests at once (a double click, two tabs) make one invoice: the second waits, then finds it.
 */
export async function invoiceFromOffer(
  documents: DocumentService,
  caller: Caller,
  request: InvoiceFromOfferRequest,
): Promise<InvoiceFromOfferAnswer> {
  if (!isObjectId(request.offer)) throw badRequest('offer must be 24 lowercase hex characters');
  documents.assertMayWrite(caller, 'invoice', 'create');
  // Read as the caller first: an offer they may not see is a 404 like a missing one.
  await documents.findById(caller, 'offer', request.offer);
  let invoice: Doc;
  try {
    [invoice] = await documents.saveAll(SYSTEM, async (reader) => {
      const [offer] = await reader.lock('offer', [request.offer]);
      if (!offer) throw notFound(`Offer ${request.offer} not found`);
      if (request.again !== true) {
        const earlier = latestInvoice(await reader.findBy('invoice', 'offer', [offer._id]));
        if (earlier)
          throw new HttpError(409, `Invoice ${String(earlier.id)} was already created from this offer`, {
            invoice: earlier._id,
            number: earlier.id,
          });
      }
      const items = ((offer.items ?? []) as Record<string, unknown>[]).map((item) => ({
        name: item.name,
        ...(item.description ? { description: item.description } : {}),
        price: item.price,
        count: item.count,
      }));
      const input = { name: offer.name, client: offer.client, date: zonedDay(Date.now()), status: 'open', items };
      return [{ model: 'invoice', input: { ...input, offer: offer._id } }];
    });
  } catch (error) {
    // The one write's refusal (a client deleted since) answers as a form's save would: without its place.
    if (!(error instanceof HttpError) || error.details.index === undefined) throw error;
    const { index: _index, ...details } = error.details;
    throw new HttpError(error.status, error.message, details);
  }
  return { invoice: invoice._id };
}

/** The invoice with the highest number (the one made last) of several, if any. */
const latestInvoice = (invoices: Doc[]): Doc | undefined =>
  invoices.reduce<Doc | undefined>((last, one) => (!last || Number(one.id) > Number(last.id) ? one : last), undefined);

/** Deleting an invoice releases the tracked times billed on it (they can be invoiced again). */
export const invoiceHooks: ModelHooks = {
  async afterWriteInTx({ tx, doc, deleted }) {
    if (deleted) await new PaymentRepository(tx.queryable).releaseEntries(doc._id);
  },
};
