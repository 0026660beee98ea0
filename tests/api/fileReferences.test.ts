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
      hidden: [],
      references: [
        { model: 'page', id: ids.angebot, name: 'Angebot', path: '/Angebot' },
        { model: 'page', id: ids.home, name: 'Home', path: '/' },
        { model: 'pageDraft', id: ids.entwurf, name: 'Entwurf', path: '/Entwurf' },
        { model: 'pageDraft', id: ids.home, name: 'Home', path: '/' },
        { model: 'layout', id: ids.layout, name: 'Standard' },
      ],
    });
    expect((await references(unused, admin)).json()).toEqual({ references: [], hidden: [] });
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
    expect((await references(icon, admin)).json()).toEqual({ references: [siteConfig], hidden: [] });
    // A user's avatar (an x-relation to files) is found the same way, by whoever may read the user.
    const self = (await t.app.inject({ method: 'GET', url: '/api/self', headers: t.auth(admin) })).json();
    const adminId = (self.user?._id ?? self._id) as string;
    const avatar = await call(admin, '/api/document/updateOne?model=user', { _id: adminId, avatar: { file: icon } });
    expect(avatar.statusCode, avatar.body).toBe(200);
    const user = { model: 'user', id: adminId, name: 'admin', label: 'User', fields: ['Avatar › Image file'] };
    expect((await references(icon, admin)).json()).toEqual({ references: [siteConfig, user], hidden: [] });
    // Staff who manage files but not users learn of the public favicon, not of another user's avatar.
    const anna = await t.login('anna', 'demo-anna');
    expect((await references(icon, anna)).json()).toEqual({ references: [siteConfig], hidden: [] });
    // An address naming another file, or none, is no use of this one.
    await call(admin, '/api/document/updateOne?model=siteConfig', { _id: config._id, favicon: '/favicon.png' });
    await call(admin, '/api/document/updateOne?model=user', { _id: adminId, avatar: null });
    expect((await references(icon, admin)).json()).toEqual({ references: [], hidden: [] });
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

  it('counts the uses in pages, drafts and layouts the caller may not read, without naming them', async () => {
    const used = createObjectId();
    const repo = new DocumentRepository(t.db);
    await repo.insert('file', used, { name: 'vorstand.jpg', mimeType: 'image/jpeg' });
    const image = { tag: 'image', props: { image: { file: used, alt: 'Vorstand' }, preset: 'fullWidth' } };
    const hidden = {
      board: createObjectId(),
      plan: createObjectId(),
      open: createObjectId(),
      layout: createObjectId(),
    };
    const admins = { _read: ['admin'], _write: ['admin'] };
    // Published for admins only (its draft too), a draft for admins only, and an open page whose draft is now closed.
    await repo.insert('page', hidden.board, { name: 'Vorstand', _path: '/Vorstand', ...admins, elements: [image] });
    await repo.insert('pageDraft', hidden.board, {
      name: 'Vorstand',
      _path: '/Vorstand',
      ...admins,
      elements: [image],
    });
    await repo.insert('pageDraft', hidden.plan, { name: 'Plan 2027', _path: '/Plan', ...admins, elements: [image] });
    await repo.insert('page', hidden.open, { name: 'Team', _path: '/Team', _read: ['guest'], elements: [image] });
    await repo.insert('pageDraft', hidden.open, { name: 'Team', _path: '/Team', ...admins, elements: [image] });
    await repo.insert('layout', hidden.layout, { name: 'Intern', elements: [{ position: 0, element: image }] });

    const anna = await t.login('anna', 'demo-anna');
    const asAnna = await references(used, anna);
    expect(asAnna.statusCode, asAnna.body).toBe(200);
    expect(asAnna.json()).toEqual({
      references: [
        { model: 'page', id: hidden.open, name: 'Team', path: '/Team' },
        { model: 'layout', id: hidden.layout, name: 'Intern' },
      ],
      // The page Vorstand (its draft is the same page), and the draft Plan 2027; Team's draft is Team.
      hidden: [
        { model: 'page', count: 1 },
        { model: 'pageDraft', count: 1 },
      ],
    });
    for (const secret of ['Vorstand', '/Vorstand', 'Plan', hidden.board, hidden.plan])
      expect(asAnna.body).not.toContain(secret);

    // Who manages files but not pages learns of the public page only: drafts and layouts are counted.
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=role',
      headers: t.auth(admin),
      payload: { name: 'dateien', permissions: ['manage:files'] },
    });
    expect(role.statusCode, role.body).toBe(200);
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=user',
      headers: t.auth(admin),
      payload: { login: 'dora', email: 'dora@example.ch', roles: ['dateien'], password: 'dora-password-1' },
    });
    expect(user.statusCode, user.body).toBe(200);
    const dora = await t.login('dora', 'dora-password-1');
    expect((await references(used, dora)).json()).toEqual({
      references: [{ model: 'page', id: hidden.open, name: 'Team', path: '/Team' }],
      hidden: [
        { model: 'page', count: 1 },
        { model: 'pageDraft', count: 1 },
        { model: 'layout', count: 1 },
      ],
    });

    // The admin reads them all, and nothing is hidden.
    const all = (await references(used, admin)).json();
    expect(all.hidden).toEqual([]);
    expect(all.references).toHaveLength(6);
  });

  it('answers only who manages files, about a file that exists', async () => {
    expect((await references(file)).statusCode).toBe(401);
    expect((await references(file, marco)).statusCode).toBe(403);
    expect((await references(createObjectId(), admin)).statusCode).toBe(404);
    expect((await references('nope', admin)).statusCode).toBe(400);
  });
});
