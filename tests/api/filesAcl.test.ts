import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS } from '../../src/server/access/caller';
import type { ServerEvent } from '../../src/server/events/bus';
import { ident, sql } from '../../src/server/db/sql';
import { DocumentRepository } from '../../src/server/modules/documents/repository';
import { narrowStoredLists } from '../../src/server/modules/files/repository';
import { pushesFor } from '../../src/server/modules/realtime/events';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';

/**
 * Folder permissions as in a file manager (audit 3, finding 1): the contents of a private folder
 * stay private whichever way they got there, and no readable item names a hidden folder.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = (await userWithRole(t, admin, 'stella', 'staff')).token;
});

afterAll(() => t.close());

type Item = { _id: string; name: string; _read?: string[]; _write?: string[]; _tree: string[]; _path: string };

const headers = (token?: string) => (token ? t.auth(token) : {});

async function saveItem(token: string, model: 'file' | 'folder', payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/document/updateOne?model=${model}`,
    headers: t.auth(token),
    payload,
  });
}

async function folder(name: string, extra: Record<string, unknown> = {}): Promise<Item> {
  const response = await saveItem(admin, 'folder', { _id: 'new', name, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function upload(name: string, parent?: string, token = admin): Promise<Item> {
  const query = new URLSearchParams({ name, ...(parent ? { folder: parent } : {}) });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/files/upload?${query}`,
    headers: { ...t.auth(token), 'content-type': 'text/plain' },
    payload: `contents of ${name}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const download = (id: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/files/download?id=${id}`, headers: headers(token) });

const move = (model: 'file' | 'folder', id: string, payload: Record<string, unknown>, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api/database/${model}/${id}`, headers: t.auth(token), payload });

async function listed(model: 'file' | 'folder', token?: string): Promise<Item[]> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/document/find',
    headers: headers(token),
    payload: { model, fields: ['name', '_path', '_pathSegments', '_tree', '_parent'], limit: 500 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: Item[] }).results;
}

const stored = async (model: 'file' | 'folder', id: string): Promise<Item> =>
  (
    await t.app.inject({ method: 'GET', url: `/api/document/findById?model=${model}&id=${id}`, headers: t.auth(admin) })
  ).json();

describe('folder permissions', () => {
  it('a subfolder of a private folder is private, and so is a file uploaded into it', async () => {
    const privat = await folder('Privat', { _read: ['admin'], _write: ['admin'] });
    const sub = await folder('Sub', { _parent: privat._id });
    expect(sub).toMatchObject({ _read: ['admin'], _write: ['admin'] });
    const contract = await upload('contract.txt', sub._id);
    expect(contract).toMatchObject({ _read: ['admin'], _write: ['admin'] });

    for (const token of [undefined, staff]) {
      expect((await download(contract._id, token)).statusCode).toBe(404);
      expect((await listed('file', token)).map((item) => item._id)).not.toContain(contract._id);
      expect((await listed('folder', token)).map((item) => item._id)).not.toContain(sub._id);
    }
    const asAdmin = await download(contract._id, admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.body).toBe('contents of contract.txt');
    expect((await listed('file', admin)).map((item) => item._id)).toContain(contract._id);
  });

  it('a public file moved into a private folder becomes private; moved back to the top it stays so', async () => {
    const privat = await folder('Tresor', { _read: ['admin'], _write: ['admin'] });
    const file = await upload('offen.txt');
    expect((await download(file._id)).statusCode).toBe(200);

    const response = await move('file', file._id, { _parent: privat._id });
    expect(response.statusCode, response.body).toBe(200);
    expect((await download(file._id)).statusCode).toBe(404);
    expect((await download(file._id, staff)).statusCode).toBe(404);
    expect((await download(file._id, admin)).statusCode).toBe(200);

    // The top level has no lists to take: the item keeps the ones it has.
    expect((await move('file', file._id, { _parent: null })).statusCode).toBe(200);
    expect((await download(file._id)).statusCode).toBe(404);
  });

  it('making a folder private hides everything in it; opening it up opens what followed it', async () => {
    const box = await folder('Ablage');
    const inner = await folder('Innen', { _parent: box._id });
    const top = await upload('oben.txt', box._id);
    const deep = await upload('unten.txt', inner._id);
    const strict = await upload('streng.txt', box._id);
    expect((await saveItem(admin, 'file', { _id: strict._id, _read: ['admin'] })).statusCode).toBe(200);
    for (const file of [top, deep]) expect((await download(file._id)).statusCode).toBe(200);

    const response = await saveItem(admin, 'folder', { _id: box._id, _read: ['staff'], _write: ['staff'] });
    expect(response.statusCode, response.body).toBe(200);
    for (const file of [top, deep, strict]) {
      expect((await download(file._id)).statusCode).toBe(404);
      expect((await download(file._id, admin)).statusCode).toBe(200);
    }
    expect((await listed('folder')).map((item) => item._id)).not.toContain(inner._id);
    for (const file of [top, deep]) expect((await download(file._id, staff)).statusCode).toBe(200);
    // A stricter list of its own stays stricter.
    expect((await stored('file', strict._id))._read).toEqual(['admin']);
    expect((await download(strict._id, staff)).statusCode).toBe(404);
    expect((await stored('file', deep._id))._write).toEqual(['staff']);

    expect((await saveItem(admin, 'folder', { _id: box._id, _read: [], _write: [] })).statusCode).toBe(200);
    for (const file of [top, deep]) expect((await download(file._id)).statusCode).toBe(200);
    expect((await stored('folder', inner._id))._read).toEqual([]);
    expect((await stored('file', strict._id))._read).toEqual(['admin']);
    expect((await download(strict._id)).statusCode).toBe(404);
  });

  it('an admin may give a new item its own lists, but never more open than its folder', async () => {
    const privat = await folder('Personal', { _read: ['admin'], _write: ['admin'] });
    const refused = await saveItem(admin, 'folder', {
      _id: 'new',
      name: 'Offen',
      _parent: privat._id,
      _read: ['guest'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/_read of "Offen" lets in more than its folder "Personal"/);
    const own = await folder('Nur Staff', { _read: ['staff'] });
    const staffOnly = await folder('Team', { _parent: own._id, _read: ['staff', 'admin'] });
    expect(staffOnly._read).toEqual(['staff', 'admin']);
    // _write was not sent: it follows the folder (which has none).
    expect(staffOnly._write).toBeUndefined();
  });

  it('staff cannot open a file up by moving it into a more open folder, but may move it into a stricter one', async () => {
    const team = await folder('Teamablage', { _read: ['staff'], _write: ['staff'] });
    const open = await folder('Öffentlich');
    const file = await upload('intern.txt', team._id, staff);
    const refused = await move('file', file._id, { _parent: open._id }, staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/Only an admin can move "intern.txt"/);
    expect((await download(file._id)).statusCode).toBe(404);

    const flyer = await upload('flyer.txt', open._id, staff);
    expect((await move('file', flyer._id, { _parent: team._id }, staff)).statusCode).toBe(200);
    expect((await download(flyer._id)).statusCode).toBe(404);
    expect((await download(flyer._id, staff)).statusCode).toBe(200);
  });

  it('no readable item names a folder the caller cannot read', async () => {
    // An explicitly public child of a folder that is then made private is made private with it.
    const parent = await folder('Geheimprojekt');
    const child = await upload('pressemitteilung.txt', parent._id);
    expect((await saveItem(admin, 'file', { _id: child._id, _read: ['guest'] })).statusCode).toBe(200);
    expect((await saveItem(admin, 'folder', { _id: parent._id, _read: ['admin'] })).statusCode).toBe(200);
    expect((await download(child._id)).statusCode).toBe(404);
    // ...and an admin cannot make it public again while its folder is private.
    const reopen = await saveItem(admin, 'file', { _id: child._id, _read: ['guest'] });
    expect(reopen.statusCode).toBe(400);

    for (const token of [undefined, staff]) {
      const folders = await listed('folder', token);
      const files = await listed('file', token);
      const visible = new Set(folders.map((item) => item._id));
      const hiddenNames = (await listed('folder', admin)).filter((f) => !visible.has(f._id)).map((f) => f.name);
      expect(hiddenNames).toContain('Geheimprojekt');
      for (const item of [...folders, ...files]) {
        for (const id of item._tree) expect(visible.has(id), `${item._path} names a hidden folder`).toBe(true);
        for (const name of hiddenNames) expect(item._path.split('/')).not.toContain(name);
      }
    }
  });

  it('realtime: events about a file that went private reach only those who may read it', async () => {
    const open = await folder('Aushang');
    const privat = await folder('Vertraulich', { _read: ['admin'], _write: ['admin'] });
    const file = await upload('notiz.txt', open._id);
    const events: ServerEvent[] = [];
    const stop = t.app.services.bus.subscribe((event) => events.push(event));
    try {
      expect((await move('file', file._id, { _parent: privat._id })).statusCode).toBe(200);
      // Later changes of items below a folder made private are filtered by their new lists.
      const box = await folder('Später privat');
      const later = await upload('später.txt', box._id);
      expect((await saveItem(admin, 'folder', { _id: box._id, _read: ['admin'] })).statusCode).toBe(200);
      events.length = 0;
      expect((await saveItem(admin, 'file', { _id: later._id, name: 'umbenannt.txt' })).statusCode).toBe(200);
      expect(events.some((event) => 'id' in event && event.id === later._id)).toBe(true);
      for (const event of events)
        expect(pushesFor(event, ANONYMOUS, new Set(), t.app.services.documents.visibleTo)).toEqual([]);
    } finally {
      stop();
    }
  });

  it('realtime: the move tells only the old folder to those who saw the file there', async () => {
    const open = await folder('Pinnwand');
    const privat = await folder('Archiv privat', { _read: ['admin'], _write: ['admin'] });
    const file = await upload('zettel.txt', open._id);
    const events: ServerEvent[] = [];
    const stop = t.app.services.bus.subscribe((event) => events.push(event));
    try {
      expect((await move('file', file._id, { _parent: privat._id })).statusCode).toBe(200);
    } finally {
      stop();
    }
    const pushed = events.flatMap((event) =>
      pushesFor(event, ANONYMOUS, new Set(), t.app.services.documents.visibleTo),
    );
    expect(pushed).toEqual([{ type: 'cms/item', data: { id: file._id, parent: open._id } }]);
    const asAdmin = events.flatMap((event) =>
      pushesFor(event, { ...ANONYMOUS, almighty: true }, new Set(), t.app.services.documents.visibleTo),
    );
    expect(asAdmin.filter((push) => push.type === 'cms/item').map((push) => push.data)).toEqual([
      { id: file._id, parent: privat._id },
      { id: file._id, parent: open._id },
    ]);
  });

  it('at start, items stored more open than their folder (before this rule) are narrowed to it', async () => {
    const privat = await folder('Altbestand', { _read: ['admin'], _write: ['admin'] });
    const sub = await folder('Unterordner', { _parent: privat._id });
    const file = await upload('alt.txt', sub._id);
    // As the server stored them before: the subfolder and its file without lists.
    for (const [model, id] of [
      ['folder', sub._id],
      ['file', file._id],
    ])
      await t.db.query(sql`UPDATE ${ident(`doc_${model}`)} SET doc = doc - '_read' - '_write' WHERE _id = ${id}`);
    expect((await download(file._id)).statusCode).toBe(200);

    const repo = new DocumentRepository(t.db);
    expect(await narrowStoredLists(repo)).toBe(4);
    expect((await download(file._id)).statusCode).toBe(404);
    expect((await listed('folder')).map((item) => item._id)).not.toContain(sub._id);
    expect(await stored('folder', sub._id)).toMatchObject({ _read: ['admin'], _write: ['admin'] });
    expect((await download(file._id, admin)).statusCode).toBe(200);
    // Data that keeps the rule is left alone.
    expect(await narrowStoredLists(repo)).toBe(0);
  });
});
