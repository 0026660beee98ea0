import type { Registry } from '../../../shared/registry';
import type { Caller } from '../../access/caller';
import { conflict } from '../../errors';
import { assertCanWrite } from '../documents/access';
import type { ModelHooks } from '../documents/hooks';
import { LIVE_ROWS, type DocumentRepository } from '../documents/repository';
import type { Doc } from '../documents/service';
import { strip } from '../pages/paths';

/**
 * The link between an invoice and its payments has two sides, set together as the bank import sets them:
 * every payment names the invoice it paid (`transaction.invoice`, several may name one invoice) and the
 * invoice names the incoming payment that settled it (`invoice.transaction`). A person editing one side
 * changes the other in the same transaction, with their own permission to update it:
 *
 * - invoice.transaction set to B: B names the invoice (taken from another invoice, which lets go of B if
 *   B settled it); the payment it named before (A) no longer names the invoice (unlinked or replaced).
 * - transaction.invoice changed: the invoice it named before lets go of it if it settled that invoice; the
 *   new one names it if it is incoming and the invoice names no payment of its own yet (a second payment
 *   of an invoice is one more payment, not the one that settled it).
 *
 * - either side deleted: no live document keeps naming it (the other side would show '(deleted)'). A deleted
 *   invoice is let go of by every payment that names it; a deleted payment by the invoice it settled. This
 *   holds for the server's own deletes too.
 *
 * The server's own writes (the bank import, the demo content) set both sides themselves: a partial payment
 * names its invoice while the invoice stays open and names none.
 */

interface SideWrite {
  model: string;
  doc: Doc;
}

/** The other documents a write changed, announced after commit (the write's own event is the service's). */
const sideWrites = new WeakMap<Doc, SideWrite[]>();

const idOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Sets (or, with undefined, removes) one link field of another document, as the caller may. */
async function relink(
  tx: DocumentRepository,
  registry: Registry,
  caller: Caller,
  model: 'invoice' | 'transaction',
  doc: Doc,
  field: 'transaction' | 'invoice',
  value: string | undefined,
): Promise<SideWrite> {
  assertCanWrite(caller, registry.model(model)!, 'update', doc);
  const next = strip(doc);
  if (value === undefined) delete next[field];
  else next[field] = value;
  const written = await tx.update(model, doc._id, next, doc._version as number);
  const label = model === 'invoice' ? `Invoice ${String(doc.id ?? doc._id)}` : `Transaction ${String(doc.name)}`;
  if (!written) throw conflict(`${label} was changed meanwhile; reload and try again`);
  return { model, doc: written };
}

/**
 * A deleted document's side: every live document of `model` whose `field` names it lets go of it, with the
 * deleter's permission to update that document (else the delete is refused as a whole).
 */
async function releaseDeleted(
  tx: DocumentRepository,
  registry: Registry,
  caller: Caller,
  model: 'invoice' | 'transaction',
  field: 'transaction' | 'invoice',
  deleted: Doc,
): Promise<void> {
  const holders = await tx.findByKeys(registry.model(model)!, field, [deleted._id], LIVE_ROWS);
  const writes: SideWrite[] = [];
  for (const holder of holders) writes.push(await relink(tx, registry, caller, model, holder, field, undefined));
  sideWrites.set(deleted, writes);
}

const announce: ModelHooks['afterWrite'] = ({ bus, doc }) => {
  for (const write of sideWrites.get(doc) ?? [])
    bus.publish({ type: 'document', model: write.model, id: write.doc._id, action: 'update', doc: write.doc });
};

/** The invoice's side: its `transaction` changed. */
export const invoiceLinkHooks: Pick<ModelHooks, 'afterWriteInTx' | 'afterWrite'> = {
  async afterWriteInTx({ tx, registry, caller, doc, existing, deleted }) {
    if (deleted) return releaseDeleted(tx, registry, caller, 'transaction', 'invoice', doc);
    const before = idOf(existing?.transaction);
    const after = idOf(doc.transaction);
    if (caller.system || before === after) return;
    const writes: SideWrite[] = [];
    if (before) {
      const replaced = await tx.findById('transaction', before, LIVE_ROWS);
      if (replaced && replaced.invoice === doc._id)
        writes.push(await relink(tx, registry, caller, 'transaction', replaced, 'invoice', undefined));
    }
    if (after) {
      const payment = await tx.findById('transaction', after, LIVE_ROWS);
      if (payment && payment.invoice !== doc._id) {
        const previous = idOf(payment.invoice);
        const other = previous && (await tx.findById('invoice', previous, LIVE_ROWS));
        if (other && other.transaction === payment._id)
          writes.push(await relink(tx, registry, caller, 'invoice', other, 'transaction', undefined));
        writes.push(await relink(tx, registry, caller, 'transaction', payment, 'invoice', doc._id));
      }
    }
    sideWrites.set(doc, writes);
  },
  afterWrite: announce,
};

/** Does the invoice name a live payment of its own (one that names it back) other than `except`? */
async function settledByAnother(tx: DocumentRepository, invoice: Doc, except: string): Promise<boolean> {
  const named = idOf(invoice.transaction);
  if (!named || named === except) return false;
  const payment = await tx.findById('transaction', named, LIVE_ROWS);
  return payment?.invoice === invoice._id;
}

/** The payment's side: its `invoice` changed. */
export const transactionLinkHooks: Pick<ModelHooks, 'afterWriteInTx' | 'afterWrite'> = {
  async afterWriteInTx({ tx, registry, caller, doc, existing, deleted }) {
    if (deleted) return releaseDeleted(tx, registry, caller, 'invoice', 'transaction', doc);
    const before = idOf(existing?.invoice);
    const after = idOf(doc.invoice);
    if (caller.system || before === after) return;
    const writes: SideWrite[] = [];
    if (before) {
      const left = await tx.findById('invoice', before, LIVE_ROWS);
      if (left && left.transaction === doc._id)
        writes.push(await relink(tx, registry, caller, 'invoice', left, 'transaction', undefined));
    }
    // The invoice's own relation takes incoming payments only (x-relation where).
    if (after && doc.direction === 'incoming') {
      const paid = await tx.findById('invoice', after, LIVE_ROWS);
      if (paid && paid.transaction !== doc._id && !(await settledByAnother(tx, paid, doc._id)))
        writes.push(await relink(tx, registry, caller, 'invoice', paid, 'transaction', doc._id));
    }
    sideWrites.set(doc, writes);
  },
  afterWrite: announce,
};
