import type { ModelInfo } from '../../shared/registry';
import { ALMIGHTY_ROLES, GUEST_ROLE, type Access } from '../../shared/vocabulary';

/** Client-side mirror of the server's access rule, only to hide what the server would refuse anyway. */
export function canAccess(permissions: readonly string[], access: Access | undefined): boolean {
  if (access === undefined || access === 'public' || access === 'authenticated') return true;
  if (access === 'nobody') return false;
  return permissions.includes(access);
}

/**
 * The permission that shows a model in the navigation: the first real permission among read, update,
 * create and delete. Files are readable by anyone but managed with `manage:files`; the Kassen models
 * need only a login.
 */
export function navAccess(model: Pick<ModelInfo, 'permission'>): Access {
  const { read, update, create, delete: remove } = model.permission;
  return [read, update, create, remove].find((access) => access.startsWith('manage:')) ?? read;
}

/** Who asks, as the admin knows them: the session's permissions and the signed-in user. */
export interface Asker {
  permissions: readonly string[];
  user: { _id: string; roles: readonly string[] };
}

type AccessModel = Pick<ModelInfo, 'permission' | 'owner' | 'acl'>;

/**
 * Does a list of the model answer the caller (the server's `readMode`)? With the read permission, or as the
 * owner of some documents (`x-owner`: a list of only their own). A model the server sent no schema of is
 * unreadable too: pass it as undefined.
 */
export function mayRead(asker: Asker, model: AccessModel | undefined): boolean {
  return model !== undefined && (canAccess(asker.permissions, model.permission.read) || model.owner !== undefined);
}

/**
 * May the caller ask for deleted documents of the model (`deleted: true`, the server's `mayReadDeleted`)? Of a
 * model anyone may read (files), only with the permission to update or delete it: others get 403.
 */
export function mayReadDeleted(asker: Pick<Asker, 'permissions'>, model: Pick<ModelInfo, 'permission'>): boolean {
  const { read, update, delete: remove } = model.permission;
  return read !== 'public' || canAccess(asker.permissions, update) || canAccess(asker.permissions, remove);
}

/**
 * May the caller create, update or delete (this document of) the model? The server's `assertCanWrite`: the
 * model permission, or owning the document for an update (`x-owner`, `_id` for users themselves), and the
 * document's `_write` roles for ACL models (admin and superuser pass them). Without `doc`: any document.
 */
export function mayWrite(
  asker: Asker,
  model: AccessModel,
  action: 'create' | 'update' | 'delete',
  doc?: Record<string, unknown>,
): boolean {
  const asOwner =
    action === 'update' && doc !== undefined && model.owner !== undefined && doc[model.owner] === asker.user._id;
  if (!canAccess(asker.permissions, model.permission[action]) && !asOwner) return false;
  return !model.acl || doc === undefined || passesWriteList(asker, doc._write);
}

/**
 * The document is the caller's own account: a model its documents own by their `_id` (the users), and this one
 * theirs. Deleting it ends every session of theirs (the server's rule), this one too.
 */
export function isOwnAccount(model: Pick<ModelInfo, 'owner'>, doc: { _id?: unknown }, user: { _id: string }): boolean {
  return model.owner === '_id' && doc._id === user._id;
}

/** A document's `_write` roles let the caller through: empty or missing lists do, admin and superuser always. */
function passesWriteList(asker: Asker, list: unknown): boolean {
  const roles = [GUEST_ROLE, ...asker.user.roles];
  if (roles.some((role) => (ALMIGHTY_ROLES as readonly string[]).includes(role))) return true;
  return !Array.isArray(list) || list.length === 0 || list.some((role) => roles.includes(role as string));
}
