import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_RESPONSES_GLOBAL,
  earlyRequests,
  earlyRequestsScript,
  type EarlyResponses,
} from '../../../shared/api/earlyRequests';
import { findParams, parseListState } from '../../../shared/api/listParams';
import { schemaSet } from '../../../shared/generated/schemas';
import { createRegistry } from '../../../shared/registry';
import { ADMIN_LOGIN_KEY } from '../../../shared/rules/constants';
import { httpProvider } from './httpProvider';

const registry = createRegistry(schemaSet);
const TOKEN = 'token-of-the-stored-login';

/**
 * Runs the inline script the server writes into the admin's HTML, with a stored login and a fetch that
 * records what it started: the responses land where the data provider looks for them.
 */
function runEarlyScript(url: string): { started: string[] } {
  const started: string[] = [];
  const script = earlyRequestsScript(earlyRequests(registry, new URL(url, 'http://admin')));
  const code = script.replace(/^<script>/, '').replace(/<\/script>$/, '');
  const storage = { getItem: (key: string) => (key === ADMIN_LOGIN_KEY ? JSON.stringify({ token: TOKEN }) : null) };
  const fetch = (path: string, init: { method: string; body?: string }) => {
    started.push(`${init.method} ${path}`);
    const body = path === '/api/admin/session' ? { permissions: ['manage:backend'] } : { results: [], from: 'early' };
    return Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
  };
  new Function('window', 'localStorage', 'fetch', code)(globalThis, storage, fetch);
  return { started };
}

afterEach(() => {
  delete (globalThis as { [EARLY_RESPONSES_GLOBAL]?: EarlyResponses })[EARLY_RESPONSES_GLOBAL];
  vi.unstubAllGlobals();
});

describe('early responses', () => {
  it('are taken by the data provider for the same calls: the cache key is computed once for both sides', async () => {
    const url = '/_/clients?sort=-name&q=M%C3%BCller&p=2';
    const { started } = runEarlyScript(url);
    expect(started).toEqual(['GET /api/schemas', 'GET /api/admin/session', 'POST /api/document/find']);
    // Any call the early script did not start goes to the network, which fails this test.
    const network = vi.fn(() => Promise.reject(new Error('not an early response')));
    vi.stubGlobal('fetch', network);

    const provider = httpProvider(() => TOKEN);
    const parsed = new URL(url, 'http://admin');
    const model = registry.modelByPlural('clients')!;
    const params = findParams(parseListState(parsed.searchParams, model), model);
    await expect(provider.find('client', params)).resolves.toMatchObject({ from: 'early' });
    await expect(provider.permissions()).resolves.toEqual(['manage:backend']);
    expect(network).not.toHaveBeenCalled();
  });

  it('are not taken for a different list or another token', async () => {
    runEarlyScript('/_/clients?sort=-name');
    const network = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ results: [], from: 'network' }))));
    vi.stubGlobal('fetch', network);
    const model = registry.modelByPlural('clients')!;
    const other = findParams(parseListState(new URLSearchParams('sort=name'), model), model);
    await expect(httpProvider(() => TOKEN).find('client', other)).resolves.toMatchObject({ from: 'network' });
    const same = findParams(parseListState(new URLSearchParams('sort=-name'), model), model);
    await expect(httpProvider(() => 'another-token').find('client', same)).resolves.toMatchObject({ from: 'network' });
    expect(network).toHaveBeenCalledTimes(2);
  });
});
