import type { ModelInfo, Registry } from '../../../shared/registry';
import type { Caller } from '../../access/caller';
import type { EventBus } from '../../events/bus';
import type { DocumentRepository } from './repository';
import type { Doc } from './service';
import { roleGrantHooks, userGrantHooks } from '../auth/grants';
import { fileItemHooks } from '../files/paths';
import { siteConfigHooks } from '../payment/billing';
import { invoiceHooks } from '../payment/invoicing';
import { invoiceLinkHooks, transactionLinkHooks } from '../payment/paymentLinks';
import { trackedTimeHooks } from '../payment/trackedTime';
import { elementFormatHooks } from '../pages/elementFormat';
import { pageHooks } from '../pages/paths';
import { redirectHooks } from '../pages/redirects';

/** Where read hooks report what they could not do (the server's logger). */
export interface ReadLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * Behaviour of a model that no schema annotation can express, in one place (like Payload's
 * collection hooks). Keep these few: anything generic belongs in the vocabulary instead.
 */
export interface ModelHooks {
  /**
   * Inside the write transaction, before validation: may upgrade `doc` (the input merged with the
   * stored document) from an older stored shape, or throw an HttpError. `input` is what the caller sent.
   */
  beforeValidate?(args: {
    caller: Caller;
    model: ModelInfo;
    input: Record<string, unknown>;
    doc: Record<string, unknown>;
    existing?: Doc;
  }): void;
  /** Every document read through the document operations, before projection: may answer an upgraded copy. */
  afterRead?(args: { model: ModelInfo; doc: Doc; log: ReadLog }): Doc;
  /** Inside the write transaction, after validation: may adjust `doc` or throw an HttpError. `input` is what the caller sent. */
  beforeWrite?(args: {
    tx: DocumentRepository;
    registry: Registry;
    caller: Caller;
    model: ModelInfo;
    input: Record<string, unknown>;
    doc: Record<string, unknown>;
    existing?: Doc;
  }): Promise<void>;
  beforeDelete?(args: {
    tx: DocumentRepository;
    registry: Registry;
    caller: Caller;
    model: ModelInfo;
    doc: Doc;
  }): Promise<void>;
  /** Inside the write transaction, after the row is written (or soft-deleted, with `deleted`): keeps derived data of other rows right. */
  afterWriteInTx?(args: {
    tx: DocumentRepository;
    registry: Registry;
    caller: Caller;
    model: ModelInfo;
    doc: Doc;
    existing?: Doc;
    deleted?: boolean;
  }): Promise<void>;
  /** After commit. */
  afterWrite?(args: {
    bus: EventBus;
    model: ModelInfo;
    doc: Doc;
    action: 'create' | 'update' | 'delete';
    previous?: Doc;
  }): void;
}

/** Files and folders: paths, child counts and inherited permissions (files/paths.ts); the file browser reloads a folder on `cms/item` with the item's id and parent. */
const fileItem: ModelHooks = {
  ...fileItemHooks,
  afterWrite({ bus, model, doc, previous }) {
    const parentOf = (item: Doc) => (typeof item._parent === 'string' ? item._parent : null);
    const item = model.name as 'file' | 'folder';
    bus.publish({ type: 'cms/item', id: doc._id, parent: parentOf(doc), model: item, doc });
    // A move empties a place in the old folder too, and an item can disappear from the view of those
    // its new `_read` keeps out: the browsers that saw it before (filtered by its old `_read`) reload
    // its old folder. They learn only its id and that folder, which they had seen.
    if (previous && (parentOf(previous) !== parentOf(doc) || !sameJson(previous._read, doc._read))) {
      bus.publish({
        type: 'cms/item',
        id: doc._id,
        parent: parentOf(previous),
        model: item,
        doc: { ...doc, _parent: parentOf(previous), _read: previous._read },
      });
    }
  },
};

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const HOOKS: Record<string, ModelHooks> = {
  file: fileItem,
  folder: fileItem,
  page: { ...pageHooks('page'), ...elementFormatHooks },
  pageDraft: { ...pageHooks('pageDraft'), ...elementFormatHooks },
  layout: elementFormatHooks,
  trackedTime: trackedTimeHooks,
  siteConfig: siteConfigHooks,
  invoice: {
    ...invoiceHooks,
    ...invoiceLinkHooks,
    async afterWriteInTx(args) {
      await invoiceHooks.afterWriteInTx?.(args);
      await invoiceLinkHooks.afterWriteInTx?.(args);
    },
  },
  transaction: transactionLinkHooks,
  redirect: redirectHooks,
  user: userGrantHooks,
  role: roleGrantHooks,
};

export function hooksOf(model: string): ModelHooks {
  return Object.hasOwn(HOOKS, model) ? HOOKS[model] : {};
}
