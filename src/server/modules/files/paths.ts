import { passesAcl, type Caller } from '../../access/caller';
import { badRequest, conflict, forbidden } from '../../errors';
import type { ModelInfo } from '../../../shared/registry';
import { canWriteField, deny } from '../documents/access';
import type { ModelHooks } from '../documents/hooks';
import type { ModelDoc } from '../../../shared/api/documents';
import { rememberChangedBelow } from './itemEvents';
import { checkItemName } from './names';
import { LIVE_ROWS } from '../documents/repository';
import { FilesRepository, isWithin } from './repository';

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

const ACL_LISTS = ['_read', '_write'] as const;
type AclList = (typeof ACL_LISTS)[number];

/** Two role lists with the same roles (order aside; missing counts as empty). */
const sameRoles = (a: unknown, b: unknown) => {
  const [x, y] = [new Set(stringList(a)), new Set(stringList(b))];
  return x.size === y.size && [...x].every((role) => y.has(role));
};

/** May the caller set this list (admin, superuser: the fields' `x-roles`)? */
function maySetList(caller: Caller, model: ModelInfo, list: AclList): boolean {
  const field = model.fields.find((candidate) => candidate.name === list);
  return field !== undefined && canWriteField(caller, field);
}

/**
 * Permissions of files and folders, as in a file manager (spec §6: `_read`/`_write` are role lists
 * only admin and superuser set). One rule holds everywhere: **an item is never more open than the
 * folder it is in** (its list lets in no one the folder's keeps out; `isWithin`). So whoever can
 * read an item can read every folder above it, and `_path`, `_pathSegments` and `_tree` never name
 * a folder the caller cannot see: no path needs hiding per caller.
 * - A new item, and an item moved into a folder, takes the folder's lists, unless an admin sets
 *   lists of its own in the same write; those must not be more open than the folder's (400).
 *   Moved to the top level (no folder), an item keeps its lists.
 * - An admin changing an item's lists in place: the same 400 when they are more open than its folder's.
 * - Other callers (manage:files) never open an item up by moving it: a move into a folder more
 *   open than the item answers 403 (it would change who sees it).
 * - Changing a folder's list changes the items below it (same transaction, FilesRepository.narrowBelow):
 *   those that had the folder's old list take the new one; those with a list of their own keep it
 *   if it is not more open than the new one (a stricter list stays stricter), otherwise they take
 *   the new one. Making a folder private hides all of its contents; opening it up opens the contents
 *   that followed it, not those an admin had made stricter.
 * - Items stored more open than their folder before this rule are narrowed to it at start
 *   (narrowStoredLists in ./repository, called by the files service's start).
 * Realtime: each item whose lists changed below a folder is announced as if updated itself
 * (files/itemEvents.ts), filtered by its new lists (and its old `_read` for those who saw it before).
 */
function applyFolderLists(args: {
  caller: Caller;
  model: ModelInfo;
  input: Record<string, unknown>;
  doc: Record<string, unknown>;
  existing?: Record<string, unknown>;
  parent: FolderDoc | undefined;
  moved: boolean;
}): void {
  const { caller, model, input, doc, existing, parent, moved } = args;
  if (!parent) return;
  for (const list of ACL_LISTS) {
    const folderList = stringList(parent[list]);
    const maySet = maySetList(caller, model, list);
    // Sent by a caller who may set it: the item's own list.
    const own = maySet && Object.hasOwn(input, list);
    if (moved && !own) {
      if (existing && !maySet && !isWithin(folderList, stringList(existing[list]))) {
        const may = list === '_read' ? 'see' : 'change';
        throw forbidden(
          `Only an admin can move "${String(existing.name)}" into folder "${parent.name}": it would change who may ${may} it`,
        );
      }
      if (parent[list] === undefined) delete doc[list];
      else doc[list] = [...folderList];
    } else if (
      (moved || (own && !sameRoles(input[list], existing?.[list]))) &&
      !isWithin(stringList(doc[list]), folderList)
    ) {
      throw badRequest(
        `${list} of "${String(doc.name)}" lets in more than its folder "${parent.name}" (${folderList.join(', ')}): an item cannot be more open than its folder`,
      );
    }
  }
}

/**
 * Files and folders keep `_path`, `_pathSegments`, `_tree` and their folder's `childCount` right on
 * every write, inside the write's transaction: create, rename, move and delete. Their `_read`/`_write`
 * lists follow their folder (applyFolderLists, above). Moving into a folder
 * needs that folder's `_write`; a folder never moves below itself. A folder is deleted only when
 * empty (409 otherwise): nothing disappears that the caller did not see. The items below a folder
 * that a write of it changed (paths, lists) are announced after the commit (files/itemEvents.ts).
 */
export const fileItemHooks: Pick<ModelHooks, 'beforeWrite' | 'beforeDelete' | 'afterWriteInTx'> = {
  async beforeWrite({ tx, registry, caller, model, input, doc, existing }) {
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
    // Two folders of one name side by side would share their path and could not be told apart.
    if (model.name === 'folder' && (moved || existing?.name !== name)) {
      if (await new FilesRepository(tx, registry).folderNamed(parentId, name))
        throw conflict(`A folder named ${name} already exists here`, {
          fields: [{ field: 'name', message: `A folder named ${name} already exists here` }],
        });
    }
    if (moved && parent && !passesAcl(caller, parent._write)) deny(caller, 'add items to this folder');
    applyFolderLists({ caller, model, input, doc, existing, parent, moved });
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
      rememberChangedBelow(
        doc,
        await repo.rebaseDescendants(doc._id, stringList(doc._tree), stringList(doc._pathSegments)),
      );
    }
    if (model.name === 'folder' && existing && !doc._deletedAt) {
      for (const list of ACL_LISTS) {
        if (!sameRoles(existing[list], doc[list]))
          rememberChangedBelow(
            doc,
            await repo.narrowBelow(doc._id, list, stringList(existing[list]), stringList(doc[list])),
          );
      }
    }
  },
};
