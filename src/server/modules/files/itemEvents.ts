import type { CmsItemChange, EventBus } from '../../events/bus';
import type { ModelHooks } from '../documents/hooks';
import type { Doc } from '../documents/service';
import type { ItemChange } from './repository';

const parentOf = (item: Doc) => (typeof item._parent === 'string' ? item._parent : null);
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Items below a folder that a write of that folder changed (their paths: FilesRepository.rebaseDescendants,
 * their `_read`/`_write`: narrowBelow), by the folder as written: collected inside the transaction,
 * announced after the commit.
 */
const changedBelow = new WeakMap<Doc, Map<string, ItemChange>>();

/**
 * Remembers items changed below `folder`. One changed by several statements of the write (its path,
 * then its lists) is one change: its last state, and what it was before the first.
 */
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
 * disappear from the view of those its new `_read` keeps out: the event names its old folder and
 * `_read` (`before`), so the browsers that saw it there reload that folder. One event per change.
 */
function itemChange(model: 'file' | 'folder', doc: Doc, previous: Doc | undefined, update?: true): CmsItemChange {
  const event: CmsItemChange = { type: 'cms/item', id: doc._id, parent: parentOf(doc), model, doc };
  if (previous && (parentOf(previous) !== parentOf(doc) || !sameJson(previous._read, doc._read)))
    event.before = { parent: parentOf(previous), _read: previous._read };
  if (update) event.update = true;
  return event;
}

/**
 * After a file or folder is written: its `cms/item` event, then one for each item below a folder that
 * changed with it (a rename or move rebases their paths, new lists narrow theirs), as an update of its
 * own (`update`: a `document` update too), so screens showing them reload and hold their new version.
 * Each receiver gets what its roles let it see.
 */
export const fileItemEvents: Pick<ModelHooks, 'afterWrite'> = {
  afterWrite({ bus, model, doc, previous }) {
    bus.publish(itemChange(model.name as 'file' | 'folder', doc, previous));
    announceChangedBelow(bus, doc);
  },
};

function announceChangedBelow(bus: EventBus, folder: Doc): void {
  const below = changedBelow.get(folder);
  changedBelow.delete(folder);
  for (const change of below?.values() ?? []) {
    // Deleted items are on no screen that could go stale.
    if (change.doc._deletedAt) continue;
    bus.publish(itemChange(change.model, change.doc, change.previous, true));
  }
}
