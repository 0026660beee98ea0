import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { AppOptions } from '../../src/server/app';
import { releaseBrowser, sharedBrowser } from '../helpers/browser';
import { createTestApp } from '../helpers/testApp';

export type AdminServer = Awaited<ReturnType<typeof startAdminServer>>;

/** The real app on a fresh database, listening on a random port of 127.0.0.1 and serving the built admin. */
export async function startAdminServer(options: AppOptions = {}) {
  const t = await createTestApp(options);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const adminToken = await t.login();
  const url = (path = '/_') => `http://127.0.0.1:${port}${path}`;

  async function api<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    token = adminToken,
  ): Promise<{ status: number; json: T }> {
    const response = await t.app.inject({
      method: method as 'GET',
      url: path,
      headers: t.auth(token),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, json: response.json() as T };
  }

  return {
    ...t,
    port,
    url,
    adminToken,
    api,
    save: async (model: string, doc: Record<string, unknown>) => {
      const answer = await api<Record<string, unknown> & { _id: string }>(
        'POST',
        `/api/document/updateOne?model=${model}`,
        doc,
      );
      if (answer.status !== 200) throw new Error(`save ${model}: ${JSON.stringify(answer.json)}`);
      return answer.json;
    },
  };
}

/**
 * The admin server and Chromium one test file shares: started before its tests (before the file's own
 * `beforeAll`); after them the server is closed, and so are the file's contexts in the worker's Chromium.
 * Read `suite.server` and `suite.browser` inside tests and hooks.
 */
export function adminSuite(options: AppOptions = {}): { readonly server: AdminServer; readonly browser: Browser } {
  const suite = {} as { server: AdminServer; browser: Browser };
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startAdminServer(options), sharedBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(suite.browser);
    await suite.server?.close();
  });
  return suite;
}
