import { useMemo } from 'react';
import type { ModelInfo } from '../../shared/registry';
import { OPTION_LIMIT } from '../../shared/rules/constants';
import {
  beyond,
  GUARDED_USER_FIELDS,
  isAlmightyRole,
  namesIn,
  permissionsByRole,
  roleGrant,
  roleRefusal,
  userAbove,
  type Holder,
  type PermissionsOf,
} from '../../shared/rules/grants';
import type { FieldLimits } from '../form/types';
import { mayRead } from './access';
import { useAdmin } from './AdminContext';
import { useFindQuery } from './data/api';
import type { Doc } from './data/types';

/**
 * What the caller may do with one document beyond what its model's permission says: the rules the server's
 * hooks add for some models (`src/server/modules/documents/hooks.ts`), mirrored only to hide or explain what
 * the server would refuse.
 */
export interface DocumentLimits extends FieldLimits {
  /** Why some or all of it is not the caller's to change: said above the form. */
  note?: string;
  /** Nothing of it may change. */
  readonly: boolean;
  mayDelete: boolean;
}

export const NO_LIMITS: DocumentLimits = { readonly: false, locked: [], mayDelete: true, offer: {} };

/** The limits of one document (undefined: a new one) for a caller who is not almighty. */
type ModelLimits = (caller: Holder, permissionsOf: PermissionsOf, doc: Doc | undefined) => DocumentLimits;

/**
 * Users and roles follow "grant only what you hold" (`src/shared/rules/grants.ts`): a user gets only roles the
 * caller may grant, and a user above the caller keeps their password, login and roles and is not deleted.
 */
const userLimits: ModelLimits = (caller, permissionsOf, doc) => {
  const held = new Set(namesIn(doc?.roles));
  const offer = {
    roles: {
      allows: (role: string) => held.has(role) || roleRefusal(caller, role, permissionsOf) === undefined,
      note: 'Only roles whose permissions you hold are offered (admin and superuser only by admin and superuser).',
    },
  };
  const above = doc ? userAbove(caller, doc, permissionsOf) : [];
  if (above.length === 0) return { ...NO_LIMITS, offer };
  return {
    readonly: false,
    locked: GUARDED_USER_FIELDS,
    mayDelete: false,
    offer,
    note: `You cannot change the password, login or roles of ${String(doc?.login)}, nor delete them: they hold permissions you do not (${above.join(', ')}).`,
  };
};

/** A role grants only permissions the caller holds; one granting more is not theirs to change or delete. */
const roleLimits: ModelLimits = (caller, _permissionsOf, doc) => {
  const offer = {
    permissions: {
      allows: (permission: string) => caller.permissions.has(permission),
      note: 'Only permissions you hold are offered.',
    },
  };
  const missing = doc ? beyond(caller, roleGrant(doc)) : [];
  if (missing.length === 0) return { ...NO_LIMITS, offer };
  return {
    readonly: true,
    locked: [],
    mayDelete: false,
    offer,
    note: `You cannot change or delete the role ${String(doc?.name)}: it grants what you do not hold (${missing.join(', ')}).`,
  };
};

/** The models with such rules, by name, as the server's hooks name them. */
const MODEL_LIMITS: Partial<Record<string, ModelLimits>> = { user: userLimits, role: roleLimits };

/** A document as stored: a list's populated relations (a user's roles as `{ _id, name }`) back to their keys. */
function asStored(model: Pick<ModelInfo, 'relations'>, doc: Doc): Doc {
  const stored: Doc = { ...doc };
  for (const { name, relation } of model.relations) {
    const keyOf = (value: unknown) =>
      value !== null && typeof value === 'object' && relation
        ? (value as Record<string, unknown>)[relation.key]
        : value;
    const value = doc[name];
    if (value !== undefined) stored[name] = Array.isArray(value) ? value.map(keyOf) : keyOf(value);
  }
  return stored;
}

const ROLE_PARAMS = { limit: OPTION_LIMIT, fields: ['name', 'permissions'] };

/**
 * The limits of the model's documents for the signed-in user: `NO_LIMITS` for a model without such rules, for
 * admin and superuser, and for a caller who may not list the roles (they change no user or role but their own
 * profile, whose guarded fields are theirs to keep anyway). Undefined while the roles' permissions load. A list's
 * rows may come with their relations populated.
 */
export function useDocumentLimits(
  model: Pick<ModelInfo, 'name' | 'relations'>,
): ((doc: Doc | undefined) => DocumentLimits) | undefined {
  const { permissions, user, registry } = useAdmin();
  const rule = MODEL_LIMITS[model.name];
  const limited =
    rule !== undefined && !user.roles.some(isAlmightyRole) && mayRead({ permissions, user }, registry.model('role'));
  const roles = useFindQuery({ model: 'role', params: ROLE_PARAMS }, { skip: !limited });
  const results = roles.data?.results;
  const failed = roles.isError;
  return useMemo(() => {
    // Roles that could not be loaded: nothing is hidden, the server still refuses (and says why).
    if (!limited || !rule || failed) return () => NO_LIMITS;
    if (!results) return undefined;
    const caller: Holder = { almighty: false, permissions: new Set(permissions) };
    const permissionsOf = permissionsByRole(results);
    return (doc) => rule(caller, permissionsOf, doc && asStored(model, doc));
  }, [limited, rule, failed, results, permissions, model]);
}
