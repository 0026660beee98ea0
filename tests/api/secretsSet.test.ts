import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf } from '../../src/server/access/caller';
import { sql } from '../../src/server/db/sql';
import { listColumns } from '../../src/admin/core/list/columns';
import { findParams, parseListState } from '../../src/shared/api/listParams';
import { createObjectId } from '../../src/shared/format/objectId';
import { createRegistry } from '../../src/shared/registry';
import { createTestApp } from '../helpers/testApp';
import { ROLES, userWithRole } from '../helpers/users';

// The document API says which secrets (`x-secret`) of a document hold a value, as `_secretsSet`, so the admin can
// tell a user without a password (older data: nobody can log in as them) from one with a password, without ever
// answering the secret or its hash; and only to callers who may see the field.
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Answer = { status: number; body: string; json: Record<string, unknown> };

// A model with one secret everyone with the model permission may know of, and one kept to admins (`x-roles`).
const VAULT = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://baukasten.dev/schemas/models/vault.schema.json',
  title: 'Vault',
  type: 'object',
  additionalProperties: false,
  'x-permission': 'manage:cms',
  required: ['name'],
  properties: {
    name: { type: 'string', title: 'Name', maxLength: 100 },
    pin: { type: 'string', title: 'PIN', minLength: 4, maxLength: 100, 'x-secret': 'argon2id', 'x-column': true },
    masterCode: {
      type: 'string',
      title: 'Master code',
      minLength: 4,
      maxLength: 100,
      'x-secret': 'argon2id',
      'x-roles': ['admin', 'superuser'],
      'x-column': true,
    },
  },
};

let t: TestApp;
let schemaDir: string;
let admin: string;
const PLAIN = ['lea-password-1', 'legacy-new-password', 'vault-pin-1234', 'vault-master-99'];

async function call(token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object): Promise<Answer> {
  const response = await t.app.inject({ method, url, headers: token ? t.auth(token) : {}, payload });
  // Whatever the answer, neither a secret nor its hash is in it.
  expect(response.body).not.toMatch(/\$argon2/);
  for (const plain of PLAIN) expect(response.body).not.toContain(plain);
  return { status: response.statusCode, body: response.body, json: response.json() as Record<string, unknown> };
}
const findById = (token: string | undefined, model: string, id: string, extra = '') =>
  call(token, 'GET', `/api/document/findById?model=${model}&id=${id}${extra}`);
const save = (token: string, model: string, doc: object) =>
  call(token, 'POST', `/api/document/updateOne?model=${model}`, doc);
const find = (token: string, payload: object) => call(token, 'POST', '/api/document/find', payload);

beforeAll(async () => {
  schemaDir = await mkdtemp(path.join(os.tmpdir(), 'bk-secrets-'));
  await mkdir(path.join(schemaDir, 'models'));
  await writeFile(path.join(schemaDir, 'models', 'vault.schema.json'), JSON.stringify(VAULT));
  t = await createTestApp({
    config: { schemaDirs: [path.resolve('tests/fixtures/schemas'), schemaDir] },
  });
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
  await rm(schemaDir, { recursive: true, force: true });
});

describe('_secretsSet: which secrets of a document are set', () => {
  let lea: string;
  let legacy: string;

  beforeAll(async () => {
    const created = await save(admin, 'user', { login: 'lea', roles: [], password: 'lea-password-1' });
    expect(created.status, created.body).toBe(200);
    lea = created.json._id as string;
    // A user stored without a password (older data): only the database can make one.
    legacy = createObjectId();
    const doc = { login: 'legacy', roles: [], projects: [] };
    await t.db.query(sql`INSERT INTO doc_user (_id, doc) VALUES (${legacy}, ${JSON.stringify(doc)}::jsonb)`);
  });

  it('answers with a user whether the password is set, never the password or its hash', async () => {
    const withPassword = await findById(admin, 'user', lea);
    expect(withPassword.status).toBe(200);
    expect(withPassword.json._secretsSet).toEqual({ password: true });
    expect(withPassword.json).not.toHaveProperty('password');
    const without = await findById(admin, 'user', legacy);
    expect(without.json._secretsSet).toEqual({ password: false });
    expect(without.json).not.toHaveProperty('password');
  });

  it('answers it in lists of whole documents, and in cut-down ones only when asked for', async () => {
    const byLogin = (answer: Answer) =>
      Object.fromEntries(
        (answer.json.results as Record<string, unknown>[]).map((doc) => [doc.login, doc._secretsSet ?? 'absent']),
      );
    const query = { login: { $in: ['lea', 'legacy'] } };
    expect(byLogin(await find(admin, { model: 'user', query }))).toEqual({
      lea: { password: true },
      legacy: { password: false },
    });
    // A list's columns: the secrets are not read, so nothing is said about them.
    expect(byLogin(await find(admin, { model: 'user', query, page: 0, fields: ['login'] }))).toEqual({
      lea: 'absent',
      legacy: 'absent',
    });
    const asked = await find(admin, { model: 'user', query, page: 0, fields: ['login', '_secretsSet'] });
    expect(byLogin(asked)).toEqual({ lea: { password: true }, legacy: { password: false } });
    for (const doc of asked.json.results as Record<string, unknown>[]) expect(doc).not.toHaveProperty('password');
  });

  it('answers it after a save: sent back unchanged by the form, it is ignored; setting a password sets it', async () => {
    // The form sends the whole document back, this field included, and the password field empty.
    const loaded = (await findById(admin, 'user', legacy)).json;
    const unchanged = await save(admin, 'user', { ...loaded, firstName: 'Lea', password: '' });
    expect(unchanged.status, unchanged.body).toBe(200);
    expect(unchanged.json._secretsSet).toEqual({ password: false });
    // Claiming a password is set does not make one.
    const claimed = await save(admin, 'user', { _id: legacy, _secretsSet: { password: true } });
    expect(claimed.status, claimed.body).toBe(200);
    expect(claimed.json._secretsSet).toEqual({ password: false });
    const stored = await t.db.query<{ doc: Record<string, unknown> }>(
      sql`SELECT doc FROM doc_user WHERE _id = ${legacy}`,
    );
    expect(stored.rows[0].doc).not.toHaveProperty('_secretsSet');
    expect(stored.rows[0].doc).not.toHaveProperty('password');

    const reloaded = (await findById(admin, 'user', legacy)).json;
    const set = await save(admin, 'user', { ...reloaded, password: 'legacy-new-password' });
    expect(set.status, set.body).toBe(200);
    expect(set.json._secretsSet).toEqual({ password: true });
    expect((await findById(admin, 'user', legacy)).json._secretsSet).toEqual({ password: true });
  });

  it("tells a user their own password is set, and a caller who may not read users nothing about anyone's", async () => {
    const sam = await userWithRole(t, admin, 'sam', 'staff');
    const own = await findById(sam.token, 'user', sam.id);
    expect(own.status).toBe(200);
    expect(own.json._secretsSet).toEqual({ password: true });
    for (const id of [lea, legacy]) {
      // Staff may read only their own user: the others answer like missing ones.
      const other = await findById(sam.token, 'user', id);
      expect(other.status).toBe(404);
      expect(other.body).not.toContain('_secretsSet');
    }
    expect((await findById(undefined, 'user', lea)).status).toBe(401);
  });

  it('never comes with a populated relation', async () => {
    const equipment = await save(admin, 'equipment', { name: 'Laptop', owner: lea });
    expect(equipment.status, equipment.body).toBe(200);
    const populated = await findById(admin, 'equipment', equipment.json._id as string, '&populate=owner');
    expect(populated.json.owner).toEqual({ _id: lea, login: 'lea' });
  });
});

describe('_secretsSet and the roles of a secret (x-roles)', () => {
  let vault: string;
  let staff: Awaited<ReturnType<typeof userWithRole>>;

  beforeAll(async () => {
    staff = await userWithRole(t, admin, 'stefan', 'staff');
    const created = await save(admin, 'vault', {
      name: 'Tresor',
      pin: 'vault-pin-1234',
      masterCode: 'vault-master-99',
    });
    expect(created.status, created.body).toBe(200);
    vault = created.json._id as string;
  });

  it('names a secret only to callers who hold one of its roles', async () => {
    expect((await findById(admin, 'vault', vault)).json._secretsSet).toEqual({ pin: true, masterCode: true });
    const asStaff = await findById(staff.token, 'vault', vault);
    expect(asStaff.status).toBe(200);
    expect(asStaff.json._secretsSet).toEqual({ pin: true });
    expect(asStaff.body).not.toContain('masterCode');
    const list = await find(staff.token, { model: 'vault', query: { _id: vault } });
    expect((list.json.results as Record<string, unknown>[])[0]._secretsSet).toEqual({ pin: true });
    const saved = await save(staff.token, 'vault', { _id: vault, name: 'Tresor Keller' });
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json._secretsSet).toEqual({ pin: true });
  });

  it('lets no caller without those roles set such a secret', async () => {
    const refused = await save(staff.token, 'vault', { _id: vault, masterCode: 'staff-guess-1' });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ error: 'Not allowed to change masterCode' });
    // Left empty, as a form sends it, it is kept.
    expect((await save(staff.token, 'vault', { _id: vault, masterCode: '' })).status).toBe(200);
    expect((await findById(admin, 'vault', vault)).json._secretsSet).toEqual({ pin: true, masterCode: true });
  });

  it('goes with realtime pushes as with reads: what each receiver may know', async () => {
    const { rows } = await t.db.query<{ doc: Record<string, unknown> }>(
      sql`SELECT doc FROM doc_vault WHERE _id = ${vault}`,
    );
    const stored: Record<string, unknown> = { ...rows[0].doc, _id: vault };
    expect(stored.masterCode).toMatch(/^\$argon2id\$/);
    const staffCaller = callerOf({ _id: staff.id, login: 'stefan', roles: ['staff'] }, () => [...ROLES.staff]);
    const pushed = t.app.services.documents.visibleTo(staffCaller, 'vault', stored);
    expect(pushed).toEqual({ _id: vault, name: 'Tresor Keller', _secretsSet: { pin: true } });
    const accountant = callerOf({ _id: createObjectId(), login: 'alex', roles: ['accountant'] }, () => [
      ...ROLES.accountant,
    ]);
    expect(t.app.services.documents.visibleTo(accountant, 'vault', stored)).toBeUndefined();
  });
});

describe('a secret as a list column (x-column)', () => {
  /** The list as the admin opens it for this caller: its registry from the schemas it is answered, then findParams. */
  async function openList(token: string, model: string) {
    const schemas = await call(token, 'GET', '/api/schemas');
    const info = createRegistry(schemas.json as unknown as Parameters<typeof createRegistry>[0]).model(model)!;
    const params = findParams(parseListState(new URLSearchParams(), info), info);
    const answer = await find(token, { model, ...params });
    expect(answer.status, answer.body).toBe(200);
    const columns = listColumns(info).filter((column) => column.kind === 'secret');
    return { params, columns, rows: answer.json.results as Record<string, unknown>[] };
  }

  it('shows in the users list whose password is set (a user without one cannot log in), never the password', async () => {
    const legacy = createObjectId();
    const doc = { login: 'ohne-passwort', roles: [], projects: [] };
    await t.db.query(sql`INSERT INTO doc_user (_id, doc) VALUES (${legacy}, ${JSON.stringify(doc)}::jsonb)`);
    const { params, columns, rows } = await openList(admin, 'user');
    expect(params.fields).toContain('_secretsSet');
    expect(params.fields).not.toContain('password');
    expect(columns.map((column) => [column.field, column.label, column.modelTitle])).toEqual([
      ['password', 'Password', 'User'],
    ]);
    const byLogin = Object.fromEntries(rows.map((row) => [row.login, row._secretsSet]));
    expect(byLogin['ohne-passwort']).toEqual({ password: false });
    expect(byLogin.admin).toEqual({ password: true });
    for (const row of rows) expect(row).not.toHaveProperty('password');
  });

  it('shows a secret kept to some roles (x-roles) only to callers holding one: no column, nothing answered', async () => {
    const staff = await userWithRole(t, admin, 'selma', 'staff');
    const saved = await save(admin, 'vault', { name: 'Kasse', pin: 'vault-pin-1234' });
    expect(saved.status, saved.body).toBe(200);
    const asAdmin = await openList(admin, 'vault');
    expect(asAdmin.columns.map((column) => column.field)).toEqual(['pin', 'masterCode']);
    const kasse = (list: { rows: Record<string, unknown>[] }) => list.rows.find((row) => row.name === 'Kasse');
    expect(kasse(asAdmin)?._secretsSet).toEqual({ pin: true, masterCode: false });
    const asStaff = await openList(staff.token, 'vault');
    expect(asStaff.columns.map((column) => column.field)).toEqual(['pin']);
    expect(kasse(asStaff)?._secretsSet).toEqual({ pin: true });
    // A caller who may not read the model gets no list at all.
    const accountant = await userWithRole(t, admin, 'armin', 'accountant');
    const refused = await find(accountant.token, { model: 'vault', page: 0, fields: ['name', '_secretsSet'] });
    expect(refused.status).toBe(403);
  });
});
