import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/server/db/sql';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
let staff: Record<string, string>;
let accountant: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  // A route that hands a NUL straight to PostgreSQL, past the request checks: the error handler's backstop.
  t.app.get('/api/test/nulInSql', async () => {
    await t.app.services.db.query(sql`SELECT ${'a\u0000b'}::text AS value`);
    return { ok: true };
  });
  admin = t.auth(await t.login());
  staff = t.auth((await userWithRole(t, admin.authorization.slice(7), 'stella', 'staff')).token);
  accountant = t.auth((await userWithRole(t, admin.authorization.slice(7), 'anton', 'accountant')).token);
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });

/** `value` inside `depth` arrays. */
const nested = (depth: number, value: unknown): unknown => (depth === 0 ? value : [nested(depth - 1, value)]);

describe('NUL characters', () => {
  it('answer 400 naming the field on public forms, login, queries, search and writes', async () => {
    const cases: [string, object, Record<string, string>, RegExp][] = [
      ['/api/cms/contact', { firstName: 'a\u0000', email: 'a@b.ch', message: 'm' }, {}, /^firstName: /],
      ['/api/formData', { name: 'contact', data: { x: 'a\u0000' } }, {}, /^data\.x: /],
      ['/api/login', { username: 'x\u0000', password: 'x' }, {}, /^username: /],
      ['/api/document/find', { model: 'page', query: { name: '\u0000' } }, {}, /^query\.name: /],
      ['/api/document/find', { model: 'page', search: '\u0000' }, staff, /^search: /],
      ['/api/document/find', { model: 'page', query: { $or: [{ name: 'a' }, { name: 'b\u0000' }] } }, {}, /\$or\[1\]/],
      ['/api/document/updateOne?model=redirect', { name: 'a\u0000', from: '/x', to: '/' }, staff, /^name: /],
      ['/api/document/updateOne?model=client', { name: 'x', 'k\u0000': 1 }, admin, /keys must not contain NUL/],
      // However deep it sits (it was looked for to 64 levels only).
      ['/api/formData', { name: 'contact', data: { x: nested(100, 'a\u0000') } }, {}, /^data\.x(\[0\]){100}: /],
    ];
    for (const [url, payload, headers, message] of cases) {
      const response = await post(url, payload, headers);
      expect(response.statusCode, `${url} ${response.body}`).toBe(400);
      expect(response.json().error, url).toMatch(message);
      expect(response.json().error, url).toMatch(/NUL/);
    }
  });

  it('answer 400 in query strings and path parameters', async () => {
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/document/findById?model=page&id=a%00b',
      headers: staff,
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().error).toBe('query parameter id: must not contain NUL characters');
    const site = await t.app.inject({ method: 'GET', url: '/a%00b' });
    expect(site.statusCode).toBe(400);
    expect(site.json().error).toMatch(/NUL/);
  });

  it('that still reach PostgreSQL answer 400, not 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/nulInSql' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatch(/NUL/);
  });
});

describe('lone surrogates (half of an emoji, as a length limit in a browser may leave it)', () => {
  it('answer 400 naming the field instead of failing in PostgreSQL with 500; whole emoji are stored', async () => {
    const cut = 'Team \ud83d';
    const cases: [string, object, Record<string, string>, RegExp][] = [
      ['/api/cms/contact', { firstName: 'Anna', email: 'a@b.ch', message: cut }, {}, /^message: /],
      ['/api/formData', { name: 'contact', data: { x: cut } }, {}, /^data\.x: /],
      ['/api/document/updateOne?model=folder', { name: cut }, admin, /^name: /],
      ['/api/document/updateOne?model=client', { name: 'Team \udc00 AG' }, admin, /^name: /],
      ['/api/document/updateOne?model=client', { name: 'x', ['k\ud800']: 1 }, admin, /keys must not contain/],
      ['/api/document/find', { model: 'client', query: { name: cut } }, admin, /^query\.name: /],
    ];
    for (const [url, payload, headers, message] of cases) {
      const response = await post(url, payload, headers);
      expect(response.statusCode, `${url} ${response.body}`).toBe(400);
      expect(response.json().error, url).toMatch(message);
      expect(response.json().error, url).toMatch(/lone surrogate/);
    }
    const whole = await post('/api/document/updateOne?model=client', { name: 'Team 🚀 AG' }, admin);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().name).toBe('Team 🚀 AG');
  });
});

describe('deleted documents', () => {
  it('need update or delete permission on public models; readers of role-only models keep their labels', async () => {
    const page = await post('/api/document/updateOne?model=page', { name: 'Weg', _path: '/weg', elements: [] }, staff);
    expect(page.statusCode, page.body).toBe(200);
    const pageId = page.json()._id;
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/document/delete?model=page&id=${pageId}`,
      headers: staff,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const query = { model: 'page', deleted: true, query: { _id: pageId } };

    const anonymous = await post('/api/document/find', query);
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().error).toMatch(/Deleted Page documents need the permission to update or delete Page/);
    expect((await post('/api/document/find', query, accountant)).statusCode).toBe(403);
    expect((await post('/api/document/find', { model: 'file', deleted: true })).statusCode).toBe(403);
    // Without `deleted`, everyone may still read pages.
    expect((await post('/api/document/find', { model: 'page', query: { _id: pageId } })).statusCode).toBe(200);

    const editor = await post('/api/document/find', query, staff);
    expect(editor.statusCode).toBe(200);
    expect(editor.json().results).toMatchObject([{ _id: pageId, _deletedAt: expect.any(String) }]);

    // The accountant may read clients: the label of a deleted client still shows in their forms.
    const client = await post('/api/document/updateOne?model=client', { name: 'Alt AG' }, admin);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/document/delete?model=client&id=${client.json()._id}`,
      headers: admin,
    });
    const label = await post(
      '/api/document/find',
      { model: 'client', deleted: true, query: { _id: client.json()._id }, fields: ['name'] },
      accountant,
    );
    expect(label.statusCode, label.body).toBe(200);
    expect(label.json().results).toMatchObject([{ name: 'Alt AG', _deletedAt: expect.any(String) }]);
  });

  it('open by id with deleted=true for callers who may see them (the edit page shows one read-only)', async () => {
    const page = await post(
      '/api/document/updateOne?model=page',
      { name: 'Fort', _path: '/fort', elements: [] },
      staff,
    );
    const pageId = page.json()._id;
    await t.app.inject({ method: 'DELETE', url: `/api/document/delete?model=page&id=${pageId}`, headers: staff });
    const byId = (query: string, headers?: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/document/findById?model=page&id=${pageId}${query}`, headers });

    const editor = await byId('&deleted=true', staff);
    expect(editor.statusCode, editor.body).toBe(200);
    expect(editor.json()).toMatchObject({ _id: pageId, name: 'Fort', _deletedAt: expect.any(String) });
    // Without deleted=true it is gone; a caller who may not see deleted pages does not learn it is there.
    expect((await byId('', staff)).statusCode).toBe(404);
    for (const headers of [undefined, accountant]) {
      const answer = await byId('&deleted=true', headers);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error).toBe(`Page ${pageId} not found`);
    }
    expect((await byId('&deleted=maybe', staff)).statusCode).toBe(400);
  });
});

describe('documents hidden by _read', () => {
  it('answer 404 to update and delete, like a missing id', async () => {
    const folder = await post(
      '/api/document/updateOne?model=folder',
      { name: 'Privat', _read: ['admin'], _write: ['admin'] },
      admin,
    );
    expect(folder.statusCode, folder.body).toBe(200);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/files/upload?name=vertrag.txt&folder=${folder.json()._id}`,
      headers: { ...admin, 'content-type': 'text/plain' },
      payload: 'GEHEIM',
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const id = upload.json()._id;
    const missing = '000000000000000000000000';

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/document/findById?model=file&id=${id}`,
      headers: staff,
    });
    expect(read.statusCode).toBe(404);
    const update = await post('/api/document/updateOne?model=file', { _id: id, name: 'x.txt' }, staff);
    expect(update.statusCode).toBe(404);
    expect(update.json().error).toBe(`File ${id} not found`);
    const updateMissing = await post('/api/document/updateOne?model=file', { _id: missing }, staff);
    expect(updateMissing.statusCode).toBe(404);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/document/delete?model=file&id=${id}`,
      headers: staff,
    });
    expect(remove.statusCode).toBe(404);
    expect(remove.json().error).toBe(`File ${id} not found`);
    // The admin still reads it: nothing was changed or deleted.
    const kept = await t.app.inject({
      method: 'GET',
      url: `/api/document/findById?model=file&id=${id}`,
      headers: admin,
    });
    expect(kept.json()).toMatchObject({ name: 'vertrag.txt' });
  });
});

describe('error answers name the problem', () => {
  it('a malformed Content-Length answers { error } naming the header', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write('POST /api/files/upload?name=a.txt HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\nx'),
      );
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ error: 'The Content-Length header is not a valid number' });
  });

  it('a _version that is no whole number answers 400 naming it, not 409 repeating what was sent', async () => {
    const created = await post('/api/document/updateOne?model=client', { name: 'Versioniert AG' }, admin);
    const { _id } = created.json<{ _id: string }>();
    for (const version of ['1', '1; DROP TABLE doc_client', 'x'.repeat(100_000), 1.5, -1, null, { $gt: 0 }, [1]]) {
      const response = await post(
        '/api/document/updateOne?model=client',
        { _id, _version: version, name: 'Neu' },
        admin,
      );
      expect(response.statusCode, JSON.stringify(version).slice(0, 40)).toBe(400);
      expect(response.json()).toEqual({
        error: '_version: must be a whole number, the version of the document as it was read',
        fields: [{ field: '_version', message: 'must be a whole number, the version of the document as it was read' }],
      });
    }
    // A stale version is still a conflict, and the right one saves.
    expect(
      (await post('/api/document/updateOne?model=client', { _id, _version: 7, name: 'Neu' }, admin)).statusCode,
    ).toBe(409);
    const saved = await post('/api/document/updateOne?model=client', { _id, _version: 1, name: 'Neu' }, admin);
    expect(saved.json()).toMatchObject({ name: 'Neu', _version: 2 });
  });

  it('415 names the type sent and the one accepted', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/document/find',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'model=page',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe(
      'Unsupported content type application/x-www-form-urlencoded: this route accepts application/json',
    );
    const camt = await t.app.inject({
      method: 'POST',
      url: '/api/payment/bankStatement',
      headers: { ...accountant, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'x=1',
    });
    expect(camt.statusCode).toBe(415);
    expect(camt.json().error).toMatch(/accepts application\/xml or text\/xml$/);
  });

  it('JSON bodies say why they are refused', async () => {
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/document/find',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const proto = await send('{"model":"page","query":{"__proto__":{"polluted":true}}}');
    expect(proto.statusCode).toBe(400);
    expect(proto.json().error).toBe('Body must not contain the key __proto__');
    const ctor = await send('{"model":"page","query":{"constructor":{"prototype":{"polluted":true}}}}');
    expect(ctor.json().error).toBe('Body must not contain the key constructor.prototype');
    const broken = await send('{"model":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatch(/^Body is not valid JSON: /);
    const empty = await send('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/must not be empty/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('an unknown queue answers 404', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/queues/nosuchqueue/jobs', headers: admin });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Unknown queue nosuchqueue' });
    const known = await t.app.inject({ method: 'GET', url: '/api/queues/imagePresets/jobs', headers: admin });
    expect(known.statusCode, known.body).toBe(200);
  });

  it("a URL with invalid percent-encoding answers { error } naming the path, not Fastify's own format", async () => {
    for (const url of ['/%ff%fe', '/api/files/p/%ff/x', '/api/document/%zz']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        error: `The URL path ${url} is not valid: it holds an invalid percent-encoding (such as %ff or %zz)`,
      });
    }
    // A long one is named in part.
    const long = `/${'a'.repeat(500)}%ff`;
    const cut = (await t.app.inject({ method: 'GET', url: long })).json().error as string;
    expect(cut).toBe(
      `The URL path ${long.slice(0, 200)}… is not valid: it holds an invalid percent-encoding (such as %ff or %zz)`,
    );
  });

  it('invalid percent-encoding in the query string is kept as it is: the route answers as usual', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/x?y=%zz' })).json()).toEqual({
      error: 'No route GET /api/x',
    });
    const health = await t.app.inject({ method: 'GET', url: '/api/health?y=%zz' });
    expect(health.statusCode).toBe(200);
    const year = await t.app.inject({ method: 'GET', url: '/api/payment/revenue?year=%zz', headers: accountant });
    expect(year.statusCode).toBe(400);
    expect(year.json().error).toMatch(/^year: must be a year/);
  });
});
