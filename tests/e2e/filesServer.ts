import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { releaseBrowser, sharedBrowser, VIEWPORTS, watchErrors } from '../helpers/browser';
import { createTestApp } from '../helpers/testApp';
import { LOGIN_KEY, newContext } from './admin';

export type FilesServer = Awaited<ReturnType<typeof startFilesServer>>;

/** The real app listening on 127.0.0.1 with its blob store in a temporary directory, and API helpers for files. */
export async function startFilesServer() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bk-files-e2e-'));
  const t = await createTestApp({ config: { dataDir } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const token = await t.login();
  const headers = t.auth(token);

  async function api<T = Record<string, unknown>>(method: string, url: string, payload?: unknown): Promise<T> {
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as T;
  }

  return {
    ...t,
    port,
    token,
    url: (p = '/_') => `http://127.0.0.1:${port}${p}`,
    api,
    async upload(name: string, body: Buffer, type: string, folder?: string) {
      const query = new URLSearchParams({ name, ...(folder ? { folder } : {}) });
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/files/upload?${query}`,
        headers: { ...headers, 'content-type': type },
        payload: body,
      });
      if (response.statusCode !== 200) throw new Error(`upload ${name}: ${response.statusCode} ${response.body}`);
      return response.json() as { _id: string; name: string };
    },
    folder: (name: string, parent?: string) =>
      api<{ _id: string }>('POST', '/api/document/updateOne?model=folder', { name, _parent: parent ?? null }),
    async close() {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A PNG with a gradient and shapes (so screenshots show real images, and presets visibly crop). */
export const png = (width = 640, height = 400, hue = 210) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360},60%,35%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.72}" cy="${height * 0.3}" r="${Math.min(width, height) * 0.12}" fill="rgba(255,255,255,.7)"/><path d="M0 ${height} L${width * 0.3} ${height * 0.55} L${width * 0.5} ${height * 0.75} L${width * 0.7} ${height * 0.5} L${width} ${height} Z" fill="rgba(0,0,0,.3)"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

export const PDF = Buffer.from(`%PDF-1.4
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj
4 0 obj<</Length 44>>stream
BT /F1 28 Tf 72 760 Td (Preisliste) Tj ET
endstream endobj
5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj
trailer<</Root 1 0 R>>
%%EOF
`);

/** The header of an MP4 (enough for the type check; it does not play). */
export const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isommp41'),
  Buffer.alloc(64),
]);

/** A page of the admin, already logged in as `admin` (or as `login`), collecting uncaught page errors. */
export async function adminPage(
  browser: Browser,
  server: FilesServer,
  path: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
  {
    touch = false,
    login = { username: 'admin', password: 'admin-test-password' },
  }: { touch?: boolean; login?: { username: string; password: string } } = {},
) {
  // touch: a phone's touch screen (coarse pointer, taps, no hover), as a real phone reports it.
  const context = touch
    ? await browser.newContext({
        viewport,
        locale: 'de-CH',
        timezoneId: 'Europe/Zurich',
        hasTouch: true,
        isMobile: true,
      })
    : await newContext(browser, viewport);
  const state = await server.api('POST', '/api/login', login);
  await context.addInitScript(
    ([key, value]) => {
      if (window === window.top) localStorage.setItem(key, value);
    },
    [LOGIN_KEY, JSON.stringify(state)] as const,
  );
  const page = await context.newPage();
  const errors: string[] = [];
  watchErrors(page, errors);
  await page.goto(server.url(path));
  // Hydrated (main.tsx takes aria-busy off the root): a click on server-rendered markup before is lost.
  await page.locator('#root:not([aria-busy])').waitFor();
  return { page, context, errors };
}

/**
 * Selects the file tile named `name` with a click, once more if the click was lost: a preview arriving re-renders
 * the tile (a click between the two is swallowed). Answers the tile.
 */
export async function selectTile(page: Page, name: string) {
  const tile = page.locator('[data-testid=file-browser] [role=option]', { hasText: name });
  for (let attempt = 1; ; attempt++) {
    await tile.click();
    try {
      await expect.poll(() => tile.getAttribute('aria-selected'), { timeout: 3000 }).toBe('true');
      return tile;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Where the file screens' screenshots go. */
export { SHOTS } from '../helpers/screenshots';

/**
 * Starts the server and takes the worker's Chromium for a suite (the server and the suite's contexts closed after it);
 * read them from the returned object inside tests.
 */
export function filesSuite(): { server: FilesServer; browser: Browser } {
  const suite = {} as { server: FilesServer; browser: Browser };
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startFilesServer(), sharedBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(suite.browser);
    await suite.server?.close();
  });
  return suite;
}
