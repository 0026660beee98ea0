import { OPTION_LIMIT } from '../../../shared/rules/constants';
import type { Caller } from '../../access/caller';
import type { Doc, DocumentService } from '../documents/service';
import { toCents } from './settlement';

/** `values` cut into pieces of at most `size`, in order. */
export function chunks<T>(values: readonly T[], size: number): T[][] {
  const pieces: T[][] = [];
  for (let start = 0; start < values.length; start += size) pieces.push(values.slice(start, start + size));
  return pieces;
}

/**
 * Every open invoice the caller may read, their clients populated, oldest first: read page after page, as one
 * find answers at most OPTION_LIMIT (a business with more open invoices than that had the rest never matched).
 */
export async function openInvoices(documents: Pick<DocumentService, 'find'>, caller: Caller): Promise<Doc[]> {
  const open: Doc[] = [];
  for (;;) {
    const { results } = await documents.find(caller, 'invoice', {
      query: { status: 'open' },
      sort: { _createdAt: 1, _id: 1 },
      limit: OPTION_LIMIT,
      offset: open.length,
      populate: ['client'],
    });
    open.push(...results);
    if (results.length < OPTION_LIMIT) return open;
  }
}

/**
 * The open invoices a bank import matches credits against, indexed once, so that each credit costs a map
 * lookup instead of a pass over every open invoice (a statement of thousands of credits against hundreds of
 * invoices stalled the server). Answers what the passes answered, in the same order.
 */
export function openInvoiceIndex(open: readonly Doc[], due: (invoice: Doc) => number) {
  const place = new Map(open.map((invoice, index) => [invoice, index]));
  const byReference = new Map<string, Doc[]>();
  const byNumber = new Map<number, Doc[]>();
  const byDue = new Map<number, Doc[]>();
  const dues = new Map<Doc, number>();
  const add = <K>(map: Map<K, Doc[]>, key: K, invoice: Doc) => {
    const list = map.get(key);
    if (list) list.push(invoice);
    else map.set(key, [invoice]);
  };
  for (const invoice of open) {
    if (typeof invoice.reference === 'string') add(byReference, invoice.reference, invoice);
    add(byNumber, Number(invoice.id), invoice);
    const amount = due(invoice);
    dues.set(invoice, amount);
    add(byDue, toCents(amount), invoice);
  }
  return {
    /** The invoice's gross amount due, worked out once. */
    due: (invoice: Doc) => dues.get(invoice) ?? due(invoice),
    /** The first open invoice (in the order given) not `skipped` whose reference is `reference` or whose number is `number`. */
    byReference(reference: string, number: number | undefined, skipped: ReadonlySet<string>): Doc | undefined {
      const candidates = [
        ...(byReference.get(reference) ?? []),
        ...(number === undefined ? [] : (byNumber.get(number) ?? [])),
      ];
      return candidates.filter((invoice) => !skipped.has(invoice._id)).sort((a, b) => place.get(a)! - place.get(b)!)[0];
    },
    /** The open invoices due about `amount` (within a cent either side: the caller checks exactly), in the order given. */
    dueAbout(amount: number): Doc[] {
      const cents = toCents(amount);
      return [cents - 1, cents, cents + 1]
        .flatMap((key) => byDue.get(key) ?? [])
        .sort((a, b) => place.get(a)! - place.get(b)!);
    },
  };
}
