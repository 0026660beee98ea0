import type { EventBus } from '../../events/bus';
import type { ModelHooks } from '../documents/hooks';
import type { Doc } from '../documents/service';
import type { ItemChange } from './repository';

const parentOf = (item: Doc) => (typeof item._parent === 'string' ? item._parent : null);
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Items below a folder whose `_read`/`_write` a write of that folder changed (FilesRepository.narrowBelow),
 * by the folder as written: collected inside the transaction, announced after the commit.
 */
const changedBelow = new WeakMap<Doc, Map<string, ItemChange>>();

/** Remembers items changed below `folder`; one changed twice (both lists) keeps its first `previous`. */
export function rememberChangedBelow(folder: Doc, changes: ItemChange[]): void {
  const byItem = changedBelow.get(folder) ?? new Map<string, ItemChange>();
  for (const change of changes) {
    const key = `${change.model}:${change.doc._id}`;
    const first = byItem.get(key);
    byItem.set(key, first ? { ...change, previous: first.previous } : change);
  }
  changedBelow.set(folder, byItem);
}

/**
 * The file browser reloads a folder on `cms/item` with an item's id and parent (spec section 4), each
 * receiver filtered by the item's lists. A move empties a place in the old folder too, and an item can
 * disappear from the view of those its new `_read` keeps out: the browsers that saw it before (filtered
 * by its old `_read`) reload its old folder. They learn only its id and that folder, which they had seen.
 */
function announceItem(bus: EventBus, model: 'file' | 'folder', doc: Doc, previous: Doc | undefined): void {
  bus.publish({ type: 'cms/item', id: doc._id, parent: parentOf(doc), model, doc });
  if (previous && (parentOf(previous) !== parentOf(doc) || !sameJson(previous._read, doc._read))) {
    bus.publish({
      type: 'cms/item',
      id: doc._id,
      parent: parentOf(previous),
      model,
      doc: { ...doc, _parent: parentOf(previous), _read: previous._read },
    });
  }
}

/**
 * After a file or folder is written: its `cms/item` events, then, for each item below a folder whose
 * lists changed with it, the events of an update of its own (a `document` update and its `cms/item`
 * events), so screens showing them reload and hold their new version. Each receiver gets what its
 * roles let it see.
 */
export const fileItemEvents: Pick<ModelHooks, 'afterWrite'> = {
  afterWrite({ bus, model, doc, previous }) {
    announceItem(bus, model.name as 'file' | 'folder', doc, previous);
    const below = changedBelow.get(doc);
    changedBelow.delete(doc);
    for (const change of below?.values() ?? []) {
      // Deleted items are on no screen that could go stale.
      if (change.doc._deletedAt) continue;
      bus.publish({ type: 'document', model: change.model, id: change.doc._id, action: 'update', doc: change.doc });
      announceItem(bus, change.model, change.doc, change.previous);
    }
  },
};
