import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { ident, sql } from '../../src/server/db/sql';
import { tableName } from '../../src/server/db/tables';
import { createObjectId } from '../../src/shared/format/objectId';
import { createTestApp } from '../helpers/testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.auth(await t.login());
});
afterAll(() => t?.close());

const save = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/document/updateOne?model=redirect', headers: admin, payload });
const count = async () =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/document/find',
      headers: admin,
      payload: { model: 'redirect', page: 0 },
    })
  ).json().total as number;

describe('redirects', () => {
  it('store from as the site looks it up, so /kontakt/ redirects /kontakt', async () => {
    const saved = await save({ _id: 'new', name: 'Slash', from: '/alt//seite/', to: '/neu' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().from).toBe('/alt/seite');
    const answer = await t.app.inject({ method: 'GET', url: '/api/cms/page?path=/alt/seite' });
    expect(answer.json()).toMatchObject({ redirect: { to: '/neu' } });
  });

  it('refuses a redirect to its own path, also written differently, and saves nothing', async () => {
    const before = await count();
    for (const to of ['/loop', '/loop/', '/loop?ref=x']) {
      const response = await save({ _id: 'new', name: 'Schleife', from: '/loop', to });
      expect(response.statusCode, to).toBe(400);
      expect(response.json()).toEqual({
        error: 'to must lead somewhere other than from (/loop)',
        fields: [{ field: 'to', message: 'must lead somewhere other than from (/loop)' }],
      });
    }
    expect(await count()).toBe(before);
  });

  it('refuses a protocol-relative target (//host) and a from under /_, /api or /assets, and saves nothing', async () => {
    const before = await count();
    for (const to of ['//evil.example', '//evil.example/pfad', '/\\evil.example']) {
      const response = await save({ _id: 'new', name: 'Weg', from: '/weg', to });
      expect(response.statusCode, to).toBe(400);
      expect(response.json().fields).toEqual([
        { field: 'to', message: 'must be a path on this site (/…) or a full URL (https://…)' },
      ]);
    }
    for (const from of ['/_', '/_/users', '/api/self', '/assets/x.js']) {
      const response = await save({ _id: 'new', name: 'Admin', from, to: '/neu' });
      expect(response.statusCode, from).toBe(400);
      expect(response.json().fields).toEqual([
        { field: 'from', message: `${from} is reserved (admin, API, assets): the site never redirects it` },
      ]);
    }
    expect(await count()).toBe(before);
    // Paths that only start like them are the site's.
    expect((await save({ _id: 'new', name: 'Apis', from: '/apis', to: 'https://example.ch/' })).statusCode).toBe(200);
  });

  it('refuses a redirect that leads back through others, also when an existing one is changed into a loop', async () => {
    expect((await save({ _id: 'new', name: 'A', from: '/a', to: '/b' })).statusCode).toBe(200);
    const b = await save({ _id: 'new', name: 'B', from: '/b', to: '/c' });
    expect(b.statusCode).toBe(200);
    const loop = await save({ _id: 'new', name: 'C', from: '/c', to: '/a' });
    expect(loop.statusCode).toBe(400);
    expect(loop.json()).toMatchObject({ error: 'to leads back to /c: /c → /a → /b → /c' });

    const changed = await save({ _id: b.json()._id, _version: b.json()._version, to: '/a' });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({ error: 'to leads back to /b: /b → /a → /b' });

    // A URL on the site's own domain is a site path too.
    await t.app.services.documents.save(SYSTEM, 'siteConfig', {
      title: 'Rhein Consulting',
      domain: 'www.rhein-consulting.ch',
    });
    const own = await save({ _id: 'new', name: 'Eigene URL', from: '/abs', to: 'https://rhein-consulting.ch/abs/' });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ error: 'to must lead somewhere other than from (/abs)' });

    // Ends elsewhere, or outside the site: fine. Changing a redirect's own target past itself is fine too.
    expect((await save({ _id: 'new', name: 'D', from: '/c', to: '/d' })).statusCode).toBe(200);
    expect((await save({ _id: 'new', name: 'E', from: '/e', to: 'https://example.ch/e' })).statusCode).toBe(200);
    expect((await save({ _id: b.json()._id, _version: b.json()._version, to: '/b/neu' })).statusCode).toBe(200);
  });

  it('counts every redirected visit, with a trailing slash or a query too, and carries the query to the target', async () => {
    expect((await save({ _id: 'new', name: 'Alt', from: '/audit-alt', to: '/Termin' })).statusCode).toBe(200);
    expect(
      (await save({ _id: 'new', name: 'Mit Query', from: '/mit-query', to: '/Termin?lang=de#form' })).statusCode,
    ).toBe(200);
    const visit = (url: string) => t.app.inject({ method: 'GET', url });
    const plain = await visit('/audit-alt');
    expect([plain.statusCode, plain.headers.location]).toEqual([302, '/Termin']);
    const slash = await visit('/audit-alt/');
    expect([slash.statusCode, slash.headers.location]).toEqual([302, '/Termin']);
    const tagged = await visit('/audit-alt?utm_source=x');
    expect([tagged.statusCode, tagged.headers.location]).toEqual([302, '/Termin?utm_source=x']);
    // The cached answer of /audit-alt does not keep the previous visitor's query.
    expect((await visit('/audit-alt')).headers.location).toBe('/Termin');
    const merged = await visit('/mit-query/?utm_source=x&lang=fr');
    expect(merged.headers.location).toBe('/Termin?lang=de&utm_source=x#form');
    // The site's JSON API (client-side navigation) counts under the redirect's path as well.
    const api = await t.app.inject({ method: 'GET', url: '/api/cms/page?path=/audit-alt/' });
    expect(api.json()).toMatchObject({ redirect: { to: '/Termin' } });

    const stats = await t.app.inject({ method: 'GET', url: '/api/redirectStats', headers: admin });
    const counts = Object.fromEntries(
      (stats.json() as { redirect: { from: string }; count: number }[]).map((row) => [row.redirect.from, row.count]),
    );
    expect(counts['/audit-alt']).toBe(5);
    expect(counts['/mit-query']).toBe(1);
  });

  it('refuses a from holding ? or # (also as %3F or %23), naming From, instead of cutting it to its path', async () => {
    const before = await count();
    const cut = {
      '?': 'the query (? and what follows) is not part of the path the site matches redirects on',
      '#': 'browsers never send the anchor (# and what follows) to the site',
    };
    for (const [from, sign, path] of [
      ['/kontakt?ref=alt', '?', '/kontakt'],
      ['/seite/#teil', '#', '/seite'],
      ['/?', '?', '/'],
      ['/a#b?c', '#', '/a'],
    ] as const) {
      const response = await save({ _id: 'new', name: 'Mit Rest', from, to: '/neu' });
      expect(response.statusCode, from).toBe(400);
      const message = `must be a path alone, without ${sign}: ${cut[sign]}, so this redirect would never be followed; use ${path}`;
      expect(response.json(), from).toEqual({ error: `from ${message}`, fields: [{ field: 'from', message }] });
    }
    for (const [from, encoded, sign, what] of [
      ['/faq%3Fneu', '%3F', '?', 'a query'],
      ['/faq%3fneu', '%3f', '?', 'a query'],
      ['/teil%23zwei', '%23', '#', 'an anchor'],
    ]) {
      const response = await save({ _id: 'new', name: 'Kodiert', from, to: '/neu' });
      expect(response.statusCode, from).toBe(400);
      const message = `must be a path alone, without ${encoded} (an encoded ${sign}): a path holding ${sign} reads as one with ${what}, and a visitor typing it so would not be redirected`;
      expect(response.json(), from).toEqual({ error: `from ${message}`, fields: [{ field: 'from', message }] });
    }
    expect(await count()).toBe(before);
    // Before, /kontakt?ref=alt was stored as /kontakt: a redirect from a path nobody typed.
    expect(await t.app.services.documents.find(SYSTEM, 'redirect', { query: { from: '/kontakt' } })).toMatchObject({
      results: [],
    });
    // Other percent-encoded characters are the path's own (an umlaut, a space).
    const umlaut = await save({ _id: 'new', name: 'Kodiert ok', from: '/%C3%BCber%20uns', to: '/neu' });
    expect(umlaut.statusCode, umlaut.body).toBe(200);
    expect(umlaut.json().from).toBe('/über uns');
  });

  it('keeps a from stored with ? before, as it is, when the redirect is saved unchanged there', async () => {
    const id = createObjectId();
    const doc = { name: 'Alt mit Frage', from: '/was?', to: '/neu', permanent: false };
    await t.db.query(
      sql`INSERT INTO ${ident(tableName('redirect'))} (_id, doc) VALUES (${id}, ${JSON.stringify(doc)}::jsonb)`,
    );
    const renamed = await save({ _id: id, name: 'Alt mit Frage, umbenannt' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().from).toBe('/was?');
    expect((await save({ _id: id, from: '/wer?' })).statusCode).toBe(400);
  });

  it('refuses a second redirect from the same path, naming From at its field', async () => {
    expect((await save({ _id: 'new', name: 'Erste', from: '/doppelt', to: '/x' })).statusCode).toBe(200);
    const twin = await save({ _id: 'new', name: 'Zweite', from: '/doppelt/', to: '/y' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({
      error: 'from already exists',
      fields: [{ field: 'from', message: 'already exists' }],
    });
  });

  it('refuses a redirect from the path of a published page, which visitors are shown instead, and saves nothing', async () => {
    const publish = async (doc: Record<string, unknown>) => {
      const draft = await t.app.services.documents.save(SYSTEM, 'pageDraft', doc);
      const published = await t.app.inject({
        method: 'GET',
        url: `/api/cms/publishPage?id=${draft._id}`,
        headers: admin,
      });
      expect(published.statusCode, published.body).toBe(200);
      return draft;
    };
    const home = await publish({ name: 'Home', _read: ['guest'] });
    await publish({ name: 'Termin', _parent: home._id, _read: ['guest'] });
    await publish({ name: 'Intern', _parent: home._id, _read: ['admin'] });
    const before = await count();
    for (const [from, path] of [
      ['/', '/'],
      ['/Termin/', '/Termin'],
    ]) {
      const refused = await save({ _id: 'new', name: 'Verdeckt', from, to: '/anderswo' });
      expect(refused.statusCode, from).toBe(400);
      const message = `${path} is a published page, which visitors are shown instead of a redirect: move or delete the page first`;
      expect(refused.json()).toEqual({ error: `from ${message}`, fields: [{ field: 'from', message }] });
    }
    expect(await count()).toBe(before);
    // A page only some users may read is not found by visitors: the redirect sends them on.
    expect((await save({ _id: 'new', name: 'Intern weiter', from: '/Intern', to: '/Termin' })).statusCode).toBe(200);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/cms/page?path=/Intern' });
    expect(visitor.json()).toMatchObject({ redirect: { to: '/Termin' } });
  });

  it('sends a target with umlauts, spaces or € as a browser would ask for it (UTF-8, percent-encoded)', async () => {
    expect((await save({ _id: 'new', name: 'Umlaut', from: '/Grüezi', to: '/Über uns' })).statusCode).toBe(200);
    expect((await save({ _id: 'new', name: 'Euro', from: '/euro', to: '/Preise in €' })).statusCode).toBe(200);
    const umlaut = await t.app.inject({ method: 'GET', url: '/Gr%C3%BCezi' });
    // Was /Über uns as Latin-1 bytes: browsers went to /%DCber%20uns, another page.
    expect([umlaut.statusCode, umlaut.headers.location]).toEqual([302, '/%C3%9Cber%20uns']);
    // Was a 500: Node refuses header characters beyond Latin-1.
    const euro = await t.app.inject({ method: 'GET', url: '/euro?utm_source=x' });
    expect([euro.statusCode, euro.headers.location]).toEqual([302, '/Preise%20in%20%E2%82%AC?utm_source=x']);
  });

  it('refuses line breaks and control characters in from and to, naming the field, and saves nothing', async () => {
    const before = await count();
    const message =
      'must be a path on this site (/…) or a full URL (https://…), on one line, without control characters';
    for (const to of ['/a\r\nSet-Cookie: x=1', '/a\u2028b', 'https://example.com/\u0085']) {
      const response = await save({ _id: 'new', name: 'Kaputt', from: '/kaputt', to });
      expect(response.statusCode, to).toBe(400);
      expect(response.json(), to).toMatchObject({ fields: [{ field: 'to', message }] });
    }
    const from = await save({ _id: 'new', name: 'Kaputt', from: '/a\nb', to: '/Termin' });
    expect(from.statusCode).toBe(400);
    expect(from.json().fields).toEqual([
      { field: 'from', message: 'must be a path starting with /, on one line, without control characters' },
    ]);
    expect(await count()).toBe(before);
  });

  it('keeps a favicon on this site or at a full URL, not at another host without a scheme', async () => {
    const config = await t.app.services.documents.save(SYSTEM, 'siteConfig', { title: 'Test' });
    for (const favicon of ['//evil.example/f.ico', '/\\evil.example/f.ico', '/f.ico\n']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/document/updateOne?model=siteConfig',
        headers: admin,
        payload: { _id: config._id, title: 'Test', favicon },
      });
      expect(response.statusCode, favicon).toBe(400);
      expect(response.json().fields[0].field).toBe('favicon');
    }
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=siteConfig',
      headers: admin,
      payload: { _id: config._id, title: 'Test', favicon: '/favicon.ico' },
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});
