import { ALMIGHTY_ROLES, GUEST_ROLE, PERMISSIONS, type Access, type Permission } from '../../shared/vocabulary';

/** Who is asking: resolved once per request (and per websocket) from the bearer token. */
export interface Caller {
  user?: { _id: string; login: string; roles: string[] };
  /** Role names the caller holds, always including `guest`. */
  roles: string[];
  permissions: ReadonlySet<Permission>;
  /** Holds `admin` or `superuser`: every permission, and `_read`/`_write` lists do not apply. */
  almighty: boolean;
  /** The server acting on its own behalf (seed, public form endpoints): may do what `nobody` may. */
  system?: boolean;
  /**
   * The login session asked through, named by its token's SHA-256 (never the token): a password changed
   * through it keeps it while the user's other sessions end.
   */
  session?: string;
}

export const ANONYMOUS: Caller = Object.freeze({
  roles: [GUEST_ROLE],
  permissions: new Set<Permission>(),
  almighty: false,
});
export const SYSTEM: Caller = Object.freeze({
  roles: [GUEST_ROLE, ...ALMIGHTY_ROLES],
  permissions: new Set<Permission>(PERMISSIONS),
  almighty: true,
  system: true,
});

/** The caller of a user with these roles, given the permissions each role grants. */
export function callerOf(user: NonNullable<Caller['user']>, grants: (role: string) => readonly Permission[]): Caller {
  const almighty = user.roles.some((role) => (ALMIGHTY_ROLES as readonly string[]).includes(role));
  const permissions = new Set<Permission>(almighty ? PERMISSIONS : user.roles.flatMap(grants));
  return { user, roles: [...new Set([GUEST_ROLE, ...user.roles])], permissions, almighty };
}

export function hasAccess(caller: Caller, access: Access): boolean {
  if (access === 'public') return true;
  if (caller.system) return true;
  if (access === 'nobody') return false;
  if (!caller.user) return false;
  if (access === 'authenticated' || caller.almighty) return true;
  return caller.permissions.has(access);
}

/** May the caller see or write a field restricted to some roles (`x-roles`)? */
export function holdsAnyRole(caller: Caller, roles: readonly string[] | undefined): boolean {
  return !roles || caller.roles.some((role) => roles.includes(role));
}

/** Does a document's `_read`/`_write` list let the caller through? Empty or missing lists let everyone with the model permission through. */
export function passesAcl(caller: Caller, list: unknown): boolean {
  if (caller.almighty || !Array.isArray(list) || list.length === 0) return true;
  return list.some((role) => caller.roles.includes(role as string));
}
