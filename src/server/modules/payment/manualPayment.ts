import { SYSTEM_FIELD_NAMES } from '../../../shared/registry';
import type { SiteConfig } from '../../../shared/generated/types';
import { conflict, HttpError } from '../../errors';
import type { ModelHooks } from '../documents/hooks';
import { mayChange, type SideWrite } from '../documents/inverse';
import { LIVE_ROWS } from '../documents/repository';
import { dueWith } from './bankBooking';
import { centsOf, invoiceToSettle, receivedOf, settle, toCents } from './settlement';

/**
 * An incoming payment saved by a person (the transaction form) that brings its invoice's payments to the
 * amount due sets the invoice paid, as the bank import does (bankBooking.ts): settled with the same
 * function, in the save's transaction, with the invoice row locked first (an import or another save paying
 * the same invoice waits, and then counts this payment). The invoice then names this payment. Unlinking
 * or deleting a payment never sets a paid invoice open again: its status is a free choice (spec §4). The
 * server's own saves (the import, the demo content) decide this themselves. A payment linked from the invoice's
 * side (its Transaction field) runs this too: the document operations run the hook of every document written
 * on the other side of a two-way link, so the rule lives here only.
 */
export const transactionHooks: ModelHooks = {
  async afterWriteInTx({ tx, registry, caller, doc, existing, deleted }): Promise<SideWrite[]> {
    if (deleted || caller.system) return [];
    const id = invoiceToSettle(doc, existing);
    if (!id) return [];
    const [invoice] = await tx.lockLive('invoice', [id]);
    if (!invoice || invoice.status !== 'open') return [];
    const invoiceModel = registry.model('invoice')!;
    const payments = await tx.findByKeys(registry.model('transaction')!, 'invoice', [id], LIVE_ROWS);
    const others = payments.filter((payment) => payment._id !== doc._id && payment.direction === 'incoming');
    const configs = await tx.findAll('siteConfig', LIVE_ROWS);
    const config = configs.sort((a, b) => String(a._createdAt).localeCompare(String(b._createdAt)))[0] as unknown as
      SiteConfig | undefined;
    const due = toCents(dueWith(config)(invoice));
    const [settled] = settle(due, receivedOf(others), [centsOf(doc)]);
    if (!settled.pays) return [];
    const title = `Invoice ${String(invoice.id ?? invoice._id)}`;
    const fields = invoiceModel.fields.filter((field) => field.name === 'status' || field.name === 'transaction');
    if (!fields.every((field) => mayChange(caller, invoiceModel, invoice, field))) {
      const message = `Not allowed to update ${title}: this payment settles it, which sets it paid, so nothing was saved`;
      throw new HttpError(403, `invoice: ${message}`, { fields: [{ field: 'invoice', message }] });
    }
    const next: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(invoice)) if (!SYSTEM_FIELD_NAMES.includes(key)) next[key] = value;
    next.status = 'paid';
    next.transaction = doc._id;
    const written = await tx.update('invoice', invoice._id, next, invoice._version as number);
    if (!written) throw conflict(`${title} was changed meanwhile; reload and try again`);
    return [{ model: invoiceModel, doc: written, previous: invoice }];
  },
};
