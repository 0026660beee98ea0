import { SYSTEM_FIELD_NAMES, type Registry } from '../../../shared/registry';
import type { SiteConfig } from '../../../shared/generated/types';
import type { Caller } from '../../access/caller';
import { conflict, HttpError } from '../../errors';
import type { ModelHooks } from '../documents/hooks';
import { mayChange, type SideWrite } from '../documents/inverse';
import { LIVE_ROWS, type DocumentRepository } from '../documents/repository';
import type { Doc } from '../documents/service';
import { dueWith } from './bankBooking';
import { centsOf, invoiceLeft, invoiceToSettle, payerOf, receivedOf, settle, toCents } from './settlement';

interface PaymentWrite {
  tx: DocumentRepository;
  registry: Registry;
  caller: Caller;
  /** The payment as written (or soft-deleted). */
  doc: Doc;
  existing?: Doc;
}

/**
 * An incoming payment saved by a person (the transaction form) that brings its invoice's payments to the
 * amount due sets the invoice paid, as the bank import does (bankBooking.ts): settled with the same
 * function, in the save's transaction, with the invoice row locked first (an import or another save paying
 * the same invoice waits, and then counts this payment). The invoice then names this payment.
 *
 * The other way round, a payment unlinked from its paid invoice (from either side), moved to another invoice,
 * turned outgoing or deleted, when the invoice's payments covered it with this one and no longer do without it,
 * sets the invoice open again, as a bookkeeper undoing a wrong link expects; if the other payments still cover
 * it, it stays paid and names the one that pays it. An invoice set paid by hand (its payments never covered it)
 * stays paid. Either status may still be chosen by hand afterwards (spec §4: a free choice).
 *
 * The server's own saves (the import, the demo content) decide this themselves. A payment linked or unlinked
 * from the invoice's side (its Transaction field) runs this too: the document operations run the hook of every
 * document written on the other side of a two-way link, so the rule lives here only.
 */
export const transactionHooks: ModelHooks = {
  async afterWriteInTx({ tx, registry, caller, doc, existing, deleted }): Promise<SideWrite[]> {
    if (caller.system) return [];
    const write = { tx, registry, caller, doc, existing };
    const sides: SideWrite[] = [];
    const left = invoiceLeft(doc, existing, deleted);
    if (left) sides.push(...(await release(write, left)));
    const id = deleted ? undefined : invoiceToSettle(doc, existing);
    if (id) sides.push(...(await pay(write, id)));
    return sides;
  },
};

/** The invoice `id`, locked, with its amount due in cents and its other live incoming payments (oldest first). */
async function invoiceWithPayments({ tx, registry, doc }: PaymentWrite, id: string) {
  const [invoice] = await tx.lockLive('invoice', [id]);
  if (!invoice) return undefined;
  const payments = await tx.findByKeys(registry.model('transaction')!, 'invoice', [id], LIVE_ROWS);
  const others = payments
    .filter((payment) => payment._id !== doc._id && payment.direction === 'incoming')
    .sort((a, b) =>
      `${String(a.date)}${String(a._createdAt)}`.localeCompare(`${String(b.date)}${String(b._createdAt)}`),
    );
  const configs = await tx.findAll('siteConfig', LIVE_ROWS);
  const config = configs.sort((a, b) => String(a._createdAt).localeCompare(String(b._createdAt)))[0] as unknown as
    SiteConfig | undefined;
  return { invoice, others, due: toCents(dueWith(config)(invoice)) };
}

/** This payment pays the invoice `id` now: it is set paid and names the payment, if the payments reach the amount due. */
async function pay(write: PaymentWrite, id: string): Promise<SideWrite[]> {
  const found = await invoiceWithPayments(write, id);
  if (!found || found.invoice.status !== 'open') return [];
  const [settled] = settle(found.due, receivedOf(found.others), [centsOf(write.doc)]);
  if (!settled.pays) return [];
  return update(write, found.invoice, { status: 'paid', transaction: write.doc._id }, 'settles it, which sets it paid');
}

/** This payment no longer pays the invoice `id`: open again unless the other payments still cover it. */
async function release(write: PaymentWrite, id: string): Promise<SideWrite[]> {
  const found = await invoiceWithPayments(write, id);
  if (!found || found.invoice.status !== 'paid') return [];
  const { invoice, others, due } = found;
  // Paid by hand (its payments never reached the amount due, this one included): the person's choice stands.
  if (receivedOf([...others, write.existing ?? {}]).eur < due) return [];
  const payer = payerOf(due, others);
  if (payer)
    return invoice.transaction === payer._id
      ? []
      : update(write, invoice, { transaction: payer._id }, 'no longer pays it, which names another payment');
  return update(
    write,
    invoice,
    { status: 'open', transaction: invoice.transaction === write.doc._id ? undefined : invoice.transaction },
    'no longer pays it, which sets it open',
  );
}

/** Writes `changes` to the invoice with the caller's right to change those fields (403, nothing saved, without it). */
async function update(
  { tx, registry, caller }: PaymentWrite,
  invoice: Doc,
  changes: Record<string, unknown>,
  why: string,
): Promise<SideWrite[]> {
  const invoiceModel = registry.model('invoice')!;
  const title = `Invoice ${String(invoice.id ?? invoice._id)}`;
  const fields = invoiceModel.fields.filter((field) => Object.hasOwn(changes, field.name));
  if (!fields.every((field) => mayChange(caller, invoiceModel, invoice, field))) {
    const message = `Not allowed to update ${title}: this payment ${why}, so nothing was saved`;
    throw new HttpError(403, `invoice: ${message}`, { fields: [{ field: 'invoice', message }] });
  }
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(invoice)) if (!SYSTEM_FIELD_NAMES.includes(key)) next[key] = value;
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  const written = await tx.update('invoice', invoice._id, next, invoice._version as number);
  if (!written) throw conflict(`${title} was changed meanwhile; reload and try again`);
  return [{ model: invoiceModel, doc: written, previous: invoice }];
}
