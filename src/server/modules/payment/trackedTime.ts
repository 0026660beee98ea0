import { formatDate } from '../../../shared/format/date';
import { MAX_ENTRY_HOURS } from '../../../shared/rules/constants';
import {
  END_BEFORE_START_MESSAGE,
  START_AFTER_END_MESSAGE,
  endsBeforeStart,
  FUTURE_START_MESSAGE,
  startsInFuture,
  storedHours,
  tooLongMessage,
} from '../../../shared/rules/trackedTime';
import { badRequest, conflict } from '../../errors';
import type { ModelHooks } from '../documents/hooks';
import { LIVE_ROWS, type DocumentRepository } from '../documents/repository';
import type { Doc } from '../documents/service';

/** What a bill depends on: a billed entry keeps these (and its name, the invoice line's text) as billed. */
const BILLED_FIELDS = ['start', 'end', 'multiplier', 'client', 'user', 'name'] as const;

/** Whether a field holds the same value before and after: times as instants, a missing multiplier as 1. */
function same(field: (typeof BILLED_FIELDS)[number], before: unknown, after: unknown): boolean {
  if (field === 'start' || field === 'end') {
    const at = (value: unknown) => (typeof value === 'string' && value !== '' ? Date.parse(value) : null);
    return at(before) === at(after);
  }
  if (field === 'multiplier') return (before ?? 1) === (after ?? 1);
  return (before ?? '') === (after ?? '');
}

/**
 * The live invoice an entry was billed on, or undefined (none, or a deleted one: deleting an invoice
 * releases its entries, so a stale link locks nothing).
 */
async function billedOn(tx: DocumentRepository, entry: Doc | undefined): Promise<Doc | undefined> {
  const id = entry?.invoice;
  if (typeof id !== 'string' || id === '') return undefined;
  return tx.findById('invoice', id, LIVE_ROWS);
}

function lockedMessage(invoice: Doc, action: string): string {
  const number = invoice.id ?? invoice._id;
  const date = typeof invoice.date === 'string' ? ` of ${formatDate(invoice.date)}` : '';
  return (
    `Billed on invoice ${String(number)}${date}: a billed entry cannot be ${action}. ` +
    'To correct it, delete the invoice (its entries become unbilled again), then invoice the time again'
  );
}

/**
 * Tracked times: the server computes `duration` (hours, exact; totals round up to quarter hours) on
 * every save from start and end, and refuses an end before the start or an entry longer than
 * MAX_ENTRY_HOURS. A running entry (no end) has none, and cannot start in the future: Stop could give
 * it no end but one before its start. An entry billed on an invoice is locked: what the bill depends
 * on cannot change, and it cannot be deleted, while the invoice exists.
 */
export const trackedTimeHooks: ModelHooks = {
  async beforeWrite({ tx, caller, doc, existing }) {
    if (!caller.system) {
      const changed = BILLED_FIELDS.filter((field) => existing && !same(field, existing[field], doc[field]));
      const invoice = changed.length > 0 ? await billedOn(tx, existing) : undefined;
      if (invoice) throw conflict(lockedMessage(invoice, `changed (${changed.join(', ')})`), { invoice: invoice._id });
    }
    const start = typeof doc.start === 'string' ? Date.parse(doc.start) : NaN;
    const end = typeof doc.end === 'string' && doc.end !== '' ? Date.parse(doc.end) : undefined;
    // Checked when the start is set (or the entry runs again), so an entry stored before this rule
    // still takes its other edits, and its stop.
    const running = end === undefined;
    const startSet = !existing || !same('start', existing.start, doc.start) || !same('end', existing.end, doc.end);
    if (running && startSet && startsInFuture(start, Date.now()))
      throw badRequest(FUTURE_START_MESSAGE, { fields: [{ field: 'start', message: 'in the future' }] });
    if (endsBeforeStart(start, end)) {
      // Said of the start when only the start moved (past the end), else of the end.
      if (existing && same('end', existing.end, doc.end) && !same('start', existing.start, doc.start))
        throw badRequest(START_AFTER_END_MESSAGE, { fields: [{ field: 'start', message: 'after the end' }] });
      throw badRequest(END_BEFORE_START_MESSAGE, { fields: [{ field: 'end', message: 'before the start' }] });
    }
    if (end === undefined || !Number.isFinite(start)) delete doc.duration;
    else doc.duration = storedHours(start, end);
    if (typeof doc.duration === 'number' && doc.duration > MAX_ENTRY_HOURS) {
      throw badRequest(tooLongMessage(doc.duration), {
        fields: [{ field: 'end', message: `more than ${MAX_ENTRY_HOURS} h after the start` }],
      });
    }
  },
  async beforeDelete({ tx, caller, doc }) {
    if (caller.system) return;
    const invoice = await billedOn(tx, doc);
    if (invoice) throw conflict(lockedMessage(invoice, 'deleted'), { invoice: invoice._id });
  },
};
