import { passesAcl } from '../../access/caller';
import { badRequest, conflict } from '../../errors';
import { deny } from '../documents/access';
import type { ModelHooks } from '../documents/hooks';
import type { Doc } from '../documents/service';
import { checkItemName } from './names';
import { LIVE_ROWS } from '../documents/repository';
import { FilesRepository } from './repository';

const MAX_DEPTH = 64;

/** Path fields of an item below `parent` (undefined: the root). */
export function pathFields(
  name: string,
  parent: Doc | undefined,
): { _tree: string[]; _pathSegments: string[]; _path: string } {
  const tree = parent ? [...((parent._tree as string[] | undefined) ?? []), parent._id] : [];
  const segments = [...((parent?._pathSegments as string[] | undefined) ?? []), name];
  return { _tree: tree, _pathSegments: segments, _path: `/${segments.join('/')}` };
}

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
    doc.name = checkItemName(doc.name);
    const parentId = typeof doc._parent === 'string' ? doc._parent : null;
    if (doc._parent === undefined) doc._parent = null;
    let parent: Doc | undefined;
    if (parentId) {
      if (existing && parentId === existing._id)
        throw badRequest('A folder cannot be moved into itself or one of its subfolders');
      parent = await tx.findById('folder', parentId, LIVE_ROWS);
      if (!parent) throw badRequest(`Folder ${parentId} does not exist`);
      if (!passesAcl(caller, parent._read)) throw badRequest(`Folder ${parentId} does not exist`);
      const tree = (parent._tree as string[] | undefined) ?? [];
      if (existing && model.name === 'folder' && tree.includes(existing._id))
        throw badRequest('A folder cannot be moved into itself or one of its subfolders');
      if (tree.length >= MAX_DEPTH) throw badRequest('Folder tree is too deep');
    }
    const moved = !existing || (existing._parent ?? null) !== parentId;
    if (moved && parent && !passesAcl(caller, parent._write)) deny(caller, 'add items to this folder');
    if (!existing && parent && model.name === 'file') {
      if (doc._read === undefined && Array.isArray(parent._read)) doc._read = [...(parent._read as string[])];
      if (doc._write === undefined && Array.isArray(parent._write)) doc._write = [...(parent._write as string[])];
    }
    Object.assign(doc, pathFields(doc.name as string, parent));
    if (model.name === 'folder' && existing === undefined) doc.childCount = 0;
  },

  async beforeDelete({ tx, model, doc }) {
    if (model.name === 'folder' && (await new FilesRepository(tx.queryable).hasChildren(doc._id))) {
      throw conflict('The folder is not empty: delete or move its contents first');
    }
  },

  async afterWriteInTx({ tx, model, doc, existing }) {
    const repo = new FilesRepository(tx.queryable);
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
      await repo.rebaseDescendants(doc._id, doc._tree as string[], doc._pathSegments as string[]);
    }
  },
};
