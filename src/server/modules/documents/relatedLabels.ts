import type { ModelInfo } from '../../../shared/registry';
import { passesAcl, type Caller } from '../../access/caller';
import { canReadField, fieldsByName, mayReadDeleted, project, readScope } from './access';
import type { Scope } from './repository';

/** What of a relation decides how its targets are shown (a field's `x-relation`, with its defaults applied). */
export interface SharedRelation {
  key: string;
  label: string;
  shareLabel?: boolean;
}

/**
 * Does the relation show its label to this caller for targets they may not read? Only when the schema
 * says so (`shareLabel`), only to someone signed in, and never a label field the caller may not read
 * (a secret, or one restricted to some roles).
 */
function sharesLabel(caller: Caller, target: ModelInfo, relation: SharedRelation): boolean {
  if (!relation.shareLabel || !caller.user) return false;
  const field = fieldsByName(target).get(relation.label);
  return field !== undefined && canReadField(caller, field);
}

/**
 * Where the targets of a relation are looked up for a caller who reads documents referring to them
 * (populate, the labels of a list's filter values): their read scope, or, when the relation shares its
 * label, every document the `_read` lists let through. Soft-deleted targets too, where the caller may
 * see deleted documents of the model. Undefined when the caller may see none of them.
 */
export function relatedScope(caller: Caller, target: ModelInfo, relation: SharedRelation): Scope | undefined {
  const deleted = mayReadDeleted(caller, target);
  if (sharesLabel(caller, target, relation))
    return { read: { model: target, ...(target.acl && !caller.almighty ? { roles: caller.roles } : {}) }, deleted };
  try {
    return { read: readScope(caller, target), deleted };
  } catch {
    return undefined;
  }
}

/**
 * A target found in `relatedScope` as the caller may see it: what they may read of it (projected), or,
 * for a target they may not read whose relation shares its label, its `_id`, key and label and nothing
 * else (not even whether it is deleted). Undefined when they may see nothing of it.
 */
export function relatedView(
  caller: Caller,
  target: ModelInfo,
  relation: SharedRelation,
  doc: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const visible = project(caller, target, doc);
  if (visible) return visible;
  // The scope already leaves out what a `_read` list hides; checked again so no other lookup can leak it.
  if (!sharesLabel(caller, target, relation) || (target.acl && !passesAcl(caller, doc._read))) return undefined;
  return { _id: doc._id, [relation.key]: doc[relation.key], [relation.label]: doc[relation.label] };
}
