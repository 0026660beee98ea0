import type { ModelInfo, Registry } from '../../../shared/registry';
import { ALMIGHTY_ROLES, GUEST_ROLE } from '../../../shared/vocabulary';
import { LIVE_ROWS, type DocumentRepository } from '../documents/repository';
import type { Doc } from '../documents/service';

/** A file or folder a write changed besides the one written, with what it was before. */
export interface ItemChange {
  model: 'file' | 'folder';
  doc: Doc;
  previous: Doc;
}

/**
 * What the files module asks of the file and folder tables, in terms of the document repository
 * (which writes the SQL). `_parent` is a nullable relation id, so both tables have its derived text
 * column and index, which serve the child lookups below.
 */
export class FilesRepository {
  private readonly folder: ModelInfo;
  private readonly file: ModelInfo;

  constructor(
    private readonly repo: DocumentRepository,
    registry: Registry,
  ) {
    const folder = registry.model('folder');
    const file = registry.model('file');
    if (!folder || !file) throw new Error('The files module needs the file and folder models');
    this.folder = folder;
    this.file = file;
  }

  /** Sets a folder's `childCount` from the live children (self-healing; no version bump, the field is read-only). */
  recountChildren(folderId: string): Promise<void> {
    const children = { _parent: folderId };
    return this.repo.recount({ model: 'folder', id: folderId, field: 'childCount' }, [
      { model: this.folder, match: children },
      { model: this.file, match: children },
    ]);
  }

  async hasChildren(folderId: string): Promise<boolean> {
    const children = { _parent: folderId };
    return (
      (await this.repo.exists(this.folder, children, LIVE_ROWS)) ||
      (await this.repo.exists(this.file, children, LIVE_ROWS))
    );
  }

  /** Whether a live folder of this name is in the folder (null: at the top). */
  folderNamed(parentId: string | null, name: string): Promise<boolean> {
    return this.repo.exists(this.folder, { _parent: parentId, name }, LIVE_ROWS);
  }

  /**
   * Moves the path fields of everything below a renamed or moved folder: one statement per table.
   * Answers the items it changed, each with what it was before.
   */
  rebaseDescendants(folderId: string, tree: string[], segments: string[]): Promise<ItemChange[]> {
    return changesOfBoth((model) => this.repo.rebaseTree(model, folderId, tree, segments));
  }

  /**
   * Carries a folder's new `_read` or `_write` list to everything below it (rule: files/paths.ts).
   * Answers the items it changed, each with what it was before.
   */
  async narrowBelow(
    folderId: string,
    field: '_read' | '_write',
    before: string[],
    after: string[],
  ): Promise<ItemChange[]> {
    const change = { before, after, open: isOpenList(after), alwaysIn: ALMIGHTY_ROLES, everyone: GUEST_ROLE };
    return changesOfBoth((model) => this.repo.narrowListBelow(model, folderId, field, change));
  }
}

/** Runs a change on the folder table, then the file table: the items it changed, of both. */
async function changesOfBoth(
  change: (model: ItemChange['model']) => Promise<{ doc: Doc; previous: Doc }[]>,
): Promise<ItemChange[]> {
  const changed: ItemChange[] = [];
  for (const model of ['folder', 'file'] as const) {
    for (const row of await change(model)) changed.push({ model, ...row });
  }
  return changed;
}

/** More than the deepest folder tree the hooks allow (64). */
const MAX_LEVELS = 100;

/**
 * Restores the rule "an item is never more open than its folder" (files/paths.ts) on stored data:
 * items written before the rule (a subfolder or a moved file of a private folder that stayed
 * public) take the list of their nearest stricter folder. Folders first, level by level, then files.
 * Run at start; on data that keeps the rule it changes nothing. Answers how many rows changed.
 */
export async function narrowStoredLists(repo: DocumentRepository): Promise<number> {
  const roles = { alwaysIn: ALMIGHTY_ROLES, everyone: GUEST_ROLE };
  let changed = 0;
  for (const field of ['_read', '_write'] as const) {
    for (let level = 0; level <= MAX_LEVELS; level++) {
      const folders = await repo.narrowToAncestors('folder', 'folder', field, roles);
      changed += folders;
      if (folders === 0) break;
    }
    changed += await repo.narrowToAncestors('file', 'folder', field, roles);
  }
  return changed;
}

/** A role list that lets everyone in: empty, or naming `guest` (which every caller holds). */
export function isOpenList(list: readonly string[]): boolean {
  return list.length === 0 || list.includes(GUEST_ROLE);
}

/** Does role list `inner` let in no one `outer` keeps out? (admin and superuser pass every list.) */
export function isWithin(inner: readonly string[], outer: readonly string[]): boolean {
  if (isOpenList(outer)) return true;
  if (isOpenList(inner)) return false;
  return inner.every((role) => outer.includes(role) || (ALMIGHTY_ROLES as readonly string[]).includes(role));
}
