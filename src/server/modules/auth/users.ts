import type { Database, Queryable } from '../../db/database';
import { columnExpression, fieldExpression, table } from '../../db/tables';
import type { Registry } from '../../../shared/registry';
import { sql } from '../../db/sql';
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

/** The user and role tables as auth needs them; only this file knows their SQL. */
export function createUserRepository(db: Database, registry: Registry) {
  const userModel = registry.model('user');
  if (!userModel) throw new Error('The schemas have no user model');
  // The login's derived column carries the unique index, so a login is one index lookup.
  const login = columnExpression(userModel, 'login', 'text');
  const roleName = fieldExpression(['name'], 'text');
  const anyUser = async (tx: Queryable): Promise<boolean> =>
    (await tx.query(sql`SELECT 1 FROM ${table('user')} WHERE deleted_at IS NULL LIMIT 1`)).rows.length > 0;

  return {
    /** The live (not soft-deleted) user with this login, or undefined. */
    async byLogin(name: string): Promise<{ _id: string; doc: UserDoc } | undefined> {
      const { rows } = await db.query<{ _id: string; doc: UserDoc }>(
        sql`SELECT _id, doc FROM ${table('user')} WHERE ${login} = ${name} AND deleted_at IS NULL LIMIT 1`,
      );
      return rows[0];
    },

    async byId(id: string): Promise<{ _id: string; doc: UserDoc } | undefined> {
      const { rows } = await db.query<{ _id: string; doc: UserDoc }>(
        sql`SELECT _id, doc FROM ${table('user')} WHERE _id = ${id} AND deleted_at IS NULL`,
      );
      return rows[0];
    },

    /** Role name -> the permissions it grants (unknown permission strings are ignored). */
    async grants(): Promise<Map<string, Permission[]>> {
      const { rows } = await db.query<{ name: string; permissions: unknown }>(
        sql`SELECT ${roleName} AS name, ${fieldExpression(['permissions'], 'json')} AS permissions
            FROM ${table('role')} WHERE deleted_at IS NULL`,
      );
      return new Map(
        rows.map((row) => [row.name, Array.isArray(row.permissions) ? row.permissions.filter(isPermission) : []]),
      );
    },

    /** Is there any live user? */
    anyUser: () => anyUser(db),
  };
}
