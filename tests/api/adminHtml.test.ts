import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_RESPONSES_GLOBAL } from '../../src/shared/api/earlyRequests';
import { findParams, parseListState } from '../../src/shared/api/listParams';
import { ADMIN_LOGIN_KEY } from '../../src/shared/rules/constants';
import { createTestApp } from '../helpers/testApp';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  // A stand-in for the built admin entry: the server only needs its <title> to place the script.
  clientDir = await mkdtemp(path.join(tmpdir(), 'bk-admin-html-'));
  await mkdir(path.join(clientDir, 'src/admin'), { recursive: true });
  await writeFile(path.join(clientDir, 'src/admin/index.html'), '<!doctype html><html><head><title>Admin</title></head><body><div id="root"></div></body></html>');
  process.env.CLIENT_DIR = clientDir;
  t = await createTestApp();
});

afterAll(async () => {
  delete process.env.CLIENT_DIR;
  await t?.close();
  await rm(clientDir, { recursive: true, force: true });
});

/** Runs the page's inline scripts as a browser would, with a stored login (or none); returns the requests they started. */
function runInlineScripts(html: string, token?: string) {
  const requests: { path: string; method: string; headers: Record<string, string>; body?: string }[] = [];
  const window: Record<string, unknown> = {};
  const context = vm.createContext({
    window,
    localStorage: { getItem: (key: string) => (key === ADMIN_LOGIN_KEY && token ? JSON.stringify({ token, user: { login: 'admin' } }) : null) },
    fetch: (path: string, init: { method: string; headers: Record<string, string>; body?: string }) => {
      requests.push({ path, ...init });
      return Promise.resolve({ ok: true });
    },
  });
  for (const [, code] of html.matchAll(/<script>([^]*?)<\/script>/g)) vm.runInContext(code, context);
  return { requests, early: window[EARLY_RESPONSES_GLOBAL] as { token: string; responses: Record<string, unknown> } | undefined };
}

describe('admin HTML', () => {
  it('starts the first requests of a list URL from an inline script, with the stored token', async () => {
    const response = await t.app.inject({ url: '/_/clients?p=2&sort=-name&q=Basel' });
    expect(response.statusCode).toBe(200);
    const { requests, early } = runInlineScripts(response.body, 'secret-token');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/schemas', 'GET /api/admin/session', 'POST /api/document/find']);
    expect(requests.every((r) => r.headers.authorization === 'Bearer secret-token')).toBe(true);

    // The very body the admin's list sends for this URL, so its data provider takes the response.
    const model = t.app.services.registry.model('client')!;
    const expected = JSON.stringify({ model: 'client', ...findParams(parseListState(new URLSearchParams('p=2&sort=-name&q=Basel'), model), model) });
    expect(requests[2].body).toBe(expected);
    expect(JSON.parse(expected)).toMatchObject({ page: 2, sort: { name: -1 }, search: 'Basel' });
    expect(Object.keys(early!.responses)).toEqual(['GET /api/schemas ', 'GET /api/admin/session ', `POST /api/document/find ${expected}`]);
    expect(early!.token).toBe('secret-token');
  });

  it('starts nothing without a stored login, and no list request off a list route', async () => {
    expect(runInlineScripts((await t.app.inject({ url: '/_/clients' })).body).requests).toEqual([]);
    for (const url of ['/_', '/_/files', '/_/nothing-here', '/_/clients/new']) {
      const { requests } = runInlineScripts((await t.app.inject({ url })).body, 'secret-token');
      expect(requests.map((r) => r.path), url).toEqual(['/api/schemas', '/api/admin/session']);
    }
  });

  it('keeps URL text inside the script data (no markup injection)', async () => {
    const response = await t.app.inject({ url: `/_/clients?q=${encodeURIComponent('</script>\u2028<script>alert(1)</script>')}` });
    expect(response.body).not.toContain('<script>alert(1)');
    const { requests } = runInlineScripts(response.body, 'secret-token');
    expect(JSON.parse(requests[2].body!).search).toBe('</script>\u2028<script>alert(1)</script>');
  });
});
