import { createObjectId } from '../../src/shared/format/objectId';
import type { Database } from '../../src/server/db/database';
import { sql } from '../../src/server/db/sql';
import type { AuthService } from '../../src/server/modules/auth/service';
import type { createTestApp } from './testApp';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The demo roles: staff (cms, files), accountant (payment). */
export const ROLES = {
  staff: ['manage:cms', 'manage:files'],
  accountant: ['manage:payment'],
  backend: ['manage:backend'],
} as const;

/** Creates the role (if needed) and a user holding it through the API; answers the user's token and id. */
export async function userWithRole(t: TestApp, adminToken: string, login: string, role: keyof typeof ROLES | null) {
  if (role) {
    const existing = await t.app.inject({
      method: 'POST',
      url: '/api/document/find',
      headers: t.auth(adminToken),
      payload: { model: 'role', query: { name: role } },
    });
    if ((existing.json() as { results: unknown[] }).results.length === 0) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/document/updateOne?model=role',
        headers: t.auth(adminToken),
        payload: { name: role, permissions: ROLES[role] },
      });
      if (created.statusCode !== 200) throw new Error(`role ${role}: ${created.body}`);
    }
  }
  const password = `${login}-password-1`;
  const user = await t.app.inject({
    method: 'POST',
    url: '/api/document/updateOne?model=user',
    headers: t.auth(adminToken),
    payload: { login, email: `${login}@example.ch`, roles: role ? [role] : [], password },
  });
  if (user.statusCode !== 200) throw new Error(`user ${login}: ${user.body}`);
  return { token: await t.login(login, password), id: (user.json() as { _id: string })._id, password };
}

/** Inserts a user row straight into the table (no API, no permission checks) and answers its id. */
export async function insertUser(
  db: Database,
  auth: Pick<AuthService, 'hashPassword'>,
  login: string,
  password: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const id = createObjectId();
  const doc = { login, roles: [], ...extra, password: await auth.hashPassword(password) };
  await db.query(sql`INSERT INTO doc_user (_id, doc) VALUES (${id}, ${JSON.stringify(doc)}::jsonb)`);
  return id;
}
