import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_RESPONSES_GLOBAL } from '../../src/shared/api/earlyRequests';
import { findParams, parseListState } from '../../src/shared/api/listParams';
import { ADMIN_LOGIN_KEY } from '../../src/shared/rules/constants';
import { ADMIN_PASSWORD, createTestApp } from '../helpers/testApp';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  // A stand-in for the built admin entry: its title, entry script and one module preload.
  clientDir = await mkdtemp(path.join(tmpdir(), 'bk-admin-html-'));
  await mkdir(path.join(clientDir, 'src/admin'), { recursive: true });
  await writeFile(
    path.join(clientDir, 'src/admin/index.html'),
    '<!doctype html><html><head><title>Admin</title><script type="module" crossorigin src="/assets/admin-T.js"></script><link rel="modulepreload" crossorigin href="/assets/react-T.js"></head><body><div id="root"></div></body></html>',
  );
  process.env.CLIENT_DIR = clientDir;
  t = await createTestApp();
});

afterAll(async () => {
  delete process.env.CLIENT_DIR;
  await t?.close();
  await rm(clientDir, { recursive: true, force: true });
});

/**
 * Runs the page's inline scripts as a browser would, with a stored login (or none); returns the
 * requests they started and the elements they added, and `paint()`, which reports the first paint
 * to the page's paint observers (and runs the tasks they start). Like the browser under the answer's
 * Content-Security-Policy, it runs only the inline scripts that carry the policy's nonce.
 */
function runInlineScripts(answer: { body: string; headers: Record<string, unknown> }, token?: string) {
  const html = answer.body;
  const nonce = /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1];
  expect(nonce).toBeDefined();
  const requests: { path: string; method: string; headers: Record<string, string>; body?: string }[] = [];
  const added: Record<string, string>[] = [];
  const window: Record<string, unknown> = {};
  let painted: (() => void)[] = [];
  const context = vm.createContext({
    window,
    PerformanceObserver: class {
      constructor(private readonly callback: (list: unknown, observer: unknown) => void) {}
      observe({ type }: { type: string }) {
        if (type === 'paint') painted.push(() => this.callback({}, this));
      }
      disconnect() {}
    },
    // Tasks now; the time limit's timer never comes in here (the paint is reported first).
    setTimeout: (callback: () => void, ms?: number) => (ms ? undefined : callback()),
    document: {
      createElement: () => ({}),
      head: {
        append: (el: Record<string, string>) => added.push(el),
        appendChild: (el: Record<string, string>) => added.push(el),
      },
    },
    localStorage: {
      getItem: (key: string) =>
        key === ADMIN_LOGIN_KEY && token ? JSON.stringify({ token, user: { login: 'admin' } }) : null,
    },
    fetch: (path: string, init: { method: string; headers: Record<string, string>; body?: string }) => {
      requests.push({ path, ...init });
      return Promise.resolve({ ok: true });
    },
  });
  const inline = [...html.matchAll(/<script(?: nonce="([^"]*)")?>([^]*?)<\/script>/g)];
  // Every inline script the server wrote carries the nonce: none would run without it.
  expect(inline.map(([, given]) => given)).toEqual(inline.map(() => nonce));
  for (const [, , code] of inline) vm.runInContext(code, context);
  return {
    paint: () => {
      const callbacks = painted;
      painted = [];
      for (const callback of callbacks) callback();
    },
    added,
    requests,
    early: window[EARLY_RESPONSES_GLOBAL] as { token: string; responses: Record<string, unknown> } | undefined,
  };
}

describe('admin HTML', () => {
  it('starts the first requests of a list URL from an inline script, with the stored token', async () => {
    const response = await t.app.inject({ url: '/_/clients?p=2&sort=-name&q=Basel' });
    expect(response.statusCode).toBe(200);
    const { requests, early } = runInlineScripts(response, 'secret-token');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/schemas',
      'GET /api/admin/session',
      'POST /api/document/find',
    ]);
    expect(requests.every((r) => r.headers.authorization === 'Bearer secret-token')).toBe(true);

    // The very body the admin's list sends for this URL, so its data provider takes the response.
    const model = t.app.services.registry.model('client')!;
    const expected = JSON.stringify({
      model: 'client',
      ...findParams(parseListState(new URLSearchParams('p=2&sort=-name&q=Basel'), model), model),
    });
    expect(requests[2].body).toBe(expected);
    expect(JSON.parse(expected)).toMatchObject({ page: 2, sort: { name: -1 }, search: 'Basel' });
    expect(Object.keys(early!.responses)).toEqual([
      'GET /api/schemas ',
      'GET /api/admin/session ',
      `POST /api/document/find ${expected}`,
    ]);
    expect(early!.token).toBe('secret-token');
  });

  it('starts nothing without a stored login, and no list request off a list route', async () => {
    expect(runInlineScripts(await t.app.inject({ url: '/_/clients' })).requests).toEqual([]);
    for (const url of ['/_', '/_/files', '/_/nothing-here', '/_/clients/new']) {
      const { requests } = runInlineScripts(await t.app.inject({ url }), 'secret-token');
      expect(
        requests.map((r) => r.path),
        url,
      ).toEqual(['/api/schemas', '/api/admin/session']);
    }
  });

  it('keeps URL text inside the script data (no markup injection)', async () => {
    const response = await t.app.inject({
      url: `/_/clients?q=${encodeURIComponent('</script>\u2028<script>alert(1)</script>')}`,
    });
    expect(response.body).not.toContain('<script>alert(1)');
    const { requests } = runInlineScripts(response, 'secret-token');
    expect(JSON.parse(requests[2].body!).search).toBe('</script>\u2028<script>alert(1)</script>');
  });
});

describe('admin HTML rendered on the server', () => {
  async function loginCookie(
    username = 'admin',
    password = ADMIN_PASSWORD,
  ): Promise<{ token: string; cookie: string; setCookie: string }> {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
    const setCookie = String(response.headers['set-cookie']);
    return { token: response.json<{ token: string }>().token, cookie: setCookie.split(';')[0], setCookie };
  }

  it('login sets the session cookie for admin pages only, logout clears it', async () => {
    const { token, setCookie } = await loginCookie();
    expect(setCookie).toMatch(/^baukasten_admin=[^;]+; Max-Age=\d+; Path=\/_; HttpOnly; SameSite=Strict$/);
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: t.auth(token), payload: {} });
    expect(String(logout.headers['set-cookie'])).toMatch(/^baukasten_admin=; Max-Age=0; Path=\/_/);
  });

  it('renders a list page with its rows and embeds the same answers the API gives', async () => {
    const { token, cookie } = await loginCookie();
    const headers = t.auth(token);
    await t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=client',
      headers,
      payload: { name: '<b>Rhein</b> & Söhne AG' },
    });
    const page = await t.app.inject({ url: '/_/clients?q=Rhein', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<title>Clients - Admin</title>');
    expect(page.body).toContain('&lt;b&gt;Rhein&lt;/b&gt; &amp; Söhne AG');
    expect(page.body).not.toContain('<b>Rhein</b>');
    expect(page.body).not.toContain(token);
    // Nothing is asked for before the first paint; then only the schemas (they are left out of the
    // page; the rest is in it), and the code starts.
    const scripts = runInlineScripts(page, token);
    expect(scripts.requests).toEqual([]);
    expect(scripts.added).toEqual([]);
    expect(page.body).not.toMatch(/<script type="module"[^>]*src=|<link rel="modulepreload"/);
    scripts.paint();
    expect(scripts.requests.map((r) => r.path)).toEqual(['/api/schemas']);
    expect(scripts.added).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/react-T.js' },
      { type: 'module', crossOrigin: '', src: '/assets/admin-T.js' },
    ]);

    const preload = JSON.parse(
      page.body.match(/<script type="application\/json" id="admin-preload">([^]*?)<\/script>/)![1],
    );
    const model = t.app.services.registry.model('client')!;
    const params = findParams(parseListState(new URLSearchParams('q=Rhein'), model), model);
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/document/find',
      headers,
      payload: { model: 'client', ...params },
    });
    expect(preload.find).toEqual({ model: 'client', params, answer: api.json() });
    expect(preload.session).toEqual((await t.app.inject({ url: '/api/admin/session', headers })).json());
    expect(preload.schemas).toBeUndefined();
  });

  it('renders nothing for a session the server no longer accepts, and clears its cookie', async () => {
    const { token, cookie } = await loginCookie();
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: t.auth(token), payload: {} });
    const page = await t.app.inject({ url: '/_/clients', headers: { cookie } });
    expect(page.body).not.toContain('admin-preload');
    expect(String(page.headers['set-cookie'])).toMatch(/^baukasten_admin=; Max-Age=0/);
    expect(page.body).toContain('<div id="root"></div>');
  });

  it('renders nothing the caller may not list (the browser shows the refusal as usual)', async () => {
    const admin = await loginCookie();
    await t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=user',
      headers: t.auth(admin.token),
      payload: { login: 'kassier', password: 'kassier-password-1', roles: [] },
    });
    const { cookie } = await loginCookie('kassier', 'kassier-password-1');
    const page = await t.app.inject({ url: '/_/invoices', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('admin-preload');
    expect(page.body).toContain('<div id="root"></div>');
  });
});
