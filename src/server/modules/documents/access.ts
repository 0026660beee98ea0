import type { FieldInfo, ModelInfo } from '../../../shared/registry';
import type { Action } from '../../../shared/registry/models';
import { hasAccess, holdsAnyRole, passesAcl, type Caller } from '../../access/caller';
import type { ReadScope } from './repository';
import { forbidden, unauthorized } from '../../errors';

/** May the caller see this field at all (in answers, queries, sorts, search and populate)? */
export function canReadField(caller: Caller, field: Pick<FieldInfo, 'secret' | 'roles' | 'readPermission'>): boolean {
  return !field.secret && mayKnowField(caller, field);
}

/** Do the field's `x-roles` and `x-readPermission` let the caller know it (a secret: that it is set)? */
function mayKnowField(caller: Caller, field: Pick<FieldInfo, 'roles' | 'readPermission'>): boolean {
  return (
    holdsAnyRole(caller, field.roles) && (field.readPermission === undefined || hasAccess(caller, field.readPermission))
  );
}

/** May the caller write this field (before owner rules)? */
export function canWriteField(caller: Caller, field: FieldInfo): boolean {
  // Read-only fields are the server's own: the system caller (seed, public form endpoints) writes them.
  return (
    (!field.readOnly || caller.system === true) &&
    mayKnowField(caller, field) &&
    (field.writePermission === undefined || hasAccess(caller, field.writePermission))
  );
}

/** The owner rule of `x-owner`: the caller owns the document when the owner field holds their id. */
export function owns(caller: Caller, model: ModelInfo, doc: Record<string, unknown>): boolean {
  return Boolean(caller.user && model.owner && doc[model.owner] === caller.user._id);
}

/** Throws 401 for anonymous callers and 403 for logged-in ones that lack the model permission. */
export function deny(caller: Caller, what: string): never {
  throw caller.user ? forbidden(`Not allowed to ${what}`) : unauthorized(`Log in to ${what}`);
}

/**
 * How the caller may read a model: `all` documents, only those they `own`, or not at all (throws).
 * The `_read` lists of ACL models are applied on top by `readScope`.
 */
export function readMode(caller: Caller, model: ModelInfo): 'all' | 'own' {
  if (hasAccess(caller, model.permission.read)) return 'all';
  if (caller.user && model.owner) return 'own';
  return deny(caller, `read ${model.label}`);
}

/**
 * The documents of `model` the caller may read (permission, owner, `_read` list), as data: the
 * repository turns it into SQL. Throws when the caller may not read the model at all.
 */
export function readScope(caller: Caller, model: ModelInfo): ReadScope {
  const mode = readMode(caller, model);
  return {
    model,
    ...(mode === 'own' && caller.user ? { ownerId: caller.user._id } : {}),
    ...(model.acl && !caller.almighty ? { roles: caller.roles } : {}),
  };
}

/**
 * May the caller see soft-deleted documents of the model (`deleted: true`, deleted relation targets)? Content
 * taken off a public model (a page, a file) must not stay public: that needs the model's update or delete
 * permission (the admin's editors). Models read by role or login only keep what the read scope allows, so the
 * admin's labels of deleted relations still work for everyone who may read the model (an accountant's clients).
 */
export function mayReadDeleted(caller: Caller, model: ModelInfo): boolean {
  const { read, update, delete: remove } = model.permission;
  return read !== 'public' || hasAccess(caller, update) || hasAccess(caller, remove);
}

/**
 * The part of the write check that needs no document, made before the document is looked up (so that a
 * 404 tells a caller who may not write nothing about which ids exist): 'all' when the model permission
 * allows the action, 'own' when only owning the document could (`x-owner`). Throws 401/403 otherwise.
 */
export function assertMayWrite(
  caller: Caller,
  model: ModelInfo,
  action: Exclude<Action, 'read'>,
  id?: string,
): 'all' | 'own' {
  if (hasAccess(caller, model.permission[action])) return 'all';
  // The owner of a model owned by `_id` is known from the id alone.
  const mayOwn = model.owner !== undefined && (model.owner !== '_id' || id === caller.user?._id);
  if (action === 'update' && caller.user && mayOwn) return 'own';
  return deny(caller, `${action} ${model.label}`);
}

/**
 * Does the document's `_read` list hide it from the caller? Then a write answers the same 404 as a missing id,
 * so that ids of hidden documents cannot be confirmed.
 */
export function hidesFrom(caller: Caller, model: ModelInfo, doc: Record<string, unknown>): boolean {
  return Boolean(model.acl) && !passesAcl(caller, doc._read);
}

/** May the caller perform a write action on this (existing or new) document? Throws 401/403 otherwise. */
export function assertCanWrite(
  caller: Caller,
  model: ModelInfo,
  action: Exclude<Action, 'read'>,
  existing?: Record<string, unknown>,
): void {
  const permitted = hasAccess(caller, model.permission[action]);
  const asOwner = action === 'update' && existing !== undefined && owns(caller, model, existing);
  if (!permitted && !asOwner) deny(caller, `${action} ${model.label}`);
  if (model.acl && existing && !passesAcl(caller, existing._write)) {
    // The caller may read the list (it passed `_read`): naming it says whom to ask.
    const roles = Array.isArray(existing._write) ? existing._write.join(', ') : '';
    deny(caller, `${action} this ${model.label}: its _write (${roles}) excludes your roles`);
  }
}

const fieldMaps = new WeakMap<ModelInfo, Map<string, FieldInfo>>();

/** The model's fields by name (built once per model; `project` runs for every document of every answer). */
export function fieldsByName(model: ModelInfo): Map<string, FieldInfo> {
  let map = fieldMaps.get(model);
  if (!map) fieldMaps.set(model, (map = new Map(model.fields.map((field) => [field.name, field]))));
  return map;
}

/** The document without the fields the caller may not see; undefined when they may not read it at all. */
/** The fields `project` decides on (row role lists, the owner): a projected read always carries them. */
export function accessFields(model: ModelInfo): string[] {
  return [...(model.acl ? ['_read', '_write'] : []), ...(model.owner ? [model.owner] : [])];
}

export function project(
  caller: Caller,
  model: ModelInfo,
  doc: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const permitted = hasAccess(caller, model.permission.read) || owns(caller, model, doc);
  if (!permitted || (model.acl && !passesAcl(caller, doc._read))) return undefined;
  const visible: Record<string, unknown> = {};
  const fields = fieldsByName(model);
  for (const [key, value] of Object.entries(doc)) {
    const field = fields.get(key);
    if (field ? canReadField(caller, field) : key.startsWith('_')) visible[key] = value;
  }
  return visible;
}
