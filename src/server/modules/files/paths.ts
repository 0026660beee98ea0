import { passesAcl } from '../../access/caller';
import { badRequest, conflict } from '../../errors';
import { deny } from '../documents/access';
import type { ModelHooks } from '../documents/hooks';
import type { ModelDoc } from '../../../shared/api/documents';
import { checkItemName } from './names';
import { LIVE_ROWS } from '../documents/repository';
import { FilesRepository } from './repository';

const MAX_DEPTH = 64;

type FolderDoc = ModelDoc<'folder'>;

/** Path fields of an item below `parent` (undefined: the root). */
export function pathFields(
  name: string,
  parent: FolderDoc | undefined,
): { _tree: string[]; _pathSegments: string[]; _path: string } {
  const tree = parent ? [...(parent._tree ?? []), parent._id] : [];
  const segments = [...(parent?._pathSegments ?? []), name];
  return { _tree: tree, _pathSegments: segments, _path: `/${segments.join('/')}` };
}

/** A path field of a stored document (the hooks see documents of either model untyped). */
const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const sameList = (a: unknown, b: unknown) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/**
 * Files and folders keep `_path`, `_pathSegments`, `_tree` and their folder's `childCount` right on
 * every write, inside the write's transaction: create, rename, move and delete. A new file takes the
 * `_read`/`_write` lists of its folder unless the (admin) caller set its own. Moving into a folder
 * needs that folder's `_write`; a folder never moves below itself. A folder is deleted only when
 * empty (409 otherwise): nothing disappears that the caller did not see.
 */
export const fileItemHooks: Pick<ModelHooks, 'beforeWrite' | 'beforeDelete' | 'afterWriteInTx'> = {
  async beforeWrite({ tx, caller, model, doc, existing }) {
    const name = checkItemName(doc.name);
    doc.name = name;
    const parentId = typeof doc._parent === 'string' ? doc._parent : null;
    if (doc._parent === undefined) doc._parent = null;
    let parent: FolderDoc | undefined;
    if (parentId) {
      if (existing && parentId === existing._id)
        throw badRequest('A folder cannot be moved into itself or one of its subfolders');
      parent = await tx.findById('folder', parentId, LIVE_ROWS);
      if (!parent) throw badRequest(`Folder ${parentId} does not exist`);
      if (!passesAcl(caller, parent._read)) throw badRequest(`Folder ${parentId} does not exist`);
      const tree = parent._tree ?? [];
      if (existing && model.name === 'folder' && tree.includes(existing._id))
        throw badRequest('A folder cannot be moved into itself or one of its subfolders');
      if (tree.length >= MAX_DEPTH) throw badRequest('Folder tree is too deep');
    }
    const moved = !existing || (existing._parent ?? null) !== parentId;
    if (moved && parent && !passesAcl(caller, parent._write)) deny(caller, 'add items to this folder');
    if (!existing && parent && model.name === 'file') {
      if (doc._read === undefined && Array.isArray(parent._read)) doc._read = [...parent._read];
      if (doc._write === undefined && Array.isArray(parent._write)) doc._write = [...parent._write];
    }
    Object.assign(doc, pathFields(name, parent));
    if (model.name === 'folder' && existing === undefined) doc.childCount = 0;
  },

  async beforeDelete({ tx, registry, model, doc }) {
    if (model.name === 'folder' && (await new FilesRepository(tx, registry).hasChildren(doc._id))) {
      throw conflict('The folder is not empty: delete or move its contents first');
    }
  },

  async afterWriteInTx({ tx, registry, model, doc, existing }) {
    const repo = new FilesRepository(tx, registry);
    const parent = typeof doc._parent === 'string' ? doc._parent : null;
    const before = typeof existing?._parent === 'string' ? existing._parent : null;
    if (parent) await repo.recountChildren(parent);
    if (before && before !== parent) await repo.recountChildren(before);
    if (
      model.name === 'folder' &&
      existing &&
      !doc._deletedAt &&
      (!sameList(existing._tree, doc._tree) || !sameList(existing._pathSegments, doc._pathSegments))
    ) {
      await repo.rebaseDescendants(doc._id, stringList(doc._tree), stringList(doc._pathSegments));
    }
  },
};
