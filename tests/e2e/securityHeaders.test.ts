// Security headers of the site and the admin (audit 3, finding 8), and that the Content-Security-Policy
// refuses scripts the server did not write while every page works under it (no "Refused to …").
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { encodeSplat, sphereGaussians } from '../../src/site/elements/gaussian/splatFile';
import { releaseBrowser, sharedBrowser, newPage, VIEWPORTS } from '../helpers/browser';
import { newContext, storeLogin } from './admin';
import { startSiteServer, type SiteServer } from './siteServer';

let server: SiteServer;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startSiteServer(), sharedBrowser()]);
  admin = await server.login();
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
});

const headersOf = async (path: string, init: RequestInit = {}) => (await fetch(server.url(path), init)).headers;

async function upload(name: string, type: string, body: Uint8Array): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/files/upload?name=${encodeURIComponent(name)}`,
    headers: { ...server.auth(admin), 'content-type': type },
    payload: Buffer.from(body),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()._id as string;
}

/** Scrolls through the page so that every element below the first screen renders and loads its code. */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 500) await page.evaluate((top) => window.scrollTo(0, top), y);
  // Time for a refusal to be reported: the test checks that none is (nothing to wait for when all is well).
  await page.waitForTimeout(300);
}

describe('security headers', () => {
  it('the site sends a CSP with the hashes of its own inline scripts, a frame policy and nosniff', async () => {
    const site = await headersOf('/');
    const csp = site.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(site.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(site.get('x-content-type-options')).toBe('nosniff');
    // Pages not found and the anonymous cache answer the same way.
    expect((await headersOf('/gibt-es-nicht')).get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect((await headersOf('/')).get('content-security-policy')).toBe(csp);
  });

  it('the admin and the diagnostics tool may not be framed; their scripts need a fresh nonce', async () => {
    for (const path of ['/_', '/_/pages']) {
      const first = (await headersOf(path)).get('content-security-policy')!;
      const again = (await headersOf(path, { headers: { authorization: `Bearer ${admin}` } })).get(
        'content-security-policy',
      )!;
      // The admin's forms compile their JSON schemas (Ajv): eval, but no inline script without the nonce.
      expect(first).toMatch(/script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval' 'nonce-[A-Za-z0-9+/=]{24}'/);
      expect(first).toContain("frame-ancestors 'none'");
      expect(again).not.toBe(first);
    }
    const diagnostics = await headersOf('/_/simos-web');
    expect(diagnostics.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(diagnostics.get('x-frame-options')).toBe('DENY');
    expect(diagnostics.get('x-content-type-options')).toBe('nosniff');
  });

  it('every answer says nosniff, API errors included; files keep their sandbox', async () => {
    for (const path of ['/api/self', '/api/schemas', '/api/no-such-route', '/robots.txt']) {
      expect((await headersOf(path)).get('x-content-type-options'), path).toBe('nosniff');
    }
    const svg = await upload(
      'bild.svg',
      'image/svg+xml',
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    const file = await headersOf(`/api/files/download?id=${svg}`);
    expect(file.get('content-security-policy')).toMatch(/^sandbox/);
    expect(file.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('pages under the CSP in Chromium', () => {
  it('refuses a script that was not written by the server', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const { page, errors } = await newPage(context);
    await page.goto(server.url('/'), { waitUntil: 'networkidle' });
    const injected = await page.evaluate(async () => {
      const violation = new Promise<string>((resolve) =>
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective)),
      );
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      return { ran: (window as unknown as { __injected?: boolean }).__injected === true, directive: await violation };
    });
    expect(injected).toEqual({ ran: false, directive: 'script-src-elem' });
    expect(errors.join('\n')).toMatch(/inline script violates the following Content Security Policy/);
    await context.close();
  });

  it('the site (home, form page, 3D viewer) loads without refusals', { timeout: 120_000 }, async () => {
    const splat = await upload('raum.splat', 'application/octet-stream', encodeSplat(sphereGaussians({ count: 400 })));
    const [home] = (await server.app.services.documents.find(SYSTEM, 'page', { query: { _path: '/' }, limit: 1 }))
      .results;
    await server.app.services.documents.save(SYSTEM, 'page', {
      name: 'raum-3d',
      title: 'Raum in 3D',
      _parent: home._id,
      _read: ['guest'],
      language: 'de',
      elements: [{ tag: '3d.gaussianViewer', props: { file: splat } }],
    });
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const { page, errors } = await newPage(context);
    for (const path of ['/', '/Termin']) {
      await page.goto(server.url(path), { waitUntil: 'networkidle' });
      await scrollThrough(page);
    }
    // The contact form works under the policy (a submission is a fetch of this origin).
    await page.goto(server.url('/raum-3d'));
    await page.locator('figure.bk-gs[data-state="ready"]').waitFor({ timeout: 60_000 });
    // Its workers and WebAssembly start after 'ready': a second in which no refusal may come.
    await page.waitForTimeout(1000);
    expect(errors).toEqual([]);
    await context.close();
  });

  it(
    'the admin (dashboard, page editor, files with previews) and the diagnostics tool load without refusals',
    { timeout: 120_000 },
    async () => {
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 200 } } })
        .png()
        .toBuffer();
      await upload('blau.png', 'image/png', png);
      const [home] = (await server.app.services.documents.find(SYSTEM, 'page', { query: { _path: '/' }, limit: 1 }))
        .results;
      const context = await newContext(browser);
      await storeLogin(context, server);
      const { page, errors } = await newPage(context);
      await page.goto(server.url('/_'));
      await page.locator('nav[aria-label=Main]').waitFor();
      await page.goto(server.url('/_/pages'));
      await page.locator('tbody tr').first().waitFor();
      await page.goto(server.url(`/_/pageDrafts/${home._id}`));
      await page.getByRole('tab', { name: 'Elements' }).waitFor();
      await page.frameLocator('iframe[title=Vorschau]').locator('h1').first().waitFor({ timeout: 30_000 });
      await page.goto(server.url('/_/files'));
      await page.locator('[data-testid=file-browser] img').first().waitFor({ timeout: 30_000 });
      await page.goto(server.url('/_/simos-web'));
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
