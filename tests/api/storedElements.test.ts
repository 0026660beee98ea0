import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { DocumentRepository } from '../../src/server/modules/documents/repository';
import { storedElementWarnings } from '../../src/server/modules/pages/storedElementCheck';
import { prepareStart } from '../../src/server/startup';
import { createObjectId } from '../../src/shared/format/objectId';
import { createTestApp } from '../helpers/testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
const ids = { page: createObjectId(), draft: createObjectId(), sound: createObjectId(), layout: createObjectId() };
const paragraph = { tag: 'paragraph', props: { text: 'Willkommen' } };
const unnamedForm = { tag: 'special.form', props: { title: 'Anmeldung' } };

beforeAll(async () => {
  t = await createTestApp();
  // Stored before the check (or before it grew stricter): written to the table, past the hooks.
  const repo = new DocumentRepository(t.db);
  await repo.insert('layout', ids.layout, {
    name: 'Standard',
    elements: [
      { position: 0, element: { tag: 'anchor', props: {} } },
      { position: 1000, element: { tag: 'footer', props: { columns: 'Kontakt' } } },
    ],
  });
  await repo.insert('page', ids.page, {
    name: 'Kontakt',
    _path: '/Kontakt',
    _read: ['guest'],
    layout: ids.layout,
    elements: [paragraph, unnamedForm, { tag: 'marquee', props: {} }],
  });
  await repo.insert('page', ids.sound, { name: 'Team', _path: '/Team', _read: ['guest'], elements: [paragraph] });
  // A draft is not served: it is the editor's to say what to fix.
  await repo.insert('pageDraft', ids.draft, { name: 'Kontakt', _path: '/Kontakt', elements: [unnamedForm] });
});
afterAll(() => t?.close());

const PAGE_WARNING =
  `Page /Kontakt (id ${ids.page}) is served with elements the element check refuses: ` +
  'elements[1] Form › Form name: is required; elements[2] “marquee”: is no element type of this site; ' +
  'fix them in its draft and publish it again';
const LAYOUT_WARNING =
  `Layout “Standard” (id ${ids.layout}) is served with elements the element check refuses: ` +
  'elements[0] Anchor › Id: is required; elements[1] Footer › Columns: must be a list; fix them in the layout editor';

describe('stored pages and layouts the element check refuses', () => {
  it('are named one by one with their problems; sound pages and drafts are not', async () => {
    const warnings = await storedElementWarnings(t.app.services.documents, t.app.services.registry);
    expect(warnings.map(({ model, id, message }) => ({ model, id, message }))).toEqual([
      { model: 'page', id: ids.page, message: PAGE_WARNING },
      { model: 'layout', id: ids.layout, message: LAYOUT_WARNING },
    ]);
  });

  /** A second start on the same database, as main.ts starts an app process or a worker; what it logged. */
  async function start(worker: boolean) {
    const lines: string[] = [];
    const app = await buildApp({
      db: t.db,
      config: t.app.services.config,
      logStream: { write: (line) => void lines.push(line) },
      prepare: (services) => prepareStart(services, { worker }).then(() => undefined),
    });
    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; id?: string });
    const warned = logged.filter((entry) => entry.level === 40 && entry.msg.includes('element check refuses'));
    return { app, warned: warned.map((entry) => [entry.id, entry.msg]) };
  }

  it('are logged as one warning each when an app process starts, and the server starts and serves them', async () => {
    const { app, warned } = await start(false);
    try {
      expect(warned).toEqual([
        [ids.page, PAGE_WARNING],
        [ids.layout, LAYOUT_WARNING],
      ]);
      const served = await app.inject({ method: 'GET', url: '/Team' });
      expect(served.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/Kontakt' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('are not checked when a worker starts (npm run worker): it serves no page', async () => {
    const { app, warned } = await start(true);
    try {
      expect(warned).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
