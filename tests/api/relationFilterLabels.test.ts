import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/server/db/sql';
import { createObjectId } from '../../src/shared/format/objectId';
import { createTestApp } from '../helpers/testApp';

// A list's filter dropdown names related documents as people know them, never by their id: deleted ones say so,
// one that is gone (or that nobody lets the caller name) reads `Unknown client`, and the value a list is filtered
// by is always among the options.
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Option = { value: unknown; label: string };

let t: TestApp;
let admin: string;
const ids: Record<string, string> = {};

const call = async (payload: object) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/document/find', headers: t.auth(admin), payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { results: Record<string, unknown>[]; filters: Record<string, Option[]> };
};
const saved = async (model: string, doc: object) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/document/updateOne?model=${model}`,
    headers: t.auth(admin),
    payload: doc,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { _id: string })._id;
};
const invoice = (name: string, client: string) =>
  saved('invoice', {
    name,
    client,
    date: '2026-10-01',
    status: 'open',
    items: [{ name: 'Arbeit', price: 100, count: 1 }],
  });
const clientOptions = async (filter?: object) =>
  (await call({ model: 'invoice', page: 0, limit: 25, filterFields: ['client'], ...(filter ? { filter } : {}) }))
    .filters.client;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  ids.live = await saved('client', { name: 'Rheinblick Immobilien AG' });
  ids.deleted = await saved('client', { name: 'Alte Kundin AG' });
  ids.gone = await saved('client', { name: 'Verschwunden GmbH' });
  ids.idle = await saved('client', { name: 'Ohne Rechnung AG' });
  for (const which of ['live', 'deleted', 'gone']) await invoice(`Rechnung ${which}`, ids[which]);
  const removed = await t.app.inject({
    method: 'DELETE',
    url: `/api/document/delete?model=client&id=${ids.deleted}`,
    headers: t.auth(admin),
  });
  expect(removed.statusCode).toBeLessThan(300);
  // A key whose document is no longer there at all (data from before, an import): only the database can do it.
  await t.db.query(sql`DELETE FROM doc_client WHERE _id = ${ids.gone}`);
});
afterAll(() => t?.close());

describe('filter dropdown labels of relations', () => {
  it('names a deleted client as deleted and a vanished one as an unknown client, never by its id', async () => {
    const options = await clientOptions();
    expect(options).toEqual([
      { value: ids.deleted, label: 'Alte Kundin AG (deleted)' },
      { value: ids.live, label: 'Rheinblick Immobilien AG' },
      { value: ids.gone, label: 'Unknown client' },
    ]);
  });

  it('offers the value the list is filtered by, labelled, when no listed document holds it', async () => {
    const idle = await clientOptions({ client: ids.idle });
    expect(idle.at(-1)).toEqual({ value: ids.idle, label: 'Ohne Rechnung AG' });
    expect(idle).toHaveLength(4);
    // A client nothing names, filtered by (a link), besides the vanished one: the two read apart, the filtered one last.
    const nowhere = createObjectId();
    const unknown = await clientOptions({ client: nowhere });
    expect(unknown.slice(-2)).toEqual([
      { value: ids.gone, label: 'Unknown client' },
      { value: nowhere, label: 'Unknown client (2)' },
    ]);
    // A value already offered is not offered twice.
    expect(await clientOptions({ client: ids.live })).toHaveLength(3);
  });

  it('leaves enum options as the schema lists them when the list is filtered by one', async () => {
    const answer = await call({
      model: 'invoice',
      page: 0,
      limit: 25,
      filterFields: ['status', 'client'],
      filter: { status: 'open' },
    });
    expect(answer.filters.status).toEqual([
      { value: 'open', label: 'Open' },
      { value: 'paid', label: 'Paid' },
    ]);
    expect(answer.filters.client.map((option) => option.label)).not.toContainEqual(
      expect.stringMatching(/[0-9a-f]{24}/),
    );
  });

  it('numbers the entries of several clients nothing names, so each can be told apart and chosen', async () => {
    const lost = await saved('client', { name: 'Auch Verschwunden AG' });
    const invoiceId = await invoice('Rechnung lost', lost);
    await t.db.query(sql`DELETE FROM doc_client WHERE _id = ${lost}`);
    const options = await clientOptions();
    const unknown = options.filter((option) => option.label.startsWith('Unknown client'));
    expect(unknown.map((option) => option.label)).toEqual(['Unknown client', 'Unknown client (2)']);
    expect(new Set(unknown.map((option) => option.value))).toEqual(new Set([ids.gone, lost]));
    // Each entry filters by its own client.
    const chosen = unknown.find((option) => option.value === lost)!;
    const list = await call({ model: 'invoice', page: 0, limit: 25, filter: { client: chosen.value } });
    expect(list.results.map((doc) => doc._id)).toEqual([invoiceId]);
    await t.db.query(sql`DELETE FROM doc_invoice WHERE _id = ${invoiceId}`);
  });
});
