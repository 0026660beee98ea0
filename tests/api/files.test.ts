import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSources } from '../../src/shared/media/presets';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';

let t: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: string;
let admin: string;
let staff: string;
let accountant: string;
const LIMIT = 256 * 1024;

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bk-files-'));
  t = await createTestApp({ config: { dataDir, fileUploadLimitBytes: LIMIT } });
  admin = await t.login();
  staff = (await userWithRole(t, admin, 'stella', 'staff')).token;
  accountant = (await userWithRole(t, admin, 'anton', 'accountant')).token;
});

afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function upload(token: string | undefined, name: string, body: Buffer | Readable, type: string, folder?: string) {
  const query = new URLSearchParams({ name, ...(folder ? { folder } : {}) });
  return t.app.inject({
    method: 'POST',
    url: `/api/files/upload?${query}`,
    headers: { ...(token ? t.auth(token) : {}), 'content-type': type },
    payload: body,
  });
}

async function folder(token: string, name: string, parent?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/document/updateOne?model=folder',
    headers: t.auth(token),
    payload: { name, ...(parent ? { _parent: parent } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { _id: string; _path: string; _tree: string[]; _pathSegments: string[] };
}

const list = (token: string, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/files/folder?${query}`, headers: t.auth(token) });

describe('upload and folders', () => {
  it('uploads into a folder with paths, inherited permissions and child counts', async () => {
    const bilder = await folder(staff, 'Bilder');
    expect(bilder).toMatchObject({ _path: '/Bilder', _pathSegments: ['Bilder'], _tree: [] });
    const response = await upload(staff, 'team.png', await png(), 'image/png', bilder._id);
    expect(response.statusCode, response.body).toBe(200);
    const file = response.json();
    expect(file).toMatchObject({
      name: 'team.png',
      _type: 'file',
      mimeType: 'image/png',
      _parent: bilder._id,
      _path: '/Bilder/team.png',
      _tree: [bilder._id],
    });
    expect(file.size).toBeGreaterThan(50);

    const listing = await list(staff, `id=${bilder._id}`);
    expect(listing.statusCode, listing.body).toBe(200);
    expect(listing.json()).toMatchObject({
      _id: bilder._id,
      childCount: 1,
      total: 1,
      children: [{ _id: file._id, name: 'team.png' }],
    });

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/files/download?id=${file._id}`,
      headers: t.auth(staff),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="team.png"/);
    expect(download.rawPayload.equals(await png())).toBe(true);
    const cached = await t.app.inject({
      method: 'GET',
      url: `/api/files/download?id=${file._id}`,
      headers: { ...t.auth(staff), 'if-none-match': String(download.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
    const ranged = await t.app.inject({
      method: 'GET',
      url: `/api/files/download?id=${file._id}`,
      headers: { ...t.auth(staff), range: 'bytes=0-7' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(8);
  });

  it('pages folders first, then files, sorted by name; moves keep paths of the whole subtree', async () => {
    const root = await folder(admin, 'Paging');
    const sub = await folder(admin, 'b-sub', root._id);
    const deep = await folder(admin, 'deep', sub._id);
    for (const name of ['c.txt', 'a.txt', 'd.txt'])
      expect((await upload(admin, name, Buffer.from(name), 'text/plain', root._id)).statusCode).toBe(200);
    const inDeep = (await upload(admin, 'x.txt', Buffer.from('x'), 'text/plain', deep._id)).json();
    expect(inDeep._path).toBe('/Paging/b-sub/deep/x.txt');

    const first = (await list(admin, `id=${root._id}&childLimit=2`)).json();
    expect(first.total).toBe(4);
    expect(first.children.map((c: { name: string }) => c.name)).toEqual(['b-sub', 'a.txt']);
    const second = (await list(admin, `id=${root._id}&childLimit=2&childPage=1`)).json();
    expect(second.children.map((c: { name: string }) => c.name)).toEqual(['c.txt', 'd.txt']);
    const desc = (await list(admin, `id=${root._id}&sortDir=-1`)).json();
    expect(desc.children.map((c: { name: string }) => c.name)).toEqual(['b-sub', 'd.txt', 'c.txt', 'a.txt']);

    const target = await folder(admin, 'Ziel');
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/database/folder/${sub._id}`,
      headers: t.auth(admin),
      payload: { _id: sub._id, name: 'renamed', _parent: target._id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/document/findById?model=file&id=${inDeep._id}`,
      headers: t.auth(admin),
    });
    expect(file.json()).toMatchObject({
      _path: '/Ziel/renamed/deep/x.txt',
      _tree: [target._id, sub._id, deep._id],
      _pathSegments: ['Ziel', 'renamed', 'deep', 'x.txt'],
    });
    expect((await list(admin, `id=${root._id}&children=false`)).json().childCount).toBe(3);
    expect((await list(admin, `id=${target._id}&children=false`)).json().childCount).toBe(1);

    const intoItself = await t.app.inject({
      method: 'POST',
      url: `/api/database/folder/${sub._id}`,
      headers: t.auth(admin),
      payload: { _parent: deep._id },
    });
    expect(intoItself.statusCode).toBe(400);
    const notEmpty = await t.app.inject({
      method: 'DELETE',
      url: `/api/document/delete?model=folder&id=${deep._id}`,
      headers: t.auth(admin),
    });
    expect(notEmpty.statusCode).toBe(409);
  });

  it('needs manage:files to write and list; accountant and anonymous are refused', async () => {
    expect((await upload(accountant, 'a.txt', Buffer.from('a'), 'text/plain')).statusCode).toBe(403);
    expect((await upload(undefined, 'a.txt', Buffer.from('a'), 'text/plain')).statusCode).toBe(401);
    expect((await list(accountant, '')).statusCode).toBe(403);
    const mkdir = await t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=folder',
      headers: t.auth(accountant),
      payload: { name: 'x' },
    });
    expect(mkdir.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/cms/storageInfo', headers: t.auth(accountant) })).statusCode,
    ).toBe(403);
    const info = await t.app.inject({ method: 'GET', url: '/api/cms/storageInfo', headers: t.auth(staff) });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      used: expect.any(Number),
      files: expect.any(Number),
      folders: expect.any(Number),
    });
    expect(info.json().used).toBeGreaterThan(0);
  });

  it('hides files whose _read list the caller lacks, in listings, downloads, presets and cms/image', async () => {
    const secret = await folder(admin, 'Geheim');
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/database/folder/${secret._id}`,
      headers: t.auth(admin),
      payload: { _read: ['accountant'], _write: ['accountant'] },
    });
    expect(set.statusCode, set.body).toBe(200);
    const file = (await upload(admin, 'lohn.png', await png(), 'image/png', secret._id)).json();
    expect(file._read).toEqual(['accountant']);
    expect((await list(staff, `id=${secret._id}`)).statusCode).toBe(404);
    expect((await list(staff, '')).json().children.map((c: { _id: string }) => c._id)).not.toContain(secret._id);
    for (const url of [
      `/api/files/download?id=${file._id}`,
      `/api/files/imagePreset?id=${file._id}&preset=thumbnail`,
      `/api/files/preview?id=${file._id}`,
      `/api/cms/image?image=${file._id}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: t.auth(staff) })).statusCode, url).toBe(404);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    // Staff may not upload into a folder whose _write they lack.
    expect((await upload(staff, 'x.txt', Buffer.from('x'), 'text/plain', secret._id)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/download?id=${file._id}`, headers: t.auth(admin) }))
        .statusCode,
    ).toBe(200);
  });
});

describe('attacks', () => {
  it('refuses names that are paths, NUL or dots', async () => {
    for (const name of ['../etc/passwd', '..', '.', '/etc/passwd', 'a\\b', 'a\u0000b.png', 'C:evil', ' ']) {
      const response = await upload(staff, name, Buffer.from('x'), 'text/plain');
      expect(response.statusCode, name).toBe(400);
    }
    const rename = await t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=folder',
      headers: t.auth(staff),
      payload: { name: '..' },
    });
    expect(rename.statusCode).toBe(400);
  });

  it('checks the type against the content', async () => {
    const fake = await upload(staff, 'fake.png', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error).toMatch(/not image\/png/);
    const jpegAsPng = await upload(
      staff,
      'x.png',
      await sharp(await png())
        .jpeg()
        .toBuffer(),
      'image/png',
    );
    expect(jpegAsPng.statusCode).toBe(415);
    const html = await upload(
      staff,
      'page.txt',
      Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
      'application/octet-stream',
    );
    expect(html.statusCode).toBe(200);
    expect(html.json().mimeType).toBe('text/html');
  });

  it('serves SVG and HTML only as sandboxed attachments', async () => {
    const svg = await upload(
      staff,
      'logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
      'image/svg+xml',
    );
    expect(svg.statusCode, svg.body).toBe(200);
    for (const inline of ['false', 'true']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/files/download?id=${svg.json()._id}&inline=${inline}`,
        headers: t.auth(staff),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.headers['content-disposition']).toMatch(/^attachment;/);
      expect(response.headers['content-security-policy']).toMatch(/^sandbox/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers 413 over the limit, also for a streamed body without a length, and keeps nothing', async () => {
    const declared = await upload(staff, 'big.bin', Buffer.alloc(LIMIT + 1), 'application/octet-stream');
    expect(declared.statusCode).toBe(413);
    // A chunked body without a length, on a real socket: the answer comes while the client is still sending.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    let sent = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/files/upload?name=stream.bin',
        headers: { ...t.auth(staff), 'content-type': 'application/octet-stream' },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on('error', (error) => (sent > LIMIT ? undefined : reject(error)));
      const pump = () => {
        while (sent < LIMIT * 64 && !request.destroyed) {
          sent += 64 * 1024;
          if (!request.write(Buffer.alloc(64 * 1024, 1))) return void request.once('drain', pump);
        }
        if (!request.destroyed) request.end();
      };
      pump();
    });
    expect(status).toBe(413);
    // It answered long before the whole body (16 MB) was sent.
    expect(sent).toBeLessThan(LIMIT * 32);
    const found = await t.app.inject({
      method: 'POST',
      url: '/api/document/find',
      headers: t.auth(admin),
      payload: { model: 'file', query: { name: { $in: ['big.bin', 'stream.bin'] } } },
    });
    expect(found.json().results).toEqual([]);
  });

  it('rejects a decompression bomb at upload', async () => {
    // A real PNG whose header claims 60000 x 60000 pixels (10 GB decoded): sharp must refuse it from the header.
    const bomb = Buffer.from(await png(1, 1));
    bomb.writeUInt32BE(60000, 16);
    bomb.writeUInt32BE(60000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const response = await upload(staff, 'bomb.png', bomb, 'image/png');
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/too large/);
  });
});

describe('presets', () => {
  it('serves every preset URL of imageSources, with immutable caching', async () => {
    const file = (await upload(staff, 'sunset.png', await png(800, 600), 'image/png')).json();
    const image = await t.app.inject({ method: 'GET', url: `/api/cms/image?image=${file._id}&presetName=gallery` });
    expect(image.statusCode, image.body).toBe(200);
    const sources = imageSources(file._id, 'gallery');
    expect(image.json()).toMatchObject({ src: sources.src, srcSet: sources.srcSet, alt: 'sunset' });
    for (const url of sources.srcSet.split(', ').map((entry) => entry.split(' ')[0])) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toMatch(/immutable/);
    }
    const thumb = await t.app.inject({ method: 'GET', url: `/api/files/imagePreset?id=${file._id}&preset=thumbnail` });
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([153, 102]);
    const favicon = await t.app.inject({ method: 'GET', url: `/api/files/imagePreset?id=${file._id}&preset=favicon` });
    expect(favicon.headers['content-type']).toBe('image/png');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/imagePreset?id=${file._id}&preset=gallery&w=123` }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/imagePreset?id=${file._id}&preset=nope` })).statusCode,
    ).toBe(400);
    // The pages name presets by the short path (imagePresetUrl); the query form stays served, with the same bytes.
    expect(sources.src).toBe(`/api/files/p/${file._id}/gallery`);
    expect(sources.srcSet).toContain(`/api/files/p/${file._id}/gallery/800 800w`);
    for (const [short, query] of [
      [`/api/files/p/${file._id}/gallery/800`, `/api/files/imagePreset?id=${file._id}&preset=gallery&w=800`],
      [`/api/files/p/${file._id}/thumbnail`, `/api/files/imagePreset?id=${file._id}&preset=thumbnail`],
    ]) {
      const [a, b] = await Promise.all([short, query].map((url) => t.app.inject({ method: 'GET', url })));
      expect([a.statusCode, b.statusCode], short).toEqual([200, 200]);
      expect(a.rawPayload.equals(b.rawPayload), short).toBe(true);
      expect(a.headers['cache-control']).toBe(b.headers['cache-control']);
    }
    for (const url of [
      `/api/files/p/${file._id}/gallery/123`,
      `/api/files/p/${file._id}/nope`,
      `/api/files/p/${file._id}/gallery/wide`,
      `/api/files/p/not-an-id/gallery`,
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(400);
    const preview = await t.app.inject({ method: 'GET', url: `/api/files/preview?id=${file._id}&preview=thumbnail` });
    expect(preview.statusCode).toBe(200);
  });

  it('bounds a flood of renderings: the excess answers 503 with Retry-After and the server stays up', async () => {
    const urls: string[] = [];
    for (let i = 0; i < 4; i++) {
      const file = (await upload(staff, `flood-${i}.png`, await png(900 + i, 700), 'image/png')).json();
      for (const preset of ['fullWidth', 'gallery', 'menuImage', 'presentationItem', 'configurator'] as const) {
        for (const entry of imageSources(file._id, preset).srcSet.split(', ')) {
          // The narrower widths (`/<preset>/<width>`): renderings no job has made yet.
          const url = entry.split(' ')[0];
          if (/\/\d+$/.test(url)) urls.push(url);
        }
      }
    }
    const responses = await Promise.all(urls.map((url) => t.app.inject({ method: 'GET', url })));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(responses.find((r) => r.statusCode === 503)!.headers['retry-after']).toBe('2');
    expect((await t.app.inject({ method: 'GET', url: urls[urls.length - 1] })).statusCode).toBe(200);
  });

  it('answers 404 with a clear error for a video poster without ffmpeg and for thumbnails of non-images', async () => {
    const uploaded = await upload(staff, 'notes.txt', Buffer.from('hello'), 'text/plain');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const text = uploaded.json();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/files/preview?id=${text._id}&preview=thumbnail`,
      headers: t.auth(staff),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/No thumbnail/);
  });

  it('sends text as UTF-8, so umlauts stay umlauts', async () => {
    const uploaded = await upload(admin, 'gruss.txt', Buffer.from('Grüße aus Zürich'), 'text/plain');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/files/download?id=${uploaded.json()._id}&inline=true`,
      headers: t.auth(admin),
    });
    expect(download.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(download.body).toBe('Grüße aus Zürich');
  });

  it('refuses a second folder of one name in one folder: created, renamed or moved there', async () => {
    const first = await folder(admin, 'Doppelt');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=folder',
      headers: t.auth(admin),
      payload: { name: 'Doppelt' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'A folder named Doppelt already exists here',
      fields: [{ field: 'name', message: 'A folder named Doppelt already exists here' }],
    });
    const inside = await folder(admin, 'Doppelt', first._id);
    const other = await folder(admin, 'Anders');
    const write = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/document/updateOne?model=folder',
        headers: t.auth(admin),
        payload,
      });
    expect((await write({ _id: other._id, name: 'Doppelt' })).statusCode).toBe(409);
    expect((await write({ _id: inside._id, _parent: null })).statusCode).toBe(409);
    // Saving a folder unchanged, or renaming it to a free name, is fine.
    expect((await write({ _id: first._id, name: 'Doppelt' })).statusCode).toBe(200);
    expect((await write({ _id: other._id, name: 'Einzeln' })).statusCode).toBe(200);
  });
});
