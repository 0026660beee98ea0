import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';
import { TestSocket, type WsMessage } from '../helpers/wsClient';

/**
 * A folder's new `_read`/`_write` lists change the items below it (files/paths.ts): each changed item
 * is announced over the realtime socket like an update of its own, to each socket as its roles let it
 * see the item, so open screens reload and hold the item's new version.
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
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  url = `ws://127.0.0.1:${address.port}/api/websocket`;
});

afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.close()));
  await vi.waitFor(() => expect(t.app.realtime.connectionCount()).toBe(0));
});

afterAll(() => t.close());

type Item = { _id: string; _version: number; _read?: string[] };

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

    // Both lists in one save: an item changed in both is announced once. The file with a stricter
    // `_read` of its own keeps it; its `_write` follows the folder's.
    await saveFolder({ _id: box._id, _read: ['staff'], _write: ['staff'] });
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
      // Their folders reload: the item's own, where it is now.
      expect(itemsOf(socket, changed)).toEqual(
        expect.arrayContaining([
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

/** Every event of a write reaches a socket before the reply to a ping sent after the write answered. */
async function expectNothingMore(socket: TestSocket): Promise<void> {
  expect(await socket.request('ping')).toMatchObject({ data: 'pong' });
}
