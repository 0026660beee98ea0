import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/testApp';

// A tree relation declared in the schema alone (`x-relation.tree`), on a fixture model no code knows: categories
// under a parent category. The server keeps it a tree; pages, whose own hook also derives paths, refuse the same.
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Doc = Record<string, unknown> & { _id: string };

let t: TestApp;
let admin: string;

const save = (model: string, doc: object) =>
  t.app.inject({ method: 'POST', url: `/api/document/updateOne?model=${model}`, headers: t.auth(admin), payload: doc });
const saved = async (model: string, doc: object) => {
  const response = await save(model, doc);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Doc;
};
const read = async (model: string, id: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/document/findById?model=${model}&id=${id}`, headers: t.auth(admin) })
  ).json() as Doc;

beforeAll(async () => {
  t = await createTestApp({
    config: { schemaDirs: [path.resolve('tests/fixtures/schemas'), path.resolve('tests/fixtures/tree')] },
  });
  admin = await t.login();
});
afterAll(() => t?.close());

describe('x-relation.tree', () => {
  it('refuses a document as its own parent or below itself, with a 400 naming the field, and writes nothing', async () => {
    const top = await saved('category', { name: 'Beratung' });
    const middle = await saved('category', { name: 'Strategie', parent: top._id });
    const leaf = await saved('category', { name: 'Workshops', parent: middle._id });

    const own = await save('category', { _id: top._id, parent: top._id });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({
      error: 'A category cannot be its own parent category',
      fields: [{ field: 'parent', message: 'A category cannot be its own parent category' }],
    });
    for (const below of [middle, leaf]) {
      const loop = await save('category', { _id: top._id, parent: below._id });
      expect(loop.statusCode).toBe(400);
      expect(loop.json().fields).toEqual([
        {
          field: 'parent',
          message: 'A category cannot be placed below itself: the chosen parent category is below it',
        },
      ]);
    }
    expect((await read('category', top._id)).parent).toBeUndefined();

    // Moves that keep a tree are saved: the leaf to the top, then the middle below the leaf.
    await saved('category', { _id: leaf._id, parent: top._id });
    expect((await saved('category', { _id: middle._id, parent: leaf._id })).parent).toBe(leaf._id);
    // Saving other fields of a document keeps its parent as it is.
    expect((await saved('category', { _id: middle._id, name: 'Strategie & Planung' })).parent).toBe(leaf._id);
  });

  it('refuses a page draft as its own parent or below its own subpage, naming _parent', async () => {
    const home = await saved('pageDraft', { name: 'Home', elements: [] });
    const services = await saved('pageDraft', { name: 'Leistungen', _parent: home._id, elements: [] });
    const consulting = await saved('pageDraft', { name: 'Beratung', _parent: services._id, elements: [] });
    for (const parent of [services._id, consulting._id]) {
      const refused = await save('pageDraft', { _id: services._id, _parent: parent });
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual(['_parent']);
    }
    expect((await read('pageDraft', services._id))._parent).toBe(home._id);
  });
});
