import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { DocumentRepository, LIVE_ROWS } from '../../src/server/modules/documents/repository';
import { createObjectId } from '../../src/shared/format/objectId';
import { ELEMENT_FORMAT } from '../../src/shared/site/elementFormat';
import { createTestApp } from '../helpers/testApp';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Json = Record<string, unknown>;

/** Page JSON as stored before element formats existed: icon names lucide renamed since. */
const legacyElements = () => [
  { tag: 'icon', props: { icon: 'home' } },
  {
    tag: 'section',
    props: { children: [{ tag: 'button', props: { text: 'Hilfe', icon: 'help-circle', url: { type: 'URL' } } }] },
  },
];
const iconsOf = (elements: unknown) => [...JSON.stringify(elements).matchAll(/"icon":"([^"]+)"/g)].map((m) => m[1]);

describe('element format of stored page JSON (versioned, migrated on read and save)', () => {
  let t: TestApp;
  let admin: string;
  let repo: DocumentRepository;
  let home: string;
  const call = (method: 'GET' | 'POST', url: string, payload?: Json) =>
    t.app.inject({ method, url, headers: t.auth(admin), ...(payload ? { payload } : {}) });
  const stored = async (model: string, id: string) => (await repo.findById(model, id, LIVE_ROWS))!;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    repo = new DocumentRepository(t.db);
    home = (await t.app.services.documents.save(SYSTEM, 'pageDraft', { name: 'Home' }))._id;
  });
  afterAll(() => t?.close());

  it('stamps every written page, draft and layout with the current format (read-only for clients)', async () => {
    const draft = await call('POST', '/api/document/updateOne?model=pageDraft', {
      _id: 'new',
      name: 'Neu',
      _parent: home,
      _elementFormat: 0,
      elements: [{ tag: 'paragraph', props: { text: 'Hallo' } }],
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()._elementFormat).toBe(ELEMENT_FORMAT);
    expect((await stored('pageDraft', draft.json()._id))._elementFormat).toBe(ELEMENT_FORMAT);
    const layout = await t.app.services.documents.save(SYSTEM, 'layout', { name: 'Schlicht', elements: [] });
    expect(layout._elementFormat).toBe(ELEMENT_FORMAT);
  });

  it('upgrades an older stored document when the document API and the public site read it, without writing', async () => {
    const layoutId = createObjectId();
    await repo.insert('layout', layoutId, {
      name: 'Alt',
      elements: [
        {
          position: 1000,
          element: {
            tag: 'footer',
            props: { columns: [{ title: 'Kontakt', icons: [{ icon: 'check-circle', href: '/', label: 'OK' }] }] },
          },
        },
      ],
    });
    const pageId = createObjectId();
    await repo.insert('page', pageId, {
      name: 'Alt',
      _path: '/',
      _read: ['guest'],
      layout: layoutId,
      elements: legacyElements(),
    });

    const read = (await call('GET', `/api/document/findById?model=page&id=${pageId}`)).json();
    expect(read._elementFormat).toBe(ELEMENT_FORMAT);
    expect(iconsOf(read.elements)).toEqual(['house', 'info']);
    const listed = (await call('POST', '/api/document/find', { model: 'layout', limit: 10 })).json();
    const layout = listed.results.find((doc: Json) => doc._id === layoutId);
    expect(iconsOf(layout.elements)).toEqual(['circle-check']);

    const site = await t.app.inject({ method: 'GET', url: '/api/cms/page?path=/' });
    expect(site.statusCode, site.body).toBe(200);
    expect(iconsOf(site.json().page.elements)).toEqual(['house', 'info']);
    expect(iconsOf(site.json().layout.elements)).toEqual(['circle-check']);

    // Reading answers the upgrade; the row changes only when the document is saved.
    expect((await stored('page', pageId))._elementFormat).toBeUndefined();
    expect(iconsOf((await stored('page', pageId)).elements)).toEqual(['home', 'help-circle']);
  });

  it('upgrades an older stored document when it is saved, with or without its elements in the save', async () => {
    const kept = createObjectId();
    await repo.insert('pageDraft', kept, {
      name: 'Ohne Format',
      _parent: home,
      _path: '/Ohne-Format',
      elements: legacyElements(),
    });
    const partial = await call('POST', '/api/document/updateOne?model=pageDraft', { _id: kept, title: 'Neu' });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()._elementFormat).toBe(ELEMENT_FORMAT);
    const row = await stored('pageDraft', kept);
    expect(row._elementFormat).toBe(ELEMENT_FORMAT);
    expect(iconsOf(row.elements)).toEqual(['house', 'info']);

    // Elements sent in the old format they were read in (format 0) are upgraded too.
    const sent = await call('POST', '/api/document/updateOne?model=pageDraft', {
      _id: kept,
      _elementFormat: 0,
      elements: legacyElements(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(iconsOf((await stored('pageDraft', kept)).elements)).toEqual(['house', 'info']);
  });

  it('restores a version published before formats existed in the current format', async () => {
    const draft = (
      await call('POST', '/api/document/updateOne?model=pageDraft', { _id: 'new', name: 'Versioniert', _parent: home })
    ).json();
    const versionId = createObjectId();
    await repo.insert('pageVersion', versionId, {
      page: draft._id,
      publishedAt: '2025-01-01T00:00:00.000Z',
      content: { name: 'Versioniert', elements: legacyElements() },
    });
    const shown = (await call('GET', `/api/cms/pageVersion/${versionId}`)).json();
    expect(iconsOf(shown.content.elements)).toEqual(['house', 'info']);
    const restored = await call('POST', `/api/cms/restoreVersion/${versionId}`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()._elementFormat).toBe(ELEMENT_FORMAT);
    expect(iconsOf((await stored('pageDraft', draft._id)).elements)).toEqual(['house', 'info']);
  });

  it('serves a document of a newer format as stored (logged) and refuses to overwrite it (409)', async () => {
    const id = createObjectId();
    const future = [{ tag: 'paragraph', props: { text: 'Aus der Zukunft' } }];
    await repo.insert('pageDraft', id, {
      name: 'Zukunft',
      _parent: home,
      _path: '/Zukunft',
      _elementFormat: 99,
      elements: future,
    });
    const warn = vi.spyOn(t.app.services.log, 'warn');
    const read = (await call('GET', `/api/document/findById?model=pageDraft&id=${id}`)).json();
    expect(read).toMatchObject({ _elementFormat: 99, elements: future });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ model: 'pageDraft', id, elementFormat: 99 }),
      expect.stringContaining('newer element format'),
    );
    warn.mockRestore();

    const save = await call('POST', '/api/document/updateOne?model=pageDraft', { _id: id, title: 'Überschrieben' });
    expect(save.statusCode).toBe(409);
    expect(save.json().error).toMatch(/element format 99.*up to 1.*newer Baukasten/);
    expect((await stored('pageDraft', id)).title).toBeUndefined();
  });

  it('refuses elements sent in a format newer than the server knows (400)', async () => {
    const answer = await call('POST', '/api/document/updateOne?model=pageDraft', {
      _id: 'new',
      name: 'Von morgen',
      _parent: home,
      _elementFormat: ELEMENT_FORMAT + 1,
      elements: [],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields).toEqual([{ field: '_elementFormat', message: expect.stringMatching(/newer/) }]);
  });
});
