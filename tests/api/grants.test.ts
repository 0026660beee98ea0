import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { ident, sql } from '../../src/server/db/sql';
import { migrate, tableName } from '../../src/server/db/tables';
import { DocumentRepository } from '../../src/server/modules/documents/repository';
import { createTestApp, ADMIN_PASSWORD } from '../helpers/testApp';
import { createObjectId } from '../../src/shared/format/objectId';
import { insertUser, userWithRole } from '../helpers/users';

/**
 * Audit 3, findings 2, 6 and 7: a caller grants only what they hold; an owner cannot hand a document to
 * someone else; logins are unique regardless of case, not renamed by their owner, and one's own password
 * changes only with the current one.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let adminToken: string;
let adminId: string;

const save = (model: string, token: string, doc: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/document/updateOne?model=${model}`, headers: t.auth(token), payload: doc });
const remove = (model: string, token: string, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/document/delete?model=${model}&id=${id}`, headers: t.auth(token) });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
const idOf = async (model: string, query: Record<string, unknown>) =>
  (await t.app.services.documents.find(SYSTEM, model, { query, limit: 1 })).results[0]?._id as string;

/** A role and a user holding it, made by the admin; answers the user's token and id. */
async function manager(name: string, permissions: string[]) {
  expect((await save('role', adminToken, { name, permissions })).statusCode).toBe(200);
  const password = `${name}-password-1`;
  const user = await save('user', adminToken, { login: name, roles: [name], password });
  expect(user.statusCode).toBe(200);
  return { id: (user.json() as { _id: string })._id, token: (await login(name, password)).json().token as string };
}

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
  adminId = await idOf('user', { login: 'admin' });
});
afterAll(() => t.close());

describe('grant only what you hold (finding 2)', () => {
  let ops: { id: string; token: string };
  let lead: { id: string; token: string };
  let marco: { id: string; token: string };

  beforeAll(async () => {
    ops = await manager('ops', ['manage:backend']);
    lead = await manager('lead', ['manage:backend', 'manage:cms', 'manage:files']);
    marco = await userWithRole(t, adminToken, 'marco', 'accountant');
    await userWithRole(t, adminToken, 'anna0', 'staff');
  });

  it('refuses a user manager creating a superuser or an admin, or granting roles beyond their own', async () => {
    for (const role of ['superuser', 'admin']) {
      const made = await save('user', ops.token, { login: `su-${role}`, password: 'supassword1', roles: [role] });
      expect(made.statusCode).toBe(403);
      expect(made.json().error).toBe(`roles: You cannot grant ${role}: only admin and superuser may grant it`);
    }
    const staff = await save('user', ops.token, {
      login: 'staff-by-ops',
      password: 'staffpassword1',
      roles: ['staff'],
    });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().error).toBe(
      'roles: You cannot grant staff: you do not hold all of its permissions (missing manage:cms, manage:files)',
    );
    expect(await idOf('user', { login: 'su-superuser' })).toBeUndefined();
    expect(await idOf('user', { login: 'staff-by-ops' })).toBeUndefined();
    // Adding a role to an existing user is granting too.
    const helper = await save('user', ops.token, { login: 'helper', password: 'helperpassword1', roles: ['ops'] });
    expect(helper.statusCode).toBe(200);
    const widened = await save('user', ops.token, { _id: helper.json()._id, roles: ['ops', 'accountant'] });
    expect(widened.statusCode).toBe(403);
    expect(widened.json().error).toMatch(/^roles: You cannot grant accountant: .*missing manage:payment/);
  });

  it('lets a manager create users with roles whose permissions they hold', async () => {
    const made = await save('user', lead.token, { login: 'new-staff', password: 'staffpassword1', roles: ['staff'] });
    expect(made.statusCode).toBe(200);
    expect(made.json().roles).toEqual(['staff']);
    expect((await login('new-staff', 'staffpassword1')).statusCode).toBe(200);
    // A role of the manager's own permissions, made by them, can be granted as well.
    expect((await save('role', ops.token, { name: 'helpdesk', permissions: ['manage:backend'] })).statusCode).toBe(200);
    const desk = await save('user', ops.token, { login: 'desk', password: 'deskpassword1', roles: ['helpdesk'] });
    expect(desk.statusCode).toBe(200);
    // ...and the manager may reset that user's password: it holds nothing beyond theirs.
    expect((await save('user', ops.token, { _id: desk.json()._id, password: 'deskpassword2' })).statusCode).toBe(200);
    expect((await login('desk', 'deskpassword2')).statusCode).toBe(200);
  });

  it('refuses widening a role beyond what the caller holds, also the role they hold themselves', async () => {
    const opsRole = await idOf('role', { name: 'ops' });
    const widened = await save('role', ops.token, {
      _id: opsRole,
      permissions: ['manage:backend', 'manage:payment', 'manage:cms'],
    });
    expect(widened.statusCode).toBe(403);
    expect(widened.json().error).toBe(
      'permissions: You cannot grant manage:payment, manage:cms: you do not hold it yourself',
    );
    const made = await save('role', ops.token, { name: 'payer', permissions: ['manage:payment'] });
    expect(made.statusCode).toBe(403);
    expect(made.json().error).toBe('permissions: You cannot grant manage:payment: you do not hold it yourself');
    // Changing or deleting a role that grants more than the caller holds (renaming it away from its users).
    const staffRole = await idOf('role', { name: 'staff' });
    const renamed = await save('role', ops.token, { _id: staffRole, name: 'staff2' });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json().error).toBe(
      'You cannot change the role staff: it grants what you do not hold (manage:cms, manage:files)',
    );
    expect((await remove('role', ops.token, await idOf('role', { name: 'accountant' }))).statusCode).toBe(403);
    const almighty = await remove('role', ops.token, await idOf('role', { name: 'admin' }));
    expect(almighty.statusCode).toBe(403);
    expect(almighty.json().error).toMatch(/^You cannot delete the role admin: it grants what you do not hold/);
    const named = await save('role', lead.token, { name: 'root', permissions: [] });
    expect(named.statusCode).toBe(200);
    const toAdmin = await save('role', lead.token, { _id: named.json()._id, name: 'superuser' });
    expect(toAdmin.statusCode).toBe(403);
    expect(toAdmin.json().error).toBe('name: Only admin and superuser may make the role superuser');
    const stored = await t.app.services.documents.findById(SYSTEM, 'role', opsRole);
    expect(stored.permissions).toEqual(['manage:backend']);
    // Narrowing a role within what one holds still works.
    expect(
      (await save('role', ops.token, { _id: await idOf('role', { name: 'helpdesk' }), permissions: [] })).statusCode,
    ).toBe(200);
  });

  it('refuses changing the password, login or roles of a user who holds more, or deleting them', async () => {
    const password = await save('user', ops.token, { _id: adminId, password: 'taken-over-1' });
    expect(password.statusCode).toBe(403);
    expect(password.json().error).toBe(
      'password: You cannot change the password of admin: they hold permissions you do not (admin or superuser: every permission and every _read/_write list)',
    );
    expect((await login('admin', 'taken-over-1')).statusCode).toBe(401);
    expect((await login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    const renamed = await save('user', ops.token, { _id: adminId, login: 'old-admin' });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json().error).toMatch(/^login: You cannot change the login of admin: /);
    const demoted = await save('user', ops.token, { _id: marco.id, roles: [] });
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json().error).toBe(
      'roles: You cannot change the roles of marco: they hold permissions you do not (manage:payment)',
    );
    const deleted = await remove('user', ops.token, marco.id);
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().error).toBe('You cannot delete marco: they hold permissions you do not (manage:payment)');
    // Other fields of such a user stay editable for the user manager (names, e-mail).
    expect((await save('user', ops.token, { _id: marco.id, firstName: 'Marco' })).statusCode).toBe(200);
  });

  it('lets a superuser do all of it', async () => {
    const su = await save('user', adminToken, { login: 'su2', password: 'supassword1', roles: ['superuser'] });
    expect(su.statusCode).toBe(200);
    const opsRole = await idOf('role', { name: 'ops' });
    expect(
      (await save('role', adminToken, { _id: opsRole, permissions: ['manage:backend', 'manage:payment'] })).statusCode,
    ).toBe(200);
    expect((await save('user', adminToken, { _id: su.json()._id, password: 'supassword2' })).statusCode).toBe(200);
    expect((await login('su2', 'supassword2')).statusCode).toBe(200);
    expect((await save('user', adminToken, { _id: marco.id, roles: ['accountant', 'staff'] })).statusCode).toBe(200);
    expect((await remove('user', adminToken, su.json()._id)).statusCode).toBe(200);
  });
});

describe('the last admin or superuser stays one', () => {
  it('refuses taking the role from the only user holding admin or superuser, and deleting them', async () => {
    const lockout =
      'You cannot take admin and superuser from admin: they are the only user with admin or superuser, and ' +
      'without one nobody can manage users and roles. Give another user one of these roles first';
    const demoted = await save('user', adminToken, { _id: adminId, roles: ['staff'] });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json()).toEqual({ error: `roles: ${lockout}`, fields: [{ field: 'roles', message: lockout }] });
    const deleted = await remove('user', adminToken, adminId);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error).toMatch(/^You cannot delete admin: they are the only user with admin or superuser/);
    const stored = await t.app.services.documents.findById(SYSTEM, 'user', adminId);
    expect(stored.roles).toEqual(['superuser']);
    // Their other fields stay theirs to change.
    expect((await save('user', adminToken, { _id: adminId, firstName: 'Ada' })).statusCode).toBe(200);
  });

  it('lets it go once another user holds admin or superuser', async () => {
    const second = await save('user', adminToken, { login: 'owner2', password: 'ownerpassword1', roles: ['admin'] });
    expect(second.statusCode).toBe(200);
    expect((await save('user', adminToken, { _id: adminId, roles: ['staff'] })).statusCode).toBe(200);
    // Now owner2 is the last one: they cannot be deleted or demoted, by themselves or by anyone.
    const token = (await login('owner2', 'ownerpassword1')).json().token as string;
    expect((await remove('user', token, second.json()._id)).statusCode).toBe(409);
    expect((await save('user', token, { _id: second.json()._id, roles: [] })).statusCode).toBe(409);
    expect((await save('user', token, { _id: adminId, roles: ['superuser'] })).statusCode).toBe(200);
    expect((await remove('user', token, second.json()._id)).statusCode).toBe(200);
  });
});

/** Is a transaction of this test's database waiting for an advisory lock (another holds it)? */
const waitingForLock = async () => {
  const { rows } = await t.db.query<{ waiting: number | string }>(
    sql`SELECT count(*) AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return Number(rows[0].waiting) > 0;
};

/**
 * Runs `requests` at once, each having passed its check (`methods` of the repository, for calls `mine` picks out)
 * only once the other has passed its own too, or waits for a lock the other holds: two tabs saving at the same
 * moment on PostgreSQL. PGlite runs one transaction at a time, where the second cannot check before the first is done.
 */
async function racing<T>(
  methods: ('findAll' | 'holding' | 'findByKeys')[],
  mine: (args: unknown[]) => boolean,
  requests: (() => Promise<T>)[],
): Promise<T[]> {
  const documents = t.app.services.documents;
  const saveOne = documents.save;
  const removeOne = documents.remove;
  const originals = methods.map((method) => [method, DocumentRepository.prototype[method]] as const);
  // All are logged in and at their write before any goes on...
  let atWrite = 0;
  let allAtWrite!: () => void;
  const gate = new Promise<void>((resolve) => (allAtWrite = resolve));
  const held =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      if (++atWrite === requests.length) allAtWrite();
      await gate;
      return write.apply(documents, args);
    };
  documents.save = held(saveOne);
  documents.remove = held(removeOne);
  // ...and each, having checked, waits until the others have checked too, or one waits for a lock.
  let checked = 0;
  if (t.db.kind === 'postgres')
    for (const [method, original] of originals)
      Object.assign(DocumentRepository.prototype, {
        [method]: async function (this: DocumentRepository, ...args: unknown[]) {
          const found = await (original as (...a: unknown[]) => Promise<unknown>).apply(this, args);
          if (!mine(args)) return found;
          checked++;
          while (checked < requests.length && !(await waitingForLock()))
            await new Promise((resolve) => setTimeout(resolve, 5));
          return found;
        },
      });
  try {
    return await Promise.all(requests.map((request) => request()));
  } finally {
    documents.save = saveOne;
    documents.remove = removeOne;
    for (const [method, original] of originals) Object.assign(DocumentRepository.prototype, { [method]: original });
    expect(atWrite).toBe(requests.length);
  }
}

describe('the last admin or superuser stays one, also when two requests race', () => {
  it('keeps one when two requests at once each take the role from one of the last two', async () => {
    const second = await save('user', adminToken, { login: 'owner3', password: 'ownerpassword1', roles: ['admin'] });
    expect(second.statusCode).toBe(200);
    const secondId = second.json()._id as string;
    const answers = await racing(['findAll'], (args) => args[0] === 'user', [
      () => save('user', adminToken, { _id: adminId, roles: ['staff'] }),
      () => save('user', adminToken, { _id: secondId, roles: [] }),
    ]);
    const holders = [];
    for (const id of [adminId, secondId]) {
      const roles = (await t.app.services.documents.findById(SYSTEM, 'user', id)).roles as string[];
      if (roles.some((role) => role === 'admin' || role === 'superuser')) holders.push(id);
    }
    // As before the race, whatever it left (the tests after it need it): the admin a superuser, owner3 gone.
    await t.app.services.documents.save(SYSTEM, 'user', { _id: adminId, roles: ['superuser'] });
    await t.app.services.documents.remove(SYSTEM, 'user', secondId);
    const statuses = answers.map((answer) => answer.statusCode);
    expect([...statuses].sort()).toEqual([200, 409]);
    const refused = answers[statuses.indexOf(409)].json().error as string;
    expect(refused).toMatch(/^roles: You cannot take admin and superuser from (admin|owner3): they are the only user/);
    expect(holders).toHaveLength(1);
  });
});

describe('a role users hold keeps its name', () => {
  it('refuses renaming a role while users hold it (409 at Name, naming them), and renames it once none does', async () => {
    const role = await save('role', adminToken, { name: 'kasse', permissions: ['manage:payment'] });
    expect(role.statusCode).toBe(200);
    const roleId = role.json()._id as string;
    const holders = [];
    for (const loginName of ['kira', 'karl']) {
      const user = await save('user', adminToken, { login: loginName, password: 'kassepassword1', roles: ['kasse'] });
      expect(user.statusCode).toBe(200);
      holders.push(user.json()._id as string);
    }
    const renamed = await save('role', adminToken, { _id: roleId, name: 'verkauf' });
    expect(renamed.statusCode).toBe(409);
    const message =
      'cannot be changed while 2 Users (karl, kira) refer to this Role by its Name kasse: change them first';
    expect(renamed.json()).toEqual({ error: `name: ${message}`, fields: [{ field: 'name', message }] });
    expect((await t.app.services.documents.findById(SYSTEM, 'role', roleId)).name).toBe('kasse');
    // The holders keep what the role grants.
    const kira = (await login('kira', 'kassepassword1')).json().token as string;
    const payments = await t.app.inject({
      method: 'POST',
      url: '/api/document/find',
      headers: t.auth(kira),
      payload: { model: 'transaction' },
    });
    expect(payments.statusCode).toBe(200);
    // Its permissions may change; a deleted holder no longer counts.
    expect(
      (await save('role', adminToken, { _id: roleId, permissions: ['manage:payment', 'manage:cms'] })).statusCode,
    ).toBe(200);
    for (const id of holders) expect((await remove('user', adminToken, id)).statusCode).toBe(200);
    const free = await save('role', adminToken, { _id: roleId, name: 'verkauf' });
    expect(free.statusCode, free.body).toBe(200);
  });

  it('refuses deleting a role while users hold it (409 naming them), and deletes it once none does', async () => {
    const role = await save('role', adminToken, { name: 'lager', permissions: ['manage:files'] });
    expect(role.statusCode).toBe(200);
    const roleId = role.json()._id as string;
    const holder = await save('user', adminToken, { login: 'lena', password: 'lagerpassword1', roles: ['lager'] });
    expect(holder.statusCode).toBe(200);
    const deleted = await remove('role', adminToken, roleId);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toEqual({
      error: 'Role lager cannot be deleted while 1 User (lena) refers to it by its Name: change it first',
    });
    expect((await t.app.services.documents.findById(SYSTEM, 'role', roleId)).name).toBe('lager');
    // Lena keeps what the role grants.
    const lena = (await login('lena', 'lagerpassword1')).json().token as string;
    const folders = await t.app.inject({
      method: 'POST',
      url: '/api/document/find',
      headers: t.auth(lena),
      payload: { model: 'folder' },
    });
    expect(folders.statusCode, folders.body).toBe(200);
    expect((await save('user', adminToken, { _id: holder.json()._id, roles: [] })).statusCode).toBe(200);
    expect((await remove('role', adminToken, roleId)).statusCode).toBe(200);
  });

  it('is not deleted or renamed while a user is being granted it at the same moment', async () => {
    // The delete or rename counts who holds the role (holding users), the grant looks the role up (findByKeys).
    const isRoleCheck = (args: unknown[]) => ['user', 'role'].includes((args[0] as { name?: string }).name ?? '');
    for (const change of ['delete', 'rename'] as const) {
      const name = `depot-${change}`;
      const role = await save('role', adminToken, { name, permissions: ['manage:files'] });
      expect(role.statusCode).toBe(200);
      const roleId = role.json()._id as string;
      const user = await save('user', adminToken, { login: `dora-${change}`, password: 'depotpassword1' });
      expect(user.statusCode).toBe(200);
      const userId = user.json()._id as string;
      const [changed, granted] = await racing(['holding', 'findByKeys'], isRoleCheck, [
        () =>
          change === 'delete'
            ? remove('role', adminToken, roleId)
            : save('role', adminToken, { _id: roleId, name: `${name}-neu` }),
        () => save('user', adminToken, { _id: userId, roles: [name] }),
      ]);
      const roleNow = await t.app.services.documents.find(SYSTEM, 'role', { query: { name }, limit: 1 });
      const roles = (await t.app.services.documents.findById(SYSTEM, 'user', userId)).roles as string[] | undefined;
      // One of the two went first; the other saw what it did: the user never holds a role that is gone.
      if (granted.statusCode === 200) {
        expect(changed.statusCode, changed.body).toBe(409);
        expect(roles).toEqual([name]);
        expect(roleNow.results).toHaveLength(1);
      } else {
        expect(changed.statusCode, changed.body).toBe(200);
        expect(granted.json()).toMatchObject({ error: `roles.0: Role ${name} not found` });
        expect(roles ?? []).toEqual([]);
        expect(roleNow.results).toHaveLength(0);
      }
    }
  });

  it('counts every holder exactly and names the first three by name', async () => {
    const role = await save('role', adminToken, { name: 'theke', permissions: ['manage:cms'] });
    expect(role.statusCode).toBe(200);
    const roleId = role.json()._id as string;
    for (const loginName of ['tom', 'tara', 'tim', 'toni', 'tea']) {
      const user = await save('user', adminToken, { login: loginName, password: 'thekepassword1', roles: ['theke'] });
      expect(user.statusCode).toBe(200);
    }
    const message =
      'cannot be changed while 5 Users (tara, tea, tim, …) refer to this Role by its Name theke: change them first';
    expect((await save('role', adminToken, { _id: roleId, name: 'bar' })).json()).toEqual({
      error: `name: ${message}`,
      fields: [{ field: 'name', message }],
    });
    expect((await remove('role', adminToken, roleId)).json()).toEqual({
      error:
        'Role theke cannot be deleted while 5 Users (tara, tea, tim, …) refer to it by its Name: change them first',
    });
  });
});

describe('the owner field is not the owner’s to write (finding 6)', () => {
  // Tracked time has no owner rights since audit 5 (it needs manage:payment, x-createdBy only fills its user):
  // the user it names cannot hand it away, nor edit it; a payment user reassigns it.
  it('refuses the user a tracked time names handing it to someone else or editing it; a payment user reassigns it', async () => {
    const anna = await userWithRole(t, adminToken, 'anna6', 'staff');
    const payer = await userWithRole(t, adminToken, 'payer6', 'accountant');
    const entry = await t.app.services.documents.save(SYSTEM, 'trackedTime', {
      start: '2026-01-05T08:00:00.000Z',
      end: '2026-01-05T10:00:00.000Z',
      name: 'Workshop',
      user: anna.id,
    });
    const handed = await save('trackedTime', anna.token, { _id: entry._id, user: payer.id });
    expect(handed.statusCode).toBe(403);
    expect(handed.json().error).toBe('Not allowed to update Tracked Time');
    expect((await t.app.services.documents.findById(SYSTEM, 'trackedTime', entry._id)).user).toBe(anna.id);
    const renamed = await save('trackedTime', anna.token, { _id: entry._id, user: anna.id, name: 'Workshop (2)' });
    expect(renamed.statusCode).toBe(403);
    const reassigned = await save('trackedTime', payer.token, { _id: entry._id, user: payer.id });
    expect(reassigned.statusCode).toBe(200);
    expect(reassigned.json().user).toBe(payer.id);
  });
});

describe('logins and own passwords (finding 7)', () => {
  let anna: { id: string; token: string; password: string };
  beforeAll(async () => {
    anna = await userWithRole(t, adminToken, 'anna7', 'staff');
  });

  it('refuses renaming one’s own login; the admin renames', async () => {
    const own = await save('user', anna.token, { _id: anna.id, login: 'Admin' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('You cannot change your own login');
    const byAdmin = await save('user', adminToken, { _id: anna.id, login: 'anna7b' });
    expect(byAdmin.statusCode).toBe(200);
    expect((await save('user', adminToken, { _id: anna.id, login: 'anna7' })).statusCode).toBe(200);
  });

  it('keeps logins unique regardless of case and finds them regardless of case', async () => {
    const twin = await save('user', adminToken, { login: 'ANNA7', password: 'twinpassword1', roles: [] });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error).toBe('login already exists');
    expect((await save('user', adminToken, { login: 'ADMIN', password: 'twinpassword1' })).statusCode).toBe(409);
    const mixed = await login('Anna7', anna.password);
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json().user.login).toBe('anna7');
  });

  it('changes one’s own password only with the current one; an admin sets another user’s without it', async () => {
    const missing = await save('user', anna.token, { _id: anna.id, password: 'chosen-by-thief1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: '_current.password: Enter your current password to change your password',
      fields: [{ field: '_current.password' }],
    });
    const wrong = await save('user', anna.token, {
      _id: anna.id,
      password: 'chosen-by-thief1',
      _current: { password: 'a-guess-1' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe('_current.password: The current password is wrong');
    expect((await login('anna7', 'chosen-by-thief1')).statusCode).toBe(401);
    const right = await save('user', anna.token, {
      _id: anna.id,
      password: 'anna-new-password-1',
      _current: { password: anna.password },
    });
    expect(right.statusCode).toBe(200);
    expect((await login('anna7', 'anna-new-password-1')).statusCode).toBe(200);
    // Other edits of one's own document need no password, and `_current` alone changes nothing.
    const token = (await login('anna7', 'anna-new-password-1')).json().token as string;
    expect(
      (await save('user', token, { _id: anna.id, firstName: 'Anna', _current: { password: 'x' } })).statusCode,
    ).toBe(200);
    // The admin sets another user's password without knowing it, but not their own.
    expect((await save('user', adminToken, { _id: anna.id, password: 'set-by-admin-1' })).statusCode).toBe(200);
    expect((await login('anna7', 'set-by-admin-1')).statusCode).toBe(200);
    const ownAdmin = await save('user', adminToken, { _id: adminId, password: 'admin-new-password-1' });
    expect(ownAdmin.statusCode).toBe(400);
  });

  it('counts wrong current passwords against the account’s login budget', async () => {
    const { token, id } = await userWithRole(t, adminToken, 'guessed', null);
    let last = 0;
    for (let i = 0; i < 6; i += 1)
      last = (await save('user', token, { _id: id, password: 'newpassword-1', _current: { password: `guess-${i}` } }))
        .statusCode;
    expect(last).toBe(429);
  });
});

describe('migrating to case-insensitive logins', () => {
  it('keeps a case-sensitive index while live logins differ only in case, and makes it case-insensitive once they are renamed', async () => {
    const userTable = tableName('user');
    const loginIndexes = async () =>
      (
        await t.db.query<{ indexname: string; indexdef: string }>(
          sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = ${userTable} AND indexname LIKE ${`${userTable}_u_login_%`}`,
        )
      ).rows;
    expect((await loginIndexes()).map((index) => index.indexdef)).toEqual([
      expect.stringMatching(/lower\(g_t_login\)/),
    ]);
    // A database from before: its case-sensitive index let `Dup` next to `dup`.
    for (const index of await loginIndexes()) await t.db.query(sql`DROP INDEX ${ident(index.indexname)}`);
    const upper = await insertUser(t.db, t.app.services.auth, 'Dup', 'dup-upper-password');
    await insertUser(t.db, t.app.services.auth, 'dup', 'dup-lower-password');
    const warnings = await migrate(t.db, t.app.services.registry);
    expect(warnings).toEqual([
      expect.stringContaining(
        'user.login should be unique regardless of case, but these live values differ only in case: "Dup" and "dup"',
      ),
    ]);
    expect((await loginIndexes()).map((index) => index.indexdef)).toEqual([expect.not.stringMatching(/lower\(/)]);
    // Both still log in, each with its exact login.
    expect((await login('Dup', 'dup-upper-password')).statusCode).toBe(200);
    expect((await login('dup', 'dup-lower-password')).statusCode).toBe(200);
    // Renamed by the admin, the next start makes logins unique regardless of case.
    expect((await save('user', adminToken, { _id: upper, login: 'dup-2' })).statusCode).toBe(200);
    expect(await migrate(t.db, t.app.services.registry)).toEqual([]);
    expect((await loginIndexes()).map((index) => index.indexdef)).toEqual([
      expect.stringMatching(/lower\(g_t_login\)/),
    ]);
    expect((await save('user', adminToken, { login: 'DUP', password: 'duppassword1' })).statusCode).toBe(409);
  });
});

describe('migrating to a unique field whose values are stored twice', () => {
  it('starts without its unique index and says which values, and adds the index once they are changed', async () => {
    const table = tableName('transaction');
    const uniqueIndexes = async () =>
      (
        await t.db.query<{ indexname: string }>(
          sql`SELECT indexname FROM pg_indexes WHERE tablename = ${table} AND indexname LIKE ${`${table}_u_bankReference_%`}`,
        )
      ).rows;
    expect(await uniqueIndexes()).toHaveLength(1);
    // A database from before the field was unique: the same bank id booked twice.
    for (const index of await uniqueIndexes()) await t.db.query(sql`DROP INDEX ${ident(index.indexname)}`);
    const twice = { date: '2026-11-02', name: 'Zahlung', amount: 10, direction: 'incoming', bankReference: 'ZKB-1' };
    const ids = [createObjectId(), createObjectId()];
    for (const id of ids)
      await t.db.query(sql`INSERT INTO ${ident(table)} (_id, doc) VALUES (${id}, ${JSON.stringify(twice)}::jsonb)`);
    expect(await migrate(t.db, t.app.services.registry)).toEqual([
      'transaction.bankReference should be unique, but these live values are stored more than once: "ZKB-1" and "ZKB-1". Change or delete all but one of each; until then and the next start, the field is not kept unique.',
    ]);
    expect(await uniqueIndexes()).toHaveLength(0);
    // One changed, the next start makes the field unique again.
    await t.db.query(
      sql`UPDATE ${ident(table)} SET doc = jsonb_set(doc, '{bankReference}', '"ZKB-2"') WHERE _id = ${ids[1]}`,
    );
    expect(await migrate(t.db, t.app.services.registry)).toEqual([]);
    expect(await uniqueIndexes()).toHaveLength(1);
  });
});
