import { ALMIGHTY_ROLES, PERMISSIONS, type Permission } from '../vocabulary';

/**
 * "Grant only what you hold", the rule itself: the server's user and role hooks enforce it
 * (`src/server/modules/auth/grants.ts`, which says why), the admin offers only what passes it. For callers
 * who are not almighty:
 * - a user gets a role only from a caller holding every permission of that role; the almighty roles
 *   (`admin`, `superuser`) only from an almighty caller;
 * - a role is created, changed or deleted only when it grants nothing the caller lacks;
 * - the password, login and roles of a user holding more than the caller are not theirs to change, nor is
 *   deleting such a user.
 */

/** Who grants: what they hold. */
export interface Holder {
  almighty: boolean;
  permissions: ReadonlySet<string>;
}

/** What a set of role names grants: the almighty roles everything (and `almighty`), others their permissions. */
export interface Grant {
  almighty: boolean;
  permissions: ReadonlySet<Permission>;
}

/** The permissions a role (by name) grants; an unknown role grants none. */
export type PermissionsOf = (role: string) => readonly string[];

/** The fields of a user only a caller holding all the user holds may change. */
export const GUARDED_USER_FIELDS = ['password', 'login', 'roles'] as const;

export const isAlmightyRole = (role: string): boolean => (ALMIGHTY_ROLES as readonly string[]).includes(role);

/** The strings of a stored list (a user's roles, a role's permissions); anything else is none. */
export const namesIn = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The permissions of the roles by name, from the role documents. */
export function permissionsByRole(roles: readonly Record<string, unknown>[]): PermissionsOf {
  const byName = new Map(roles.map((role) => [String(role.name), namesIn(role.permissions)]));
  return (role) => byName.get(role) ?? [];
}

export function grantOf(roles: readonly string[], permissionsOf: PermissionsOf): Grant {
  const almighty = roles.some(isAlmightyRole);
  const permissions = new Set<Permission>(
    almighty
      ? PERMISSIONS
      : roles.flatMap(permissionsOf).filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p)),
  );
  return { almighty, permissions };
}

/** The role as it grants: by its name when almighty, else by its permissions list. */
export function roleGrant(role: Record<string, unknown>): Grant {
  return grantOf([String(role.name)], () => namesIn(role.permissions));
}

/** What `grant` holds that the caller does not, as words for a message; empty when the caller holds it all. */
export function beyond(caller: Holder, grant: Grant): string[] {
  // Admin and superuser hold everything: naming each permission besides would only repeat it.
  if (grant.almighty) return ['admin or superuser: every permission and every _read/_write list'];
  return [...grant.permissions].filter((p) => !caller.permissions.has(p));
}

/** What a user holds beyond the caller (words, see `beyond`); empty when the caller may change and delete them. */
export function userAbove(caller: Holder, user: Record<string, unknown>, permissionsOf: PermissionsOf): string[] {
  return beyond(caller, grantOf(namesIn(user.roles), permissionsOf));
}

/**
 * Why the caller may not give a user this role: `almighty` (only admin and superuser may), or the permissions of
 * it they lack; undefined when they may.
 */
export function roleRefusal(
  caller: Holder,
  role: string,
  permissionsOf: PermissionsOf,
): { almighty: true } | { missing: string[] } | undefined {
  if (isAlmightyRole(role)) return { almighty: true };
  const missing = beyond(caller, grantOf([role], permissionsOf));
  return missing.length > 0 ? { missing } : undefined;
}
