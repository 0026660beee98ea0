import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentRepository } from '../../src/server/modules/documents/repository';
import { createObjectId } from '../../src/shared/format/objectId';
import { seedDemo } from '../../src/server/seed/demo';
import { createTestApp } from '../helpers/testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let marco: string; // accountant: no manage:files
const file = createObjectId();
const unused = createObjectId();
const ids = { home: createObjectId(), angebot: createObjectId(), entwurf: createObjectId(), layout: createObjectId() };

const references = (id: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/files/references?id=${id}`, headers: token ? t.auth(token) : {} });

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.services, { env: { DEMO_USERS_PASSWORD: '1' } });
  admin = await t.login();
  marco = await t.login('marco', 'demo-marco');
  const repo = new DocumentRepository(t.db);
  for (const id of [file, unused]) await repo.insert('file', id, { name: `${id}.jpg`, mimeType: 'image/jpeg' });
  const image = { tag: 'image', props: { image: { file, alt: 'Team' }, preset: 'fullWidth' } };
  await repo.insert('page', ids.home, { name: 'Home', _path: '/', _read: ['guest'], elements: [image] });
  // Nested in a section, and as the address of a rich text image.
  await repo.insert('page', ids.angebot, {
    name: 'Angebot',
    _path: '/Angebot',
    _read: ['guest'],
    elements: [
      {
        tag: 'section',
        props: {
          children: [
            { tag: 'paragraph', props: { text: `<img src="/api/files/imagePreset?id=${file}&preset=fullWidth">` } },
          ],
        },
      },
    ],
  });
  await repo.insert('pageDraft', ids.home, { name: 'Home', _path: '/', elements: [image] });
  await repo.insert('pageDraft', ids.entwurf, { name: 'Entwurf', _path: '/Entwurf', elements: [image] });
  await repo.insert('layout', ids.layout, { name: 'Standard', elements: [{ position: 0, element: image }] });
  // Ids of other models and longer hex runs do not count.
  await repo.insert('page', createObjectId(), {
    name: 'Andere',
    _path: '/Andere',
    elements: [{ tag: 'paragraph', props: { text: `${file}ff`, link: { type: 'PAGE', page: ids.home } } }],
  });
});
afterAll(() => t?.close());

describe('GET /api/files/references', () => {
  it('names the published pages, drafts and layouts whose elements use the file, nested ones too', async () => {
    const response = await references(file, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      references: [
        { model: 'page', id: ids.angebot, name: 'Angebot', path: '/Angebot' },
        { model: 'page', id: ids.home, name: 'Home', path: '/' },
        { model: 'pageDraft', id: ids.entwurf, name: 'Entwurf', path: '/Entwurf' },
        { model: 'pageDraft', id: ids.home, name: 'Home', path: '/' },
        { model: 'layout', id: ids.layout, name: 'Standard' },
      ],
    });
    expect((await references(unused, admin)).json()).toEqual({ references: [] });
  });

  it('a folder holding a used file is not deleted with it: the folder must be emptied first, file by file', async () => {
    const call = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: t.auth(admin), ...(payload ? { payload } : {}) });
    const folder = (await call('POST', '/api/document/updateOne?model=folder', { name: 'Bilder Team' })).json();
    const moved = await call('POST', '/api/document/updateOne?model=file', { _id: file, _parent: folder._id });
    expect(moved.statusCode, moved.body).toBe(200);
    const refused = await call('DELETE', `/api/document/delete?model=folder&id=${folder._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'The folder is not empty: delete or move its contents first' });
    // The file is still there, and still named where it is used (its own delete dialog warns).
    expect((await references(file, admin)).json().references).toHaveLength(5);
  });

  it('answers only who manages files, about a file that exists', async () => {
    expect((await references(file)).statusCode).toBe(401);
    expect((await references(file, marco)).statusCode).toBe(403);
    expect((await references(createObjectId(), admin)).statusCode).toBe(404);
    expect((await references('nope', admin)).statusCode).toBe(400);
  });
});
