import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { DocumentRepository, LIVE_ROWS } from '../../src/server/modules/documents/repository';
import { createObjectId } from '../../src/shared/format/objectId';
import { createTestApp } from '../helpers/testApp';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Json = Record<string, unknown>;

/** Written as an editor writes them; jsonb orders keys by length, then bytes: email, vorname, nachname. */
const FIELDS = {
  vorname: { type: 'string', title: 'Vorname' },
  nachname: { type: 'string', title: 'Nachname' },
  email: { type: 'string', title: 'E-Mail', format: 'email' },
};
const form = (name: string, properties: Json) => ({
  tag: 'special.form',
  props: { name, title: 'Anmeldung', properties, submitLabel: 'Senden', successMessage: 'Danke', validate: false },
});
/** The `name`s of the public page's form inputs, in document order. */
const inputNames = (html: string) => [...html.matchAll(/<input[^>]*\sname="([^"]+)"/g)].map((match) => match[1]);
const fieldsOf = (doc: Json) => ((doc.elements as Json[])[0].props as { properties: Json }).properties;

describe("a form's fields keep the order they are written in (jsonb reorders object keys)", () => {
  let t: TestApp;
  let admin: string;
  let repo: DocumentRepository;
  const call = (method: 'GET' | 'POST', url: string, payload?: Json) =>
    t.app.inject({ method, url, headers: t.auth(admin), ...(payload ? { payload } : {}) });
  const saved = async (model: string, doc: Json): Promise<Json & { _id: string }> => {
    const response = await call('POST', `/api/document/updateOne?model=${model}`, doc);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const publicHtml = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    repo = new DocumentRepository(t.db);
    const home = await t.app.services.documents.save(SYSTEM, 'pageDraft', { name: 'Home', _read: ['guest'] });
    expect((await call('GET', `/api/cms/publishPage?id=${home._id}`)).statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  it('shows, answers and checks the fields of a saved and published form in the written order', async () => {
    const home = (await t.app.services.documents.find(SYSTEM, 'page', { limit: 1 })).results[0];
    const properties = { type: 'object', properties: FIELDS, required: ['email', 'vorname'] };
    const draft = await saved('pageDraft', {
      _id: 'new',
      name: 'Anmeldung',
      _parent: home._id,
      _read: ['guest'],
      elements: [form('anmeldung', properties)],
    });
    // The database reorders the keys (the bug) …
    const row = (await repo.findById('pageDraft', draft._id, LIVE_ROWS))!;
    expect(Object.keys(fieldsOf(row).properties as Json)).toEqual(['email', 'vorname', 'nachname']);
    // … and keeps the written order beside them, which every answer follows.
    expect(fieldsOf(row)['x-order']).toEqual(['vorname', 'nachname', 'email']);
    expect(Object.keys(fieldsOf(draft).properties as Json)).toEqual(['vorname', 'nachname', 'email']);
    const read = (await call('GET', `/api/document/findById?model=pageDraft&id=${draft._id}`)).json<Json>();
    expect(Object.keys(fieldsOf(read).properties as Json)).toEqual(['vorname', 'nachname', 'email']);

    // Publishing copies the draft as read: the page keeps the order too.
    const published = await call('GET', `/api/cms/publishPage?id=${draft._id}`);
    expect(published.statusCode, published.body).toBe(200);
    expect(inputNames(await publicHtml('/Anmeldung'))).toEqual(['vorname', 'nachname', 'email']);

    // The server's check of a submission names the problems in the form's order, not in `required`'s.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/formData',
      payload: { name: 'anmeldung', data: {} },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ fields: { field: string }[] }>().fields.map((field) => field.field)).toEqual([
      'vorname',
      'email',
    ]);

    // A new order written later wins over the recorded one.
    const reordered = await saved('pageDraft', {
      _id: draft._id,
      elements: [
        form('anmeldung', {
          ...fieldsOf(read),
          properties: { email: FIELDS.email, nachname: FIELDS.nachname, vorname: FIELDS.vorname },
        }),
      ],
    });
    expect(Object.keys(fieldsOf(reordered).properties as Json)).toEqual(['email', 'nachname', 'vorname']);
    expect(fieldsOf(reordered)['x-order']).toEqual(['email', 'nachname', 'vorname']);

    // Restoring the published version brings its order back into the draft.
    const [version] = (await call('GET', `/api/cms/pageVersions/${draft._id}`)).json<{ _id: string }[]>();
    const restored = await call('POST', `/api/cms/restoreVersion/${version._id}`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(Object.keys(fieldsOf(restored.json<Json>()).properties as Json)).toEqual(['vorname', 'nachname', 'email']);
  });

  it('shows a form stored before the order was recorded as before (in the database key order)', async () => {
    await repo.insert('page', createObjectId(), {
      name: 'Alt',
      _path: '/Alt',
      _read: ['guest'],
      elements: [form('alt', { type: 'object', properties: FIELDS })],
    });
    expect(inputNames(await publicHtml('/Alt'))).toEqual(['email', 'vorname', 'nachname']);
  });
});
