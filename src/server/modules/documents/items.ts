import type { Caller } from '../../access/caller';
import { badRequest } from '../../errors';
import type { Doc, DocumentService } from './service';

const ITEM_MODELS = ['file', 'folder'];
const MAX_DEPTH = 64;

/**
 * `POST /api/database/{model}/{id}`: changes name, parent and `_read`/`_write` of a file or folder,
 * keeping everything else. A folder cannot move into itself or one of its descendants.
 */
export async function patchItem(
  documents: DocumentService,
  caller: Caller,
  model: string,
  id: string,
  patch: Record<string, unknown>,
): Promise<Doc> {
  if (!ITEM_MODELS.includes(model)) throw badRequest(`Only files and folders can be changed here, not ${model}`);
  if (patch._id !== undefined && patch._id !== id) throw badRequest('_id of the body does not match the path');
  // Before the lookup: whether the id exists is none of the business of a caller who may not change it.
  documents.assertMayWrite(caller, model, 'update', id);
  const existing = await documents.findById(caller, model, id);
  const parent = patch._parent;
  if (typeof parent === 'string') {
    let current: string | null = parent;
    for (let depth = 0; current; depth++) {
      if (current === id) throw badRequest('A folder cannot be moved into itself or one of its subfolders');
      if (depth > MAX_DEPTH) throw badRequest('Folder tree is too deep');
      const folder: Doc = await documents.findById(caller, 'folder', current);
      current = typeof folder._parent === 'string' ? folder._parent : null;
    }
  }
  const { _id: _ignored, ...changes } = patch;
  return documents.save(caller, model, { ...existing, ...changes, _id: id });
}
