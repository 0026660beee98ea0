import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { DocumentRepository, LIVE_ROWS } from '../../src/server/modules/documents/repository';
import { createObjectId } from '../../src/shared/format/objectId';
import { createTestApp } from '../helpers/testApp';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Json = Record<string, unknown>;

const paragraph = (text: string) => ({ tag: 'paragraph', props: { text } });
/** A form whose field list is no field list: the public page said 'Failed rendering form'. */
const brokenForm = { tag: 'special.form', props: { name: 'anmeldung', properties: { properties: { email: 5 } } } };
const BROKEN_FORM_PROBLEM = 'Form › Fields (JSON Schema) › Fields › “email”: must be an object';
/** A form still being edited: it has no name yet. */
const unnamedForm = { tag: 'special.form', props: { title: 'Anmeldung' } };

describe('elements of pages, drafts and layouts are checked against their element schemas', () => {
  let t: TestApp;
  let admin: string;
  let repo: DocumentRepository;
  let home: string;
  const call = (method: 'GET' | 'POST', url: string, payload?: Json) =>
    t.app.inject({ method, url, headers: t.auth(admin), ...(payload ? { payload } : {}) });
  const save = (model: string, doc: Json) => call('POST', `/api/document/updateOne?model=${model}`, doc);
  const saved = async (model: string, doc: Json): Promise<Json & { _id: string }> => {
    const response = await save(model, doc);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const stored = (model: string, id: string) => repo.findById(model, id, LIVE_ROWS);
  const count = async (model: string) =>
    (await t.app.services.documents.find(SYSTEM, model, { limit: 1000 })).results.length;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    repo = new DocumentRepository(t.db);
    home = (await t.app.services.documents.save(SYSTEM, 'pageDraft', { name: 'Home', _read: ['guest'] }))._id;
    // Subpages are published under a published home page.
    expect((await call('GET', `/api/cms/publishPage?id=${home}`)).statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  it('refuses a draft element of the wrong shape, naming the element and the field, and writes nothing', async () => {
    const draft = await saved('pageDraft', { _id: 'new', name: 'Anmeldung', _parent: home, elements: [] });
    const before = await stored('pageDraft', draft._id);

    const refused = await save('pageDraft', {
      _id: draft._id,
      title: 'Neu',
      elements: [paragraph('Willkommen'), brokenForm],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: `elements[1] ${BROKEN_FORM_PROBLEM}`,
      fields: [
        { field: 'elements.1.props.properties.properties.email', message: `elements[1] ${BROKEN_FORM_PROBLEM}` },
      ],
    });
    // Nothing of the write is kept, not even the title sent with it.
    expect(await stored('pageDraft', draft._id)).toEqual(before);

    // Elements nested in a slot are checked as well.
    const nested = await save('pageDraft', {
      _id: draft._id,
      elements: [{ tag: 'section', props: { children: [paragraph('Oben'), { tag: 'paragraph', props: [] }] } }],
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error).toBe('elements[0] Section › Children › Paragraph 2 › Props: must be an object');

    // A new draft with such an element is not created.
    const drafts = await count('pageDraft');
    const created = await save('pageDraft', { _id: 'new', name: 'Kaputt', _parent: home, elements: [brokenForm] });
    expect(created.statusCode).toBe(400);
    expect(created.json().error).toBe(`elements[0] ${BROKEN_FORM_PROBLEM}`);
    expect(await count('pageDraft')).toBe(drafts);
  });

  it('refuses an element tag no element has', async () => {
    const draft = await saved('pageDraft', { _id: 'new', name: 'Lauftext', _parent: home });
    const before = await stored('pageDraft', draft._id);
    const refused = await save('pageDraft', { _id: draft._id, elements: [paragraph('Hallo'), { tag: 'marquee' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: 'elements[1] “marquee”: is no element type of this site',
      fields: [{ field: 'elements.1.tag', message: 'elements[1] “marquee”: is no element type of this site' }],
    });
    expect(await stored('pageDraft', draft._id)).toEqual(before);
  });

  it('keeps a draft whose element lacks a required value, and refuses to publish it until it is filled in', async () => {
    const draft = await saved('pageDraft', {
      _id: 'new',
      name: 'Workshop',
      _parent: home,
      _read: ['guest'],
      elements: [paragraph('Melden Sie sich an'), unnamedForm],
    });
    expect(draft.elements).toEqual([paragraph('Melden Sie sich an'), unnamedForm]);
    const versions = await count('pageVersion');

    const refused = await call('GET', `/api/cms/publishPage?id=${draft._id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: 'elements[1] Form › Form name: is required',
      fields: [{ field: 'elements.1.props.name', message: 'elements[1] Form › Form name: is required' }],
    });
    // No live page, no version.
    expect(await stored('page', draft._id)).toBeUndefined();
    expect(await count('pageVersion')).toBe(versions);
    expect((await t.app.inject({ method: 'GET', url: '/api/cms/page?path=/Workshop' })).statusCode).toBe(404);

    await saved('pageDraft', {
      _id: draft._id,
      elements: [
        paragraph('Melden Sie sich an'),
        { ...unnamedForm, props: { ...unnamedForm.props, name: 'workshop' } },
      ],
    });
    const published = await call('GET', `/api/cms/publishPage?id=${draft._id}`);
    expect(published.statusCode, published.body).toBe(200);
    expect(await count('pageVersion')).toBe(versions + 1);
  });

  it('checks pages written directly in full, required values included', async () => {
    const page = await saved('page', { _id: 'new', name: 'Direkt', _read: ['guest'], elements: [paragraph('Eins')] });
    const before = await stored('page', page._id);
    for (const [elements, error] of [
      [[paragraph('Eins'), unnamedForm], 'elements[1] Form › Form name: is required'],
      [[brokenForm], `elements[0] ${BROKEN_FORM_PROBLEM}`],
      [[{ tag: 'blink', props: {} }], 'elements[0] “blink”: is no element type of this site'],
    ] as const) {
      const refused = await save('page', { _id: page._id, elements });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(error);
    }
    expect(await stored('page', page._id)).toEqual(before);
  });

  it('checks layout elements as a published page (a layout has no draft): a missing required value is refused too', async () => {
    const layout = await saved('layout', {
      _id: 'new',
      name: 'Standard',
      elements: [
        { position: 0, element: { tag: 'navigation', props: { links: [] } } },
        { position: 500, element: { tag: 'anchor', props: { id: 'kontakt' } } },
      ],
    });
    const before = await stored('layout', layout._id);
    // Saved is live on every page of the layout: an anchor without its id, a form without its name would be served.
    const incomplete = await save('layout', {
      _id: layout._id,
      elements: [
        { position: 0, element: { tag: 'anchor', props: {} } },
        { position: 1000, element: unnamedForm },
      ],
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toEqual({
      error: 'elements[0] Anchor › Id: is required; elements[1] Form › Form name: is required',
      fields: [
        { field: 'elements.0.element.props.id', message: 'elements[0] Anchor › Id: is required' },
        { field: 'elements.1.element.props.name', message: 'elements[1] Form › Form name: is required' },
      ],
    });
    const created = await save('layout', {
      _id: 'new',
      name: 'Leer',
      elements: [{ position: 0, element: unnamedForm }],
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().error).toBe('elements[0] Form › Form name: is required');
    const wrong = await save('layout', {
      _id: layout._id,
      elements: [
        { position: 0, element: { tag: 'navigation', props: { links: [] } } },
        { position: 1000, element: { tag: 'footer', props: { columns: 'Kontakt' } } },
      ],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'elements[1] Footer › Columns: must be a list',
      fields: [{ field: 'elements.1.element.props.columns', message: 'elements[1] Footer › Columns: must be a list' }],
    });
    const unknown = await save('layout', { _id: layout._id, elements: [{ position: 0, element: { tag: 'popup' } }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('elements[0] “popup”: is no element type of this site');
    expect(await stored('layout', layout._id)).toEqual(before);
    expect(await count('layout')).toBe(1);
    // Filled in, it is saved.
    const named = { ...unnamedForm, props: { ...unnamedForm.props, name: 'anmeldung' } };
    const fixed = await saved('layout', { _id: layout._id, elements: [{ position: 1000, element: named }] });
    expect(fixed.elements).toEqual([{ position: 1000, element: named }]);
  });

  it('still loads a draft stored before the check with elements it refuses; other fields can be saved, the elements fixed', async () => {
    const id = createObjectId();
    await repo.insert('pageDraft', id, {
      name: 'Alt',
      _parent: home,
      _path: '/Alt',
      elements: [paragraph('Von früher'), brokenForm, { tag: 'marquee', props: {} }],
    });
    const loaded = await call('GET', `/api/document/findById?model=pageDraft&id=${id}`);
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json().elements).toHaveLength(3);

    // A write that leaves the elements as stored (a rename, a move) is not refused for them.
    const renamed = await saved('pageDraft', { _id: id, name: 'Alt und bewährt', _version: loaded.json()._version });
    expect(renamed._path).toBe('/Alt-und-bewährt');

    // The editor sends the elements with every save: it is told what to fix, then the fixed ones are kept.
    const refused = await save('pageDraft', { ...renamed, title: 'Alt' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(
      `elements[1] ${BROKEN_FORM_PROBLEM}; elements[2] “marquee”: is no element type of this site`,
    );
    const fixed = { ...brokenForm, props: { ...brokenForm.props, properties: { properties: { email: {} } } } };
    const repaired = await saved('pageDraft', { ...renamed, title: 'Alt', elements: [paragraph('Von früher'), fixed] });
    // The form's fields come back with their written order recorded (x-order).
    const recorded = {
      ...fixed,
      props: { ...fixed.props, properties: { ...fixed.props.properties, 'x-order': ['email'] } },
    };
    expect(repaired.elements).toEqual([paragraph('Von früher'), recorded]);
  });
});
