import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { sql } from '../../src/server/db/sql';
import { table } from '../../src/server/db/tables';
import { relationSpots } from '../../src/server/modules/documents/relations';
import { MODEL_NAMES } from '../../src/shared/generated/schemas';
import type { Access } from '../../src/shared/vocabulary';
import { createTestApp } from '../helpers/testApp';
import { ROLES, userWithRole } from '../helpers/users';

type Role = 'anonymous' | 'staff' | 'accountant' | 'admin';
type Action = 'read' | 'create' | 'update' | 'delete';
const CALLERS: Role[] = ['anonymous', 'staff', 'accountant', 'admin'];

let t: Awaited<ReturnType<typeof createTestApp>>;
const headers: Record<Role, Record<string, string>> = { anonymous: {}, staff: {}, accountant: {}, admin: {} };
/** The root page of each page model: sample pages are its children (a second root would clash at `/`). */
const pageRoots: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const adminToken = await t.login();
  headers.admin = t.auth(adminToken);
  headers.staff = t.auth((await userWithRole(t, adminToken, 'sam', 'staff')).token);
  headers.accountant = t.auth((await userWithRole(t, adminToken, 'alex', 'accountant')).token);
  for (const model of ['page', 'pageDraft'] as const)
    pageRoots[model] = (await t.app.services.documents.save(SYSTEM, model, { name: 'Start' }))._id;
  for (const model of Object.keys(t.app.services.registry.models)) await relatedDoc(model);
});

/**
 * One real document per model for the relations of the samples: the schema examples hold made-up ids,
 * and a write may only set ids of existing documents. A relation back to a model still being made
 * (invoice and transaction name each other) is left out.
 */
const related: Record<string, Record<string, unknown> | null> = {};
async function relatedDoc(model: string): Promise<Record<string, unknown> | undefined> {
  if (model in related) return related[model] ?? undefined;
  related[model] = null;
  const info = t.app.services.registry.models[model];
  for (const spot of relationSpots(t.app.services.registry, info)) await relatedDoc(spot.model);
  try {
    related[model] = await t.app.services.documents.save(SYSTEM, model, sample(model, 'related', 'staff'));
  } catch {
    // Models whose example cannot be saved as it is (page versions, singletons) are not needed as targets.
  }
  return related[model] ?? undefined;
}

/** Puts real keys (or nothing) where `steps` lead to related keys. */
function relink(value: unknown, steps: string[], key: () => unknown): unknown {
  if (steps.length === 0) return key();
  if (!value || typeof value !== 'object') return value;
  const [step, ...rest] = steps;
  if (step === '*')
    // Ids in an array stay unique (`uniqueItems`): the made-up ones all become the one real id.
    return Array.isArray(value)
      ? [...new Set(value.map((item) => relink(item, rest, key)).filter((v) => v !== undefined))]
      : value;
  const record = value as Record<string, unknown>;
  if (record[step] === undefined || record[step] === null) return value;
  const next = relink(record[step], rest, key);
  if (next === undefined) delete record[step];
  else record[step] = next;
  return value;
}
afterAll(() => t.close());

/** Independent oracle of spec section 6: who may do what, from the permission a model names. */
function expectedStatus(role: Role, access: Access): number {
  const granted =
    access === 'public' ||
    (role !== 'anonymous' &&
      access !== 'nobody' &&
      (access === 'authenticated' ||
        role === 'admin' ||
        (ROLES[role as 'staff' | 'accountant'] as readonly string[]).includes(access)));
  if (granted) return 200;
  return role === 'anonymous' ? 401 : 403;
}

/** A valid document of the model: its schema example, with unique values made unique. */
function sample(model: string, suffix: string, role: Role = 'admin'): Record<string, unknown> {
  const info = t.app.services.registry.models[model];
  const example = structuredClone((info.schema.examples?.[0] ?? {}) as Record<string, unknown>);
  for (const field of info.fields) {
    // Fields restricted to some roles (x-roles) are left out for others: sending them is a 403 of its own.
    if (field.roles && role !== 'admin') delete example[field.name];
    if (field.unique && typeof example[field.name] === 'string')
      example[field.name] = `${example[field.name]}-${suffix}`.toLowerCase();
    // Sequence numbers are unique: the server draws them.
    if (field.sequence) delete example[field.name];
  }
  for (const spot of relationSpots(t.app.services.registry, info))
    relink(example, spot.steps, () => related[spot.model]?.[spot.key] ?? undefined);
  // A page's path comes from its parent and name, and is unique: a unique name under the root page.
  if (pageRoots[model])
    Object.assign(example, { name: `${String(example.name)} ${suffix}`, _parent: pageRoots[model] });
  // Folder names are unique within their folder.
  if (model === 'folder') example.name = `${String(example.name)} ${suffix}`;
  return example;
}

async function fingerprint(model: string): Promise<string> {
  const { rows } = await t.db.query<{ f: string | null }>(
    sql`SELECT md5(string_agg(_id || doc::text || version || coalesce(deleted_at::text, ''), ',' ORDER BY _id)) AS f FROM ${table(model)}`,
  );
  return rows[0]?.f ?? '';
}

describe('permission matrix', () => {
  // Every model, a developer's new one too: each is tested by what its own x-permission declares.
  const models = [...MODEL_NAMES];

  it.each(models)(
    '%s: every caller gets the status the schema permission implies, and refusals change nothing',
    async (model) => {
      const info = t.app.services.registry.models[model];
      // Seeded without `_read`/`_write` lists: the role lists are tested on their own below.
      const seeded = await t.app.services.documents.save(SYSTEM, model, sample(model, 'seed', 'staff'));
      for (const role of CALLERS) {
        for (const action of ['read', 'create', 'update', 'delete'] as Action[]) {
          const before = await fingerprint(model);
          const target =
            action === 'delete'
              ? await t.app.services.documents.save(SYSTEM, model, sample(model, `del-${role}`, 'staff'))
              : seeded;
          const beforeAction = action === 'delete' ? await fingerprint(model) : before;
          const response =
            action === 'read'
              ? await t.app.inject({
                  method: 'POST',
                  url: '/api/document/find',
                  headers: headers[role],
                  payload: { model, page: 0 },
                })
              : action === 'create'
                ? await t.app.inject({
                    method: 'POST',
                    url: `/api/document/updateOne?model=${model}`,
                    headers: headers[role],
                    payload: sample(model, role, role),
                  })
                : action === 'update'
                  ? await t.app.inject({
                      method: 'POST',
                      url: `/api/document/updateOne?model=${model}`,
                      headers: headers[role],
                      payload: { ...sample(model, 'seed', role), _id: target._id },
                    })
                  : await t.app.inject({
                      method: 'DELETE',
                      url: `/api/document/delete?model=${model}&id=${target._id}`,
                      headers: headers[role],
                    });
          let expected = expectedStatus(role, info.permission[action]);
          // Owners (x-owner) may read and update their own documents without the model permission.
          if (expected === 403 && info.owner && action === 'read') expected = 200;
          expect(`${role} ${action} ${model}: ${response.statusCode}`).toBe(`${role} ${action} ${model}: ${expected}`);
          if (response.statusCode >= 400) {
            expect(await fingerprint(model), `${role} ${action} ${model} changed the table`).toBe(beforeAction);
            expect(response.json().error).toBeTruthy();
          }
          if (
            action === 'read' &&
            expected === 200 &&
            info.owner &&
            role !== 'admin' &&
            expectedStatus(role, info.permission.read) !== 200
          ) {
            const ids = response.json().results.map((r: { _id: string }) => r._id);
            expect(ids.length).toBeLessThanOrEqual(1);
          }
        }
      }
    },
  );
});

describe('_read and _write role lists', () => {
  it('hide documents from find, findById, populate and totals, and refuse writes', async () => {
    const open = await t.app.services.documents.save(SYSTEM, 'folder', { name: 'Öffentlich', _parent: null });
    const secret = await t.app.services.documents.save(SYSTEM, 'folder', {
      name: 'Buchhaltung',
      _parent: null,
      _read: ['admin'],
      _write: ['admin'],
    });
    const inside = await t.app.services.documents.save(SYSTEM, 'folder', { name: 'Belege', _parent: secret._id });
    // A subfolder takes its folder's lists (files/paths.ts); one stored before that rule may still be
    // readable inside a hidden folder: populate must not resolve the hidden parent.
    expect(inside._read).toEqual(['admin']);
    await t.db.query(sql`UPDATE doc_folder SET doc = doc - '_read' - '_write' WHERE _id = ${inside._id}`);
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/document/find',
      headers: headers.staff,
      payload: { model: 'folder', page: 0, query: { name: { $in: ['Öffentlich', 'Buchhaltung'] } } },
    });
    expect(list.json().results.map((f: { name: string }) => f.name)).toEqual(['Öffentlich']);
    expect(list.json().total).toBe(1);
    expect(
      (await t.app.inject({ url: `/api/document/findById?model=folder&id=${secret._id}`, headers: headers.staff }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/document/findById?model=folder&id=${secret._id}`, headers: headers.admin }))
        .statusCode,
    ).toBe(200);
    const populated = await t.app.inject({
      method: 'POST',
      url: '/api/document/find',
      headers: headers.staff,
      payload: { model: 'folder', query: { _id: inside._id }, populate: ['_parent'] },
    });
    expect(populated.json().results[0]._parent).toBe(secret._id);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/document/find',
      headers: {},
      payload: { model: 'folder', query: { _id: open._id } },
    });
    expect(anonymous.json().results).toHaveLength(1);
    expect(anonymous.json().results[0]._read).toBeUndefined();
    // A projection (a list's `fields`) never brings back a field the caller may not read.
    const projected = await t.app.inject({
      method: 'POST',
      url: '/api/document/find',
      headers: headers.staff,
      payload: { model: 'folder', query: { _id: open._id }, fields: ['name', '_read', '_write'] },
    });
    expect(projected.statusCode).toBe(200);
    expect(Object.keys(projected.json().results[0]).filter((key) => !key.startsWith('_') || key === '_read')).toEqual([
      'name',
    ]);
    const asAdmin = await t.app.inject({
      method: 'POST',
      url: '/api/document/find',
      headers: headers.admin,
      payload: { model: 'folder', query: { _id: secret._id }, fields: ['name', '_read'] },
    });
    expect(asAdmin.json().results[0]).toHaveProperty('_read');
    expect(asAdmin.json().results[0]).not.toHaveProperty('path');
    const unknownField = await t.app.inject({
      method: 'POST',
      url: '/api/document/find',
      headers: headers.admin,
      payload: { model: 'folder', fields: ['nope'] },
    });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().error).toBe('Unknown field nope of Folder');
    const before = await fingerprint('folder');
    const write = await t.app.inject({
      method: 'POST',
      url: `/api/database/folder/${secret._id}`,
      headers: headers.staff,
      payload: { name: 'Gehackt' },
    });
    expect(write.statusCode).toBe(404);
    const grant = await t.app.inject({
      method: 'POST',
      url: `/api/database/folder/${open._id}`,
      headers: headers.staff,
      payload: { _read: ['staff'] },
    });
    expect(grant.statusCode).toBe(403);
    expect(await fingerprint('folder')).toBe(before);
    const byAdmin = await t.app.inject({
      method: 'POST',
      url: `/api/database/folder/${open._id}`,
      headers: headers.admin,
      payload: { _read: ['staff', 'admin'] },
    });
    expect(byAdmin.json()._read).toEqual(['staff', 'admin']);
  });
});

describe('creators (x-createdBy)', () => {
  it('a new document belongs to its creator unless one is named', async () => {
    const self = await t.app.inject({ method: 'GET', url: '/api/self', headers: headers.accountant });
    const accountant = self.json<{ _id: string }>()._id;
    const admin = (await t.app.inject({ method: 'GET', url: '/api/self', headers: headers.admin })).json<{
      _id: string;
    }>();
    const create = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/document/updateOne?model=trackedTime',
        headers: headers.accountant,
        payload,
      });
    const mine = await create({ start: '2026-11-20T08:00:00.000Z', end: '2026-11-20T09:00:00.000Z' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().user).toBe(accountant);
    const named = await create({ start: '2026-11-20T10:00:00.000Z', end: '2026-11-20T11:00:00.000Z', user: admin._id });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().user).toBe(admin._id);
  });
});
