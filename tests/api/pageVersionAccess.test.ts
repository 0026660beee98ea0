import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageVersionsAnswer } from '../../src/shared/api/pages';
import { SYSTEM } from '../../src/server/access/caller';
import { sql } from '../../src/server/db/sql';
import { table } from '../../src/server/db/tables';
import { seedDemo } from '../../src/server/seed/demo';
import { createPageEditor } from '../../src/server/modules/pages/operations';
import { createTestApp } from '../helpers/testApp';
import { listenForSockets, TestSocket, type WsMessage } from '../helpers/wsClient';

/**
 * A page version holds the page as published, its `_read`/`_write` lists too: it is read (and its realtime
 * event sent) only by callers those lists let in, as they stood when the version was published; nobody
 * deletes history through the document API. Staff (anna: manage:cms) cannot open an admin-only page, so
 * they see none of its versions either.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Doc = Record<string, unknown> & { _id: string };

let t: TestApp;
let admin: string;
let anna: string;
let home: string;
let url: string;

const call = (method: 'GET' | 'POST' | 'DELETE', route: string, token: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: route, headers: t.auth(token), ...(payload !== undefined ? { payload } : {}) });

async function draft(doc: Record<string, unknown>): Promise<Doc> {
  const response = await call('POST', '/api/document/updateOne?model=pageDraft', admin, { _parent: home, ...doc });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
async function publish(id: string): Promise<Doc> {
  const response = await call('GET', `/api/cms/publishPage?id=${id}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
async function versionsAs(token: string, pageId: string): Promise<PageVersionsAnswer> {
  const response = await call('GET', `/api/cms/pageVersions/${pageId}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.services, { env: { DEMO_USERS_PASSWORD: '1' } });
  admin = await t.login();
  anna = await t.login('anna', 'demo-anna');
  const { results } = await t.app.services.documents.find(SYSTEM, 'pageDraft', { query: { _path: '/' }, limit: 1 });
  home = results[0]._id;
  url = await listenForSockets(t.app);
});
afterAll(() => t?.close());

describe('page versions keep to their page’s access lists', () => {
  it('hide the versions of an admin-only page from staff: editor calls, find, findById and delete', async () => {
    const secret = await draft({ name: 'Vorstand', _read: ['admin'], _write: ['admin'], title: 'Geheim' });
    await publish(secret._id);
    // Staff cannot open the page itself…
    expect((await call('GET', `/api/document/findById?model=pageDraft&id=${secret._id}`, anna)).statusCode).toBe(404);
    const [version] = await versionsAs(admin, secret._id);
    expect(version).toBeDefined();

    // …nor its history: the list is empty, a version answers 404 like a missing one.
    expect(await versionsAs(anna, secret._id)).toEqual([]);
    const one = await call('GET', `/api/cms/pageVersion/${version._id}`, anna);
    expect(one.statusCode).toBe(404);
    expect(one.body).not.toContain('Vorstand');
    expect((await call('GET', `/api/document/findById?model=pageVersion&id=${version._id}`, anna)).statusCode).toBe(
      404,
    );
    // The content cannot be searched either.
    for (const query of [{ 'content._read': 'admin' }, { page: secret._id }, { 'content.title': 'Geheim' }]) {
      const found = await call('POST', '/api/document/find', anna, {
        model: 'pageVersion',
        query,
        fields: ['content'],
      });
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().results).toEqual([]);
      expect(found.body).not.toContain('Vorstand');
    }
    // The admin still sees it all.
    const shown = await call('GET', `/api/cms/pageVersion/${version._id}`, admin);
    expect(shown.json().content).toMatchObject({ name: 'Vorstand', _read: ['admin'] });

    // Nobody deletes history through the document API: not staff, not even the admin.
    for (const token of [anna, admin]) {
      const removed = await call('DELETE', `/api/document/delete?model=pageVersion&id=${version._id}`, token);
      expect(removed.statusCode).toBe(403);
    }
    expect(await versionsAs(admin, secret._id)).toHaveLength(1);
    // Nor with a version they may read.
    const open = await draft({ name: 'Offen', _read: ['guest'] });
    await publish(open._id);
    const [openVersion] = await versionsAs(anna, open._id);
    expect(
      (await call('DELETE', `/api/document/delete?model=pageVersion&id=${openVersion._id}`, anna)).statusCode,
    ).toBe(403);
  });

  it('keeps each version to the lists the page had when it was published', async () => {
    const page = await draft({ name: 'Wechselnd', _read: ['admin'], _write: ['admin'] });
    await publish(page._id);
    await draft({ _id: page._id, _read: ['guest'], _write: [] });
    await publish(page._id);
    const all = await versionsAs(admin, page._id);
    expect(all).toHaveLength(2);
    // Opened later: staff see the open version, not the one published for admins only.
    const seen = await versionsAs(anna, page._id);
    expect(seen.map((entry) => entry._id)).toEqual([all[0]._id]);
    expect((await call('GET', `/api/cms/pageVersion/${all[1]._id}`, anna)).statusCode).toBe(404);
    expect((await call('GET', `/api/cms/pageVersion/${all[0]._id}`, anna)).statusCode).toBe(200);
  });

  it('hides the versions of a deleted admin-only page from staff', async () => {
    const page = await draft({ name: 'Weg', _read: ['admin'], _write: ['admin'] });
    await publish(page._id);
    const removed = await call('DELETE', `/api/cms/pageDraft/${page._id}?unpublish=true`, admin);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await versionsAs(anna, page._id)).toEqual([]);
    const listed = await call('POST', '/api/document/find', anna, { model: 'pageVersion', query: { page: page._id } });
    expect(listed.json().results).toEqual([]);
  });

  it('sends the realtime event of a new version only to those who may read it', async () => {
    const sockets = await Promise.all([TestSocket.open(url), TestSocket.open(url)]);
    const [asAdmin, asAnna] = sockets;
    try {
      for (const [socket, token] of [
        [asAdmin, admin],
        [asAnna, anna],
      ] as const)
        expect(await socket.request('login', token)).toMatchObject({ data: { roles: expect.any(Array) } });
      const versionOf = (pageId: string) => (message: WsMessage) =>
        message.type === 'document' &&
        (message.data as { model?: string; doc?: { page?: string } }).model === 'pageVersion' &&
        (message.data as { doc: { page?: string } }).doc.page === pageId;
      const secret = await draft({ name: 'Intern', _read: ['admin'], _write: ['admin'] });
      await publish(secret._id);
      const open = await draft({ name: 'Öffentlich neu', _read: ['guest'] });
      await publish(open._id);
      await asAdmin.waitFor(versionOf(secret._id), 'the admin-only version');
      // Events arrive in order: once anna has the later open version, the earlier one would have come.
      await asAnna.waitFor(versionOf(open._id), 'the open version');
      expect(asAnna.received.filter(versionOf(secret._id))).toEqual([]);
      expect(JSON.stringify(asAnna.received)).not.toContain('Intern');
    } finally {
      await Promise.all(sockets.map((socket) => socket.close()));
    }
  });

  it('gives versions stored before their lists the lists of their content (or page) at start', async () => {
    const page = await draft({ name: 'Altbestand', _read: ['admin'], _write: ['admin'] });
    await publish(page._id);
    // As stored before versions carried lists: only the content holds them, or (older still) not even it.
    await t.db.query(
      sql`UPDATE ${table('pageVersion')} SET doc = doc - '_read' - '_write' WHERE doc->>'page' = ${page._id}`,
    );
    const bare = await draft({ name: 'Ganz alt', _read: ['admin'], _write: ['admin'] });
    await publish(bare._id);
    await t.db.query(
      sql`UPDATE ${table('pageVersion')} SET doc = (doc - '_read' - '_write') #- '{content,_read}' #- '{content,_write}'
          WHERE doc->>'page' = ${bare._id}`,
    );
    expect(await versionsAs(anna, page._id)).toHaveLength(1);
    const editor = createPageEditor({
      documents: t.app.services.documents,
      registry: t.app.services.registry,
      db: t.db,
    });
    expect(await editor.start()).toBe(2);
    expect(await versionsAs(anna, page._id)).toEqual([]);
    expect(await versionsAs(anna, bare._id)).toEqual([]);
    expect(await versionsAs(admin, bare._id)).toHaveLength(1);
    // Run again, it changes nothing.
    expect(await editor.start()).toBe(0);
  });
});
