import { ALMIGHTY_ROLES, PERMISSIONS, type Permission } from '../../../shared/vocabulary';
import type { Caller } from '../../access/caller';
import { conflict, forbidden } from '../../errors';
import type { ModelHooks } from '../documents/hooks';
import { LIVE_ROWS, type DocumentRepository } from '../documents/repository';
import type { Doc } from '../documents/service';

/**
 * "Grant only what you hold": without it, a user manager (`manage:backend`) could create a superuser,
 * widen the role they hold, or set a superuser's password and log in as them. For callers who are not
 * almighty (admin, superuser, the server itself):
 * - a user gets a role only from a caller holding every permission of that role; the almighty roles
 *   (`admin`, `superuser`) only from an almighty caller;
 * - a role is created, changed or deleted only when, before and after, it grants nothing the caller lacks,
 *   and never under an almighty name;
 * - the password, login and roles of a user holding more than the caller are not theirs to change, nor is
 *   deleting such a user.
 */

/** What a set of role names grants: the almighty roles everything (and `almighty`), others their permissions. */
interface Grant {
  almighty: boolean;
  permissions: Set<Permission>;
}

const isAlmighty = (role: string) => (ALMIGHTY_ROLES as readonly string[]).includes(role);
const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function grantOf(roles: string[], permissionsOf: (role: string) => readonly string[]): Grant {
  const almighty = roles.some(isAlmighty);
  const permissions = new Set<Permission>(
    almighty
      ? PERMISSIONS
      : roles.flatMap(permissionsOf).filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p)),
  );
  return { almighty, permissions };
}

/** What `grant` holds that the caller does not, as words for a message; empty when the caller holds it all. */
function beyond(caller: Caller, grant: Grant): string[] {
  const missing: string[] = [...grant.permissions].filter((p) => !caller.permissions.has(p));
  if (grant.almighty) missing.unshift('every permission and every _read/_write list (admin and superuser)');
  return missing;
}

async function rolePermissions(tx: DocumentRepository): Promise<(role: string) => readonly string[]> {
  const roles = await tx.findAll('role', LIVE_ROWS);
  const byName = new Map(roles.map((role) => [String(role.name), asList(role.permissions)]));
  return (role) => byName.get(role) ?? [];
}

const limited = (caller: Caller) => !caller.almighty && !caller.system;

/** A user someone may only change within what they hold themselves: refused when the user holds more. */
function assertNotAbove(
  caller: Caller,
  user: Record<string, unknown>,
  refusal: string,
  permissionsOf: (role: string) => readonly string[],
) {
  const missing = beyond(caller, grantOf(asList(user.roles), permissionsOf));
  if (missing.length > 0)
    throw forbidden(`${refusal} ${String(user.login)}: they hold permissions you do not (${missing.join(', ')})`);
}

/** The lock the writes taking admin or superuser from a user (or deleting one) take one after the other. */
const ALMIGHTY_LOCK = 'baukasten.almightyUsers';

/**
 * Someone must stay able to manage users and roles: the last live user holding admin or superuser keeps the
 * role and is not deleted. Otherwise one click (an owner taking their own superuser off) locks everyone out of
 * the users screen for good, and only the database could give the role back. Such writes take turns (a named
 * lock until the transaction ends): two at once, each taking the role from one of the last two, would otherwise
 * each count the other as still holding it, and both pass.
 */
async function assertNotLastAlmighty(tx: DocumentRepository, user: Doc, refusal: string, field?: string) {
  if (!asList(user.roles).some(isAlmighty)) return;
  await tx.lockNamed(ALMIGHTY_LOCK);
  const others = (await tx.findAll('user', LIVE_ROWS)).filter(
    (other) => other._id !== user._id && asList(other.roles).some(isAlmighty),
  );
  if (others.length > 0) return;
  const message = `${refusal} ${String(user.login)}: they are the only user with admin or superuser, and without one nobody can manage users and roles. Give another user one of these roles first`;
  throw conflict(field ? `${field}: ${message}` : message, field ? { fields: [{ field, message }] } : undefined);
}

export const userGrantHooks: ModelHooks = {
  async beforeWrite({ tx, caller, doc, existing }) {
    if (existing && !caller.system && !asList(doc.roles).some(isAlmighty))
      await assertNotLastAlmighty(tx, existing, 'You cannot take admin and superuser from', 'roles');
    if (!limited(caller)) return;
    const permissionsOf = await rolePermissions(tx);
    const before = new Set(asList(existing?.roles));
    for (const role of asList(doc.roles)) {
      if (before.has(role)) continue;
      if (isAlmighty(role)) throw forbidden(`roles: You cannot grant ${role}: only admin and superuser may grant it`);
      const missing = beyond(caller, grantOf([role], permissionsOf));
      if (missing.length > 0)
        throw forbidden(
          `roles: You cannot grant ${role}: you do not hold all of its permissions (missing ${missing.join(', ')})`,
        );
    }
    if (!existing) return;
    const changed = (['password', 'login', 'roles'] as const).filter(
      (field) => JSON.stringify(doc[field] ?? null) !== JSON.stringify(existing[field] ?? null),
    );
    if (changed.length > 0)
      assertNotAbove(caller, existing, `${changed[0]}: You cannot change the ${changed[0]} of`, permissionsOf);
  },
  async beforeDelete({ tx, caller, doc }) {
    if (!caller.system) await assertNotLastAlmighty(tx, doc, 'You cannot delete');
    if (!limited(caller)) return;
    assertNotAbove(caller, doc, 'You cannot delete', await rolePermissions(tx));
  },
};

/** The role as it grants: by its name when almighty, else by its permissions list. */
function roleGrant(role: Record<string, unknown>): Grant {
  const name = String(role.name);
  return grantOf([name], () => asList(role.permissions));
}

export const roleGrantHooks: ModelHooks = {
  async beforeWrite({ caller, doc, existing }) {
    if (!limited(caller)) return;
    if (existing) {
      const missing = beyond(caller, roleGrant(existing));
      if (missing.length > 0)
        throw forbidden(
          `You cannot change the role ${String(existing.name)}: it grants what you do not hold (${missing.join(', ')})`,
        );
    }
    if (isAlmighty(String(doc.name)))
      throw forbidden(`name: Only admin and superuser may make the role ${String(doc.name)}`);
    const missing = beyond(caller, roleGrant(doc));
    if (missing.length > 0)
      throw forbidden(`permissions: You cannot grant ${missing.join(', ')}: you do not hold it yourself`);
  },
  async beforeDelete({ caller, doc }) {
    if (!limited(caller)) return;
    const missing = beyond(caller, roleGrant(doc));
    if (missing.length > 0)
      throw forbidden(
        `You cannot delete the role ${String(doc.name)}: it grants what you do not hold (${missing.join(', ')})`,
      );
  },
};
