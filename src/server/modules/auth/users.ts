import type { Database } from '../../db/database';
import type { Registry } from '../../../shared/registry';
import { DocumentRepository, LIVE_ROWS } from '../documents/repository';
import type { Doc } from '../documents/service';
import { PERMISSIONS, type Permission } from '../../../shared/vocabulary';
import type { SessionUser } from '../../../shared/api/auth';
import type { User } from '../../../shared/generated/types';

type UserDoc = Record<string, unknown>;

const isString = (value: unknown): value is string => typeof value === 'string';
const isPermission = (value: unknown): value is Permission => (PERMISSIONS as readonly unknown[]).includes(value);

/** What a user may show of themselves: never the password hash, whatever else the document holds. */
export function publicUser(_id: string, doc: UserDoc): SessionUser {
  const user: SessionUser = {
    _id,
    login: String(doc.login),
    roles: Array.isArray(doc.roles) ? doc.roles.filter(isString) : [],
  };
  for (const key of ['email', 'firstName', 'lastName'] as const) {
    const value = doc[key];
    if (isString(value)) user[key] = value;
  }
  if (doc.avatar && typeof doc.avatar === 'object') user.avatar = doc.avatar as User['avatar'];
  return user;
}

/** The user and role documents as auth needs them, read through the document repository. */
export function createUserRepository(db: Database, registry: Registry) {
  const userModel = registry.model('user');
  if (!userModel) throw new Error('The schemas have no user model');
  const repo = new DocumentRepository(db);
  const asUser = (doc: Doc | undefined) => doc && { _id: doc._id, doc };

  return {
    /**
     * The live (not soft-deleted) user with this login regardless of letter case (logins are unique
     * ignoring case), or undefined: one lookup in the login's unique index.
     */
    async byLogin(name: string): Promise<{ _id: string; doc: UserDoc } | undefined> {
      return asUser(await repo.findByUnique(userModel, 'login', name, LIVE_ROWS));
    },

    async byId(id: string): Promise<{ _id: string; doc: UserDoc } | undefined> {
      return asUser(await repo.findById('user', id, LIVE_ROWS));
    },

    /** Role name -> the permissions it grants (unknown permission strings are ignored). */
    async grants(): Promise<Map<string, Permission[]>> {
      const roles = await repo.findAll('role', LIVE_ROWS);
      return new Map(
        roles.map((role) => [
          String(role.name),
          Array.isArray(role.permissions) ? role.permissions.filter(isPermission) : [],
        ]),
      );
    },

    /** Is there any live user? */
    anyUser: () => repo.exists(userModel, {}, LIVE_ROWS),
  };
}
