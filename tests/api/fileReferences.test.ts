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

  it("names the site configuration whose favicon is the file's preset, and a user whose avatar it is", async () => {
    const icon = createObjectId();
    await new DocumentRepository(t.db).insert('file', icon, { name: 'icon.png', mimeType: 'image/png' });
    const call = (token: string, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: t.auth(token), payload });
    const find = async (model: string) =>
      (await call(admin, '/api/document/find', { model, limit: 10 })).json().results as Record<string, unknown>[];
    const [config] = await find('siteConfig');
    const favicon = `/api/files/imagePreset?id=${icon}&preset=favicon`;
    const saved = await call(admin, '/api/document/updateOne?model=siteConfig', { _id: config._id, favicon });
    expect(saved.statusCode, saved.body).toBe(200);
    const siteConfig = {
      model: 'siteConfig',
      id: config._id,
      name: config.title,
      label: 'Site Configuration',
      fields: ['Favicon URL'],
    };
    expect((await references(icon, admin)).json()).toEqual({ references: [siteConfig] });
    // A user's avatar (an x-relation to files) is found the same way, by whoever may read the user.
    const self = (await t.app.inject({ method: 'GET', url: '/api/self', headers: t.auth(admin) })).json();
    const adminId = (self.user?._id ?? self._id) as string;
    const avatar = await call(admin, '/api/document/updateOne?model=user', { _id: adminId, avatar: { file: icon } });
    expect(avatar.statusCode, avatar.body).toBe(200);
    const user = { model: 'user', id: adminId, name: 'admin', label: 'User', fields: ['Avatar › Image file'] };
    expect((await references(icon, admin)).json()).toEqual({ references: [siteConfig, user] });
    // Staff who manage files but not users learn of the public favicon, not of another user's avatar.
    const anna = await t.login('anna', 'demo-anna');
    expect((await references(icon, anna)).json()).toEqual({ references: [siteConfig] });
    // An address naming another file, or none, is no use of this one.
    await call(admin, '/api/document/updateOne?model=siteConfig', { _id: config._id, favicon: '/favicon.png' });
    await call(admin, '/api/document/updateOne?model=user', { _id: adminId, avatar: null });
    expect((await references(icon, admin)).json()).toEqual({ references: [] });
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
