import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PageTreeNode,
  PageVersionAnswer,
  PageVersionsAnswer,
  RedirectStatsAnswer,
  SpellCheckAnswer,
  ElementsAnswer,
} from '../../src/shared/api/pages';
import { SYSTEM } from '../../src/server/access/caller';
import { seedDemo } from '../../src/server/seed/demo';
import { createTestApp } from '../helpers/testApp';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Doc = Record<string, unknown> & { _id: string };

describe('page editor API (drafts, paths, publish, reset, spell check, versions, redirects)', () => {
  let t: TestApp;
  let admin: string;
  let anna: string;
  let marco: string;
  let home: string;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: token ? t.auth(token) : {}, ...(payload !== undefined ? { payload } : {}) });
  const saveDraft = async (doc: Record<string, unknown>, token = admin) => {
    const response = await call('POST', '/api/document/updateOne?model=pageDraft', token, doc);
    return response;
  };
  const draftOk = async (doc: Record<string, unknown>, token = admin): Promise<Doc> => {
    const response = await saveDraft(doc, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const publish = (id: string, token = admin) => call('GET', `/api/cms/publishPage?id=${id}`, token);
  const site = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app.services, { env: { DEMO_USERS_PASSWORD: '1' } });
    admin = await t.login();
    anna = await t.login('anna', 'demo-anna');
    marco = await t.login('marco', 'demo-marco');
    const { results } = await t.app.services.documents.find(SYSTEM, 'pageDraft', { query: { _path: '/' }, limit: 1 });
    home = results[0]._id;
  });
  afterAll(() => t?.close());

  it('seeds a draft for every demo page, with the same _id and paths', async () => {
    const tree: PageTreeNode[] = (await call('GET', '/api/cms/pageTree', anna)).json();
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ _id: home, _path: '/', published: true, changed: false });
    expect(tree[0].children.map((node) => node._path).sort()).toEqual(['/Impressum', '/Termin']);
  });

  it('derives _path and breadcrumb from parent and name, read-only, and refuses a second page at a path (409)', async () => {
    const draft = await draftOk({ _id: 'new', name: 'Über uns', _parent: home, _path: '/hacked', language: 'de' });
    expect(draft._path).toBe('/Über-uns');
    expect(draft.breadcrumb).toEqual([
      { label: 'Home', path: '/' },
      { label: 'Über uns', path: '/Über-uns' },
    ]);
    const child = await draftOk({ _id: 'new', name: 'Team', _parent: draft._id });
    expect(child._path).toBe('/Über-uns/Team');
    const clash = await saveDraft({ _id: 'new', name: 'Über uns', _parent: home });
    expect(clash.statusCode).toBe(409);
    // It names the page that has the path, and the name as the field to change (the path is made from it).
    expect(clash.json()).toEqual({
      error: 'The page “Über uns” already has the path /Über-uns: choose another name or parent page',
      fields: [{ field: 'name', message: 'The page “Über uns” already has the path /Über-uns' }],
    });
    const gone = await saveDraft({ _id: 'new', name: 'Waise', _parent: '0123456789abcdef01234567' });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().fields).toEqual([
      { field: '_parent', message: 'The chosen parent page no longer exists: choose another one' },
    ]);
    // A new page without a parent (the NEW PAGE button) goes under Home, not to a second /.
    const orphan = await draftOk({ _id: 'new', name: 'Ohne Eltern' });
    expect(orphan).toMatchObject({ _parent: home, _path: '/Ohne-Eltern' });
    // A page cannot move below itself.
    const loop = await saveDraft({ _id: draft._id, _parent: child._id });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().error).toMatch(/cannot move below itself/);
    // A draft creates no live page.
    expect((await site('/%C3%9Cber-uns')).statusCode).toBe(404);
  });

  it('publishes a draft: the public site serves it at once, later draft changes stay private until the next publish', async () => {
    const draft = await draftOk({
      _id: 'new',
      name: 'Angebot',
      title: 'Unser Angebot',
      _parent: home,
      _read: ['guest'],
      elements: [{ tag: 'paragraph', props: { text: 'Erste Fassung' } }],
    });
    expect((await site('/Angebot')).statusCode).toBe(404);
    const published = await publish(draft._id);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ _id: draft._id, _path: '/Angebot', title: 'Unser Angebot' });
    expect((await site('/Angebot')).body).toContain('Erste Fassung');

    await draftOk({ _id: draft._id, elements: [{ tag: 'paragraph', props: { text: 'Zweite Fassung' } }] });
    expect((await site('/Angebot')).body).toContain('Erste Fassung');
    const node = ((await call('GET', '/api/cms/pageTree', admin)).json() as PageTreeNode[])[0].children.find(
      (entry) => entry._id === draft._id,
    );
    expect(node).toMatchObject({ published: true, changed: true });
    await publish(draft._id);
    expect((await site('/Angebot')).body).toContain('Zweite Fassung');

    // Versions: one per publish, newest first, each restorable into the draft.
    const versions: PageVersionsAnswer = (await call('GET', `/api/cms/pageVersions/${draft._id}`, admin)).json();
    expect(versions).toHaveLength(2);
    expect(versions[0].user).toBe('admin');
    const first: PageVersionAnswer = (await call('GET', `/api/cms/pageVersion/${versions[1]._id}`, admin)).json();
    expect(JSON.stringify(first.content)).toContain('Erste Fassung');
    // The history is written by publishing only: nobody adds or rewrites a version through the document API.
    const forged = await call('POST', '/api/document/updateOne?model=pageVersion', admin, {
      _id: versions[0]._id,
      user: 'someone else',
    });
    expect(forged.statusCode).toBe(403);
    const added = await call('POST', '/api/document/updateOne?model=pageVersion', admin, {
      page: draft._id,
      publishedAt: '2020-01-01T00:00:00.000Z',
      content: first.content,
    });
    expect(added.statusCode).toBe(403);
    const restored = await call('POST', `/api/cms/restoreVersion/${versions[1]._id}`, admin);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(JSON.stringify(restored.json().elements)).toContain('Erste Fassung');
    expect((await site('/Angebot')).body).toContain('Zweite Fassung');

    // Reset: the draft becomes the live page again.
    const reset = await call('POST', `/api/cms/resetDraft/${draft._id}`, admin);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(JSON.stringify(reset.json().elements)).toContain('Zweite Fassung');
  });

  it('moves a published subtree on rename: paths follow, and the old URLs redirect to the new ones', async () => {
    const parent = await draftOk({ _id: 'new', name: 'Leistungen', _parent: home, _read: ['guest'] });
    const child = await draftOk({ _id: 'new', name: 'Coaching', _parent: parent._id, _read: ['guest'] });
    await publish(parent._id);
    await publish(child._id);
    expect((await site('/Leistungen/Coaching')).statusCode).toBe(200);

    const renamed = await draftOk({ _id: parent._id, name: 'Beratung' });
    expect(renamed._path).toBe('/Beratung');
    const childDraft = (await call('GET', `/api/document/findById?model=pageDraft&id=${child._id}`, admin)).json();
    expect(childDraft._path).toBe('/Beratung/Coaching');
    expect(childDraft.breadcrumb.map((crumb: { path: string }) => crumb.path)).toEqual([
      '/',
      '/Beratung',
      '/Beratung/Coaching',
    ]);
    // Live pages move when the draft is published; their old paths answer permanent redirects.
    expect((await site('/Leistungen')).statusCode).toBe(200);
    await publish(parent._id);
    const old = await site('/Leistungen/Coaching');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/Beratung/Coaching');
    expect((await site('/Beratung/Coaching')).statusCode).toBe(200);
    expect((await site('/Leistungen')).headers.location).toBe('/Beratung');

    const stats: RedirectStatsAnswer = (await call('GET', '/api/redirectStats', anna)).json();
    const moved = stats.find((row) => row.redirect.from === '/Leistungen/Coaching');
    expect(moved).toMatchObject({ redirect: { to: '/Beratung/Coaching' }, count: 1 });
    expect(stats.find((row) => row.redirect.from === '/Leistungen')?.count).toBe(1);
  });

  it('deletes a draft, and with unpublish=true its live page too; a page with subpages is kept (409)', async () => {
    const draft = await draftOk({ _id: 'new', name: 'Alt', _parent: home, _read: ['guest'] });
    await publish(draft._id);
    const sub = await draftOk({ _id: 'new', name: 'Unterseite', _parent: draft._id });
    expect((await call('DELETE', `/api/cms/pageDraft/${draft._id}`, admin)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/cms/pageDraft/${sub._id}`, admin)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/cms/pageDraft/${draft._id}?unpublish=true`, admin)).statusCode).toBe(204);
    expect((await site('/Alt')).statusCode).toBe(404);

    const kept = await draftOk({ _id: 'new', name: 'Bleibt', _parent: home, _read: ['guest'] });
    await publish(kept._id);
    expect((await call('DELETE', `/api/cms/pageDraft/${kept._id}?unpublish=false`, admin)).statusCode).toBe(204);
    expect((await site('/Bleibt')).statusCode).toBe(200);

    // A live page deleted on its own (its draft stays) is published again under the same id.
    const again = await draftOk({ _id: 'new', name: 'Wieder', _parent: home, _read: ['guest'] });
    await publish(again._id);
    await t.app.services.documents.remove(SYSTEM, 'page', again._id);
    expect((await site('/Wieder')).statusCode).toBe(404);
    const republished = await publish(again._id);
    expect(republished.statusCode, republished.body).toBe(200);
    expect(republished.json()._id).toBe(again._id);
    expect((await site('/Wieder')).statusCode).toBe(200);
  });

  it('spell-checks every text of a draft in its language; words of the site dictionary pass', async () => {
    const draft = await draftOk({
      _id: 'new',
      name: 'Rechtschreibung',
      title: 'Unsere Beratng für Unternehmen',
      _parent: home,
      language: 'de',
      elements: [
        {
          tag: 'section',
          props: {
            children: [
              { tag: 'paragraph', props: { text: 'Wir begleiten **Unternehmen** in Basel mit Klarheitt.' } },
              { tag: 'button', props: { text: 'Termin vereinbaren', url: { type: 'URL', href: '/Termin' } } },
              { tag: 'paragraph', props: { text: 'Mit Zwyssig und Digitalisierungsberatung.' } },
            ],
          },
        },
      ],
    });
    const answer: SpellCheckAnswer = (await call('GET', `/api/cms/checkPageDraft/${draft._id}`, anna)).json();
    expect(answer.language).toBe('de');
    const words = answer.findings.map((finding) => finding.word);
    expect(words).toEqual(expect.arrayContaining(['Beratng', 'Klarheitt', 'Zwyssig']));
    expect(words).not.toContain('Digitalisierungsberatung');
    expect(answer.findings.find((finding) => finding.word === 'Klarheitt')).toMatchObject({
      path: 'elements.0.props.children.0.props.text',
      suggestions: expect.arrayContaining(['Klarheit']),
    });
    expect(answer.findings.find((finding) => finding.word === 'Beratng')?.path).toBe('title');

    const config = (await t.app.services.documents.find(SYSTEM, 'siteConfig', { limit: 1 })).results[0];
    await t.app.services.documents.save(SYSTEM, 'siteConfig', { _id: config._id, dictionary: ['Zwyssig'] });
    const again: SpellCheckAnswer = (await call('GET', `/api/cms/checkPageDraft/${draft._id}`, anna)).json();
    expect(again.findings.map((finding) => finding.word)).not.toContain('Zwyssig');
  });

  it('lists the elements with their schema and style properties', async () => {
    const elements: ElementsAnswer = (await call('GET', '/api/cms/elements', anna)).json();
    const paragraph = elements.find((element) => element.tag === 'paragraph');
    expect(paragraph?.label).toBeTruthy();
    expect(paragraph?.config).toMatchObject({ type: 'object' });
    expect(Object.keys((paragraph?.style as { properties: object }).properties)).toContain('alignment');
  });

  it('refuses without login (401), without manage:cms (403), and when the page is not the caller’s to write (403)', async () => {
    expect((await call('GET', '/api/cms/pageTree')).statusCode).toBe(401);
    expect((await call('GET', '/api/cms/pageTree', marco)).statusCode).toBe(403);
    expect((await publish(home, marco)).statusCode).toBe(403);
    expect((await call('POST', `/api/cms/resetDraft/${home}`, marco)).statusCode).toBe(403);
    expect((await call('GET', '/api/redirectStats', marco)).statusCode).toBe(403);
    const adminsOnly = await draftOk({ _id: 'new', name: 'Intern', _parent: home, _write: ['admin'] });
    const refused = await publish(adminsOnly._id, anna);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/_write/);
    expect((await publish('not-an-id')).statusCode).toBe(400);
    expect((await publish('0123456789abcdef01234567')).statusCode).toBe(404);
  });

  it("gives a page created without a layout the one the editor chooses: its parent's, else the home page's", async () => {
    const homeLayout = (await call('GET', `/api/document/findById?model=pageDraft&id=${home}`, admin)).json().layout;
    expect(homeLayout).toMatch(/^[0-9a-f]{24}$/);
    const plain = await draftOk({ _id: 'new', name: 'Ohne Layout', _parent: home });
    expect(plain.layout).toBe(homeLayout);
    // Also without a parent (it goes under Home), and as the staff user's POST.
    expect((await draftOk({ _id: 'new', name: 'Waisenkind' }, anna)).layout).toBe(homeLayout);
    const landing = await call('POST', '/api/document/updateOne?model=layout', admin, {
      name: 'Landing',
      elements: [],
    });
    expect(landing.statusCode, landing.body).toBe(200);
    const campaign = await draftOk({ _id: 'new', name: 'Kampagne', _parent: home, layout: landing.json()._id });
    expect(campaign.layout).toBe(landing.json()._id);
    expect((await draftOk({ _id: 'new', name: 'Aktion', _parent: campaign._id })).layout).toBe(landing.json()._id);
    // A later save without the field keeps what is stored; the live page is its draft, published as it is.
    const saved = await draftOk({ _id: plain._id, title: 'Neu' });
    expect(saved.layout).toBe(homeLayout);
    expect((await publish(plain._id)).json().layout).toBe(homeLayout);
  });

  it("refuses to delete or change a page and its draft the page's _write excludes the caller from, naming why, by every route", async () => {
    const guarded = await draftOk({ _id: 'new', name: 'Vorstand', _parent: home, _write: ['admin'] });
    expect((await publish(guarded._id)).statusCode).toBe(200);
    const attempts = [
      call('DELETE', `/api/document/delete?model=page&id=${guarded._id}`, anna),
      call('DELETE', `/api/document/delete?model=pageDraft&id=${guarded._id}`, anna),
      call('DELETE', `/api/cms/pageDraft/${guarded._id}?unpublish=true`, anna),
      call('DELETE', `/api/cms/pageDraft/${guarded._id}`, anna),
      call('POST', '/api/document/updateOne?model=page', anna, { _id: guarded._id, title: 'Übernommen' }),
      saveDraft({ _id: guarded._id, title: 'Übernommen' }, anna),
    ];
    for (const refused of await Promise.all(attempts)) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error).toMatch(/_write/);
    }
    // The generic routes say whose the page is.
    expect((await attempts[0]).json()).toEqual({
      error: 'Not allowed to delete this Page: its _write (admin) excludes your roles',
    });
    for (const model of ['page', 'pageDraft']) {
      const kept = await call('GET', `/api/document/findById?model=${model}&id=${guarded._id}`, admin);
      expect(kept.statusCode, model).toBe(200);
      expect(kept.json().title, model).not.toBe('Übernommen');
    }
    // An admin is on the list: the same calls go through.
    expect((await call('DELETE', `/api/cms/pageDraft/${guarded._id}?unpublish=true`, admin)).statusCode).toBe(204);
  });
});
