import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerEvent } from '../../src/server/events/bus';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';
import { listenForSockets, TestSocket, type WsMessage } from '../helpers/wsClient';

/**
 * A folder's new `_read`/`_write` lists, a new name and a move change the items below it (their lists,
 * their paths: files/paths.ts): each changed item is announced over the realtime socket like an update
 * of its own, once per write, to each socket as its roles let it see the item, so open screens reload
 * and hold the item's new version.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let url: string;
let admin: string;
let staff: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  staff = (await userWithRole(t, admin, 'rt-files', 'staff')).token;
  url = await listenForSockets(t.app);
});

afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.close()));
  await vi.waitFor(() => expect(t.app.realtime.connectionCount()).toBe(0));
});

afterAll(() => t.close());

type Item = { _id: string; _version: number; _read?: string[]; _path?: string };

async function open(token?: string): Promise<TestSocket> {
  const socket = await TestSocket.open(url);
  sockets.push(socket);
  if (token) expect(await socket.request('login', token)).toMatchObject({ data: { roles: expect.any(Array) } });
  return socket;
}

async function saveFolder(payload: Record<string, unknown>): Promise<Item> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/document/updateOne?model=folder',
    headers: t.auth(admin),
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The bus events a write published about the given items (the write's reply comes after them). */
async function busEventsOf<T>(ids: string[], write: () => Promise<T>): Promise<{ result: T; events: ServerEvent[] }> {
  const events: ServerEvent[] = [];
  const stop = t.app.services.bus.subscribe((event) => {
    if ('id' in event && ids.includes(event.id)) events.push(event);
  });
  try {
    return { result: await write(), events };
  } finally {
    stop();
  }
}

async function upload(name: string, folder: string): Promise<Item> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/files/upload?${new URLSearchParams({ name, folder })}`,
    headers: { ...t.auth(admin), 'content-type': 'text/plain' },
    payload: `contents of ${name}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const stored = async (model: 'file' | 'folder', id: string): Promise<Item> =>
  (
    await t.app.inject({ method: 'GET', url: `/api/document/findById?model=${model}&id=${id}`, headers: t.auth(admin) })
  ).json();

type DocumentPush = { model: string; id: string; action: string; doc: Item };
const documentsOf = (socket: TestSocket, ids: string[]) =>
  socket
    .events('document')
    .map((message) => message.data as DocumentPush)
    .filter((data) => ids.includes(data.id));
const itemsOf = (socket: TestSocket, ids: string[]) =>
  socket
    .events('cms/item')
    .map((message) => message.data as { id: string; parent: string | null })
    .filter((data) => ids.includes(data.id));
const documentFor = (id: string) => (message: WsMessage) =>
  message.type === 'document' && (message.data as { id?: string }).id === id;
const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
/** What a socket was told of the items: document updates (version, path, `_read`) and folders to reload. */
const told = (socket: TestSocket, ids: string[]) => ({
  documents: byId(
    documentsOf(socket, ids).map(({ model, id, action, doc }) => ({
      model,
      id,
      action,
      _version: doc._version,
      _path: doc._path,
      _read: doc._read,
    })),
  ),
  reloads: byId(itemsOf(socket, ids)),
});

describe('a folder’s new permissions over the realtime socket', () => {
  it('announce each item below whose lists changed, once, with its new version, to those who may see it', async () => {
    const box = await saveFolder({ name: 'Ablage' });
    const inner = await saveFolder({ name: 'Innen', _parent: box._id });
    const top = await upload('oben.txt', box._id);
    const deep = await upload('unten.txt', inner._id);
    const strict = await upload('streng.txt', box._id);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=file',
      headers: t.auth(admin),
      payload: { _id: strict._id, _read: ['admin'] },
    });
    expect(own.statusCode, own.body).toBe(200);
    const below = [inner._id, top._id, deep._id, strict._id];
    const [asAdmin, asStaff, anonymous] = await Promise.all([open(admin), open(staff), open()]);

    // Both lists in one save: an item changed in both is announced once, as one event. The file with
    // a stricter `_read` of its own keeps it; its `_write` follows the folder's.
    const { events } = await busEventsOf(below, () =>
      saveFolder({ _id: box._id, _read: ['staff'], _write: ['staff'] }),
    );
    expect(events.map((event) => 'id' in event && event.id).sort()).toEqual([...below].sort());
    const changed = [inner._id, top._id, deep._id];
    for (const id of [...changed, strict._id]) await asAdmin.waitFor(documentFor(id), `document event of ${id}`);
    for (const id of changed) await asStaff.waitFor(documentFor(id), `document event of ${id}`);
    for (const socket of [asAdmin, asStaff, anonymous]) await expectNothingMore(socket);

    const now = {
      [inner._id]: await stored('folder', inner._id),
      [top._id]: await stored('file', top._id),
      [deep._id]: await stored('file', deep._id),
      [strict._id]: await stored('file', strict._id),
    };
    expect(now[strict._id]).toMatchObject({ _read: ['admin'], _write: ['staff'] });
    const announced = (socket: TestSocket) =>
      documentsOf(socket, below)
        .map(({ model, id, action, doc }) => ({ model, id, action, _version: doc._version, _read: doc._read }))
        .sort((a, b) => a.id.localeCompare(b.id));
    // Only admin and superuser see the permission fields themselves (spec section 6).
    const expected = (ids: string[], seesLists: boolean) =>
      ids
        .map((id) => ({
          model: id === inner._id ? 'folder' : 'file',
          id,
          action: 'update',
          _version: now[id]._version,
          _read: seesLists ? now[id]._read : undefined,
        }))
        .sort((a, b) => a.id.localeCompare(b.id));
    expect(announced(asAdmin)).toEqual(expected([...changed, strict._id], true));
    // Staff may not read the stricter file: nothing of it.
    expect(announced(asStaff)).toEqual(expected(changed, false));
    expect(itemsOf(asStaff, [strict._id])).toEqual([]);
    for (const socket of [asAdmin, asStaff]) {
      // Their folders reload, once each: the item's own, where it is now (they saw it there before too).
      expect(byId(itemsOf(socket, changed))).toEqual(
        byId([
          { id: inner._id, parent: box._id },
          { id: top._id, parent: box._id },
          { id: deep._id, parent: inner._id },
        ]),
      );
    }

    // A visitor sees none of them now: no documents, only that the folders it saw them in changed.
    expect(documentsOf(anonymous, below)).toEqual([]);
    expect(itemsOf(anonymous, below).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: inner._id, parent: box._id },
        { id: top._id, parent: box._id },
        { id: deep._id, parent: inner._id },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it('tell staff when a folder made admin-only takes items from them, without their new contents', async () => {
    const team = await saveFolder({ name: 'Team' });
    const memo = await upload('memo.txt', team._id);
    const asStaff = await open(staff);
    await saveFolder({ _id: team._id, _read: ['admin'] });
    await asStaff.waitFor(
      (message) => message.type === 'cms/item' && (message.data as { id?: string }).id === memo._id,
      'cms/item of the file that went private',
    );
    await expectNothingMore(asStaff);
    expect(documentsOf(asStaff, [memo._id])).toEqual([]);
    expect(itemsOf(asStaff, [memo._id])).toEqual([{ id: memo._id, parent: team._id }]);
  });
});

describe('a folder renamed or moved, over the realtime socket', () => {
  it('renamed: each item below is announced once with its new path and version, to those who may see it', async () => {
    const box = await saveFolder({ name: 'Belege' });
    const inner = await saveFolder({ name: 'Quittungen', _parent: box._id });
    const top = await upload('jahr.txt', box._id);
    const deep = await upload('kaffee.txt', inner._id);
    const strict = await upload('lohn.txt', box._id);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=file',
      headers: t.auth(admin),
      payload: { _id: strict._id, _read: ['admin'] },
    });
    expect(own.statusCode, own.body).toBe(200);
    const below = [inner._id, top._id, deep._id, strict._id];
    const open3 = [inner._id, top._id, deep._id];
    const [asAdmin, asStaff, anonymous] = await Promise.all([open(admin), open(staff), open()]);

    const { events } = await busEventsOf(below, () => saveFolder({ _id: box._id, name: 'Belege 2026' }));
    expect(events.map((event) => 'id' in event && event.id).sort()).toEqual([...below].sort());
    for (const socket of [asAdmin, asStaff, anonymous]) await expectNothingMore(socket);

    const now = {
      [inner._id]: await stored('folder', inner._id),
      [top._id]: await stored('file', top._id),
      [deep._id]: await stored('file', deep._id),
      [strict._id]: await stored('file', strict._id),
    };
    expect(now[deep._id]._path).toBe('/Belege 2026/Quittungen/kaffee.txt');
    expect(now[deep._id]._version).toBe(deep._version + 1);
    const expected = (ids: string[], seesLists: boolean) => ({
      documents: byId(
        ids.map((id) => ({
          model: id === inner._id ? 'folder' : 'file',
          id,
          action: 'update',
          _version: now[id]._version,
          _path: now[id]._path,
          _read: seesLists ? now[id]._read : undefined,
        })),
      ),
      reloads: byId(ids.map((id) => ({ id, parent: id === deep._id ? inner._id : box._id }))),
    });
    expect(told(asAdmin, below)).toEqual(expected(below, true));
    // Only admin may read the file with its own `_read`: the others learn nothing of it.
    expect(told(asStaff, below)).toEqual(expected(open3, false));
    expect(told(anonymous, below)).toEqual(expected(open3, false));

    // A screen holding the announced version saves without a version conflict.
    const announced = documentsOf(asStaff, [deep._id])[0].doc._version;
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=file',
      headers: t.auth(staff),
      payload: { _id: deep._id, _version: announced, name: 'kaffee-mai.txt' },
    });
    expect(save.statusCode, save.body).toBe(200);
  });

  it('moved: each item below is announced once with its new path and version', async () => {
    const from = await saveFolder({ name: 'Eingang' });
    const to = await saveFolder({ name: 'Erledigt' });
    const batch = await saveFolder({ name: 'Stapel', _parent: from._id });
    const sub = await saveFolder({ name: 'Teil 1', _parent: batch._id });
    const scan = await upload('scan.txt', sub._id);
    const below = [sub._id, scan._id];
    const [asAdmin, asStaff] = await Promise.all([open(admin), open(staff)]);

    const { events } = await busEventsOf(below, () => saveFolder({ _id: batch._id, _parent: to._id }));
    expect(events.map((event) => 'id' in event && event.id).sort()).toEqual([...below].sort());
    for (const socket of [asAdmin, asStaff]) await expectNothingMore(socket);

    const [subNow, scanNow] = [await stored('folder', sub._id), await stored('file', scan._id)];
    expect(scanNow).toMatchObject({ _path: '/Erledigt/Stapel/Teil 1/scan.txt', _version: scan._version + 1 });
    for (const socket of [asAdmin, asStaff])
      expect(told(socket, below)).toEqual({
        documents: byId([
          { model: 'folder', id: sub._id, action: 'update', _version: subNow._version, _path: subNow._path },
          { model: 'file', id: scan._id, action: 'update', _version: scanNow._version, _path: scanNow._path },
        ]),
        reloads: byId([
          { id: sub._id, parent: batch._id },
          { id: scan._id, parent: sub._id },
        ]),
      });
  });

  it('moved into a stricter folder: one event per item for path and lists, the item gone for those it now keeps out', async () => {
    const from = await saveFolder({ name: 'Offen' });
    const to = await saveFolder({ name: 'Team intern', _read: ['staff'], _write: ['staff'] });
    const project = await saveFolder({ name: 'Projekt', _parent: from._id });
    const draft = await saveFolder({ name: 'Entwurf', _parent: project._id });
    const plan = await upload('plan.txt', project._id);
    const sketch = await upload('skizze.txt', draft._id);
    const below = [draft._id, plan._id, sketch._id];
    const [asAdmin, asStaff, anonymous] = await Promise.all([open(admin), open(staff), open()]);

    const { events } = await busEventsOf(below, () => saveFolder({ _id: project._id, _parent: to._id }));
    expect(events.map((event) => 'id' in event && event.id).sort()).toEqual([...below].sort());
    for (const socket of [asAdmin, asStaff, anonymous]) await expectNothingMore(socket);

    const now = {
      [draft._id]: await stored('folder', draft._id),
      [plan._id]: await stored('file', plan._id),
      [sketch._id]: await stored('file', sketch._id),
    };
    // Its path, its `_read` and its `_write` changed: three version bumps, announced once.
    expect(now[sketch._id]).toMatchObject({ _path: '/Team intern/Projekt/Entwurf/skizze.txt', _read: ['staff'] });
    expect(now[sketch._id]._version).toBe(sketch._version + 3);
    const parents = { [draft._id]: project._id, [plan._id]: project._id, [sketch._id]: draft._id };
    const reloads = byId(below.map((id) => ({ id, parent: parents[id] })));
    const documents = (seesLists: boolean) =>
      byId(
        below.map((id) => ({
          model: id === draft._id ? 'folder' : 'file',
          id,
          action: 'update',
          _version: now[id]._version,
          _path: now[id]._path,
          _read: seesLists ? now[id]._read : undefined,
        })),
      );
    expect(told(asAdmin, below)).toEqual({ documents: documents(true), reloads });
    expect(told(asStaff, below)).toEqual({ documents: documents(false), reloads });
    // A visitor saw them and may no longer: only that the folders it saw them in changed.
    expect(told(anonymous, below)).toEqual({ documents: [], reloads });
  });
});

/** Every event of a write reaches a socket before the reply to a ping sent after the write answered. */
async function expectNothingMore(socket: TestSocket): Promise<void> {
  expect(await socket.request('ping')).toMatchObject({ data: 'pong' });
}
