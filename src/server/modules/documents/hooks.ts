import type { ModelInfo, Registry } from '../../../shared/registry';
import type { Caller } from '../../access/caller';
import type { EventBus } from '../../events/bus';
import type { SideWrite } from './inverse';
import type { DocumentRepository } from './repository';
import type { Doc } from './service';
import { roleGrantHooks, userGrantHooks } from '../auth/grants';
import { fileItemEvents } from '../files/itemEvents';
import { fileItemHooks } from '../files/paths';
import { loggingFrameHooks } from '../logging/frameHooks';
import { mailTemplateHooks } from '../mail/templateHooks';
import { siteConfigHooks } from '../payment/billing';
import { invoiceHooks } from '../payment/invoicing';
import { trackedTimeHooks } from '../payment/trackedTime';
import { transactionHooks } from '../payment/manualPayment';
import { elementCheckHooks, withElementCheck } from '../pages/elementCheck';
import { elementFormatHooks } from '../pages/elementFormat';
import { pageVersionKeyOrderHooks, withKeyOrder } from '../pages/elementKeyOrder';
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
  afterRead?(args: { registry: Registry; model: ModelInfo; doc: Doc; log: ReadLog }): Doc;
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
  /**
   * Inside the write transaction, after the row is written (or soft-deleted, with `deleted`): keeps derived data
   * of other rows right. May answer the documents of other models it wrote (announced after the commit).
   */
  afterWriteInTx?(args: {
    tx: DocumentRepository;
    registry: Registry;
    caller: Caller;
    model: ModelInfo;
    doc: Doc;
    existing?: Doc;
    deleted?: boolean;
  }): Promise<void | SideWrite[]>;
  /** After commit. */
  afterWrite?(args: {
    bus: EventBus;
    model: ModelInfo;
    doc: Doc;
    action: 'create' | 'update' | 'delete';
    previous?: Doc;
  }): void;
}

/** Files and folders: paths, child counts and inherited permissions (files/paths.ts), their events (files/itemEvents.ts). */
const fileItem: ModelHooks = { ...fileItemHooks, ...fileItemEvents };

const HOOKS: Record<string, ModelHooks> = {
  file: fileItem,
  folder: fileItem,
  // Published pages hold complete elements; drafts and layouts are saved while being edited (pages/elementCheck.ts).
  // Each keeps the written key order of its elements' `x-ordered` props (pages/elementKeyOrder.ts).
  page: withKeyOrder(
    'page',
    withElementCheck({ ...pageHooks('page'), ...elementFormatHooks }, elementCheckHooks('complete')),
  ),
  pageDraft: withKeyOrder(
    'pageDraft',
    withElementCheck({ ...pageHooks('pageDraft'), ...elementFormatHooks }, elementCheckHooks('inProgress')),
  ),
  layout: withKeyOrder(
    'layout',
    withElementCheck(elementFormatHooks, elementCheckHooks('complete', { positioned: true })),
  ),
  pageVersion: pageVersionKeyOrderHooks,
  trackedTime: trackedTimeHooks,
  siteConfig: siteConfigHooks,
  invoice: invoiceHooks,
  transaction: transactionHooks,
  redirect: redirectHooks,
  mailTemplate: mailTemplateHooks,
  user: userGrantHooks,
  role: roleGrantHooks,
  loggingFrame: loggingFrameHooks,
};

export function hooksOf(model: string): ModelHooks {
  return Object.hasOwn(HOOKS, model) ? HOOKS[model] : {};
}
