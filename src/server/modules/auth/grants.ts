import {
  beyond,
  GUARDED_USER_FIELDS,
  isAlmightyRole,
  namesIn,
  permissionsByRole,
  roleGrant,
  roleRefusal,
  userAbove,
  type PermissionsOf,
} from '../../../shared/rules/grants';
import type { Caller } from '../../access/caller';
import { conflict, forbidden } from '../../errors';
import type { ModelHooks } from '../documents/hooks';
import { LIVE_ROWS, type DocumentRepository } from '../documents/repository';
import type { Doc } from '../documents/service';

/**
 * "Grant only what you hold", enforced: without it, a user manager (`manage:backend`) could create a superuser,
 * widen the role they hold, or set a superuser's password and log in as them. The rule itself (which roles and
 * permissions a caller may grant, which users are above them) is `src/shared/rules/grants.ts`, which the admin
 * follows too, to offer only what passes here. It binds callers who are not almighty (admin, superuser, the
 * server itself); a role is never made under an almighty name by them either.
 */

async function rolePermissions(tx: DocumentRepository): Promise<PermissionsOf> {
  return permissionsByRole(await tx.findAll('role', LIVE_ROWS));
}

const limited = (caller: Caller) => !caller.almighty && !caller.system;

/** A user someone may only change within what they hold themselves: refused when the user holds more. */
function assertNotAbove(caller: Caller, user: Record<string, unknown>, refusal: string, permissionsOf: PermissionsOf) {
  const missing = userAbove(caller, user, permissionsOf);
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
  if (!namesIn(user.roles).some(isAlmightyRole)) return;
  await tx.lockNamed(ALMIGHTY_LOCK);
  const others = (await tx.findAll('user', LIVE_ROWS)).filter(
    (other) => other._id !== user._id && namesIn(other.roles).some(isAlmightyRole),
  );
  if (others.length > 0) return;
  const message = `${refusal} ${String(user.login)}: they are the only user with admin or superuser, and without one nobody can manage users and roles. Give another user one of these roles first`;
  throw conflict(field ? `${field}: ${message}` : message, field ? { fields: [{ field, message }] } : undefined);
}

export const userGrantHooks: ModelHooks = {
  async beforeWrite({ tx, caller, doc, existing }) {
    if (existing && !caller.system && !namesIn(doc.roles).some(isAlmightyRole))
      await assertNotLastAlmighty(tx, existing, 'You cannot take admin and superuser from', 'roles');
    if (!limited(caller)) return;
    const permissionsOf = await rolePermissions(tx);
    const before = new Set(namesIn(existing?.roles));
    for (const role of namesIn(doc.roles)) {
      if (before.has(role)) continue;
      const refusal = roleRefusal(caller, role, permissionsOf);
      if (refusal && 'almighty' in refusal)
        throw forbidden(`roles: You cannot grant ${role}: only admin and superuser may grant it`);
      if (refusal)
        throw forbidden(
          `roles: You cannot grant ${role}: you do not hold all of its permissions (missing ${refusal.missing.join(', ')})`,
        );
    }
    if (!existing) return;
    const changed = GUARDED_USER_FIELDS.filter(
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
    if (isAlmightyRole(String(doc.name)))
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
