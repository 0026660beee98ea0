import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { releaseBrowser, sharedBrowser, newPage, VIEWPORTS } from '../helpers/browser';
import { startSiteServer, type SiteServer } from './siteServer';

/** The 3D elements have their own browser test (tests/e2e/gaussian.test.ts, WebGL pixels). */
const OWN_TEST = ['3d.gaussianViewer', '3d.gaussianHotspots', '3d.gaussianReplacement'];

describe('every element in the browser', () => {
  let server: SiteServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startSiteServer(), sharedBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
  });

  it(
    'renders every schema example on the server and after hydration, without errors',
    {
      timeout: 90_000,
    },
    async () => {
      const elements = Object.values(server.app.services.registry.elements)
        .filter((element) => !OWN_TEST.includes(element.tag))
        .flatMap((element) => element.examples.map((props) => ({ tag: element.tag, props })));
      expect(elements.length).toBeGreaterThanOrEqual(30);
      // A page under the home page (paths come from parent and name): /alle-elemente.
      const [home] = (await server.app.services.documents.find(SYSTEM, 'page', { query: { _path: '/' }, limit: 1 }))
        .results;
      await server.app.services.documents.save(SYSTEM, 'page', {
        name: 'alle-elemente',
        title: 'Alle Elemente',
        _parent: home._id,
        _read: ['guest'],
        language: 'de',
        elements,
      });

      const context = await browser.newContext({ viewport: VIEWPORTS.desktop, reducedMotion: 'reduce' });
      const { page, errors } = await newPage(context);
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        // Example images point at files this database does not have: their 404s are expected here.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          consoleErrors.push(message.text());
      });
      const response = await page.goto(server.url('/alle-elemente'), { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      const html = await response!.text();
      expect(html).not.toContain('Failed rendering');
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
      // The elements scrolled into view hydrate and load; no error may come of it (a wait for nothing to happen).
      await page.waitForTimeout(300);
      expect(errors).toEqual([]);
      expect(consoleErrors.filter((text) => /Missing element|failed|Error/.test(text))).toEqual([]);
      // Every example produced visible output (an element that renders nothing would shrink this a lot).
      expect((await page.locator('main').innerText()).length).toBeGreaterThan(3000);
      expect(await page.locator('main > *').count()).toBeGreaterThanOrEqual(elements.length / 2);
      await context.close();
    },
  );

  it('a menu item keeps the words of its name whole on a phone (badge, size and price go to the next line)', async () => {
    const menu = server.app.services.registry.elements['menu.basic'].examples[0] as Record<string, unknown>;
    const [home] = (await server.app.services.documents.find(SYSTEM, 'page', { query: { _path: '/' }, limit: 1 }))
      .results;
    await server.app.services.documents.save(SYSTEM, 'page', {
      name: 'karte',
      _parent: home._id,
      _read: ['guest'],
      language: 'de',
      elements: [{ tag: 'menu.basic', props: menu }],
    });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const { page, errors } = await newPage(context);
    await page.goto(server.url('/karte'));
    const name = page.getByText('Basler Läckerli-Croissant', { exact: true });
    await name.waitFor();
    // The line each letter of 'Croissant' is on: one line, not 'Croissan' and 't' (the row was too narrow).
    const tops = await name.evaluate((element) => {
      const text = element.firstChild!;
      const start = text.textContent!.indexOf('Croissant');
      return Array.from({ length: 'Croissant'.length }, (_, i) => {
        const range = document.createRange();
        range.setStart(text, start + i);
        range.setEnd(text, start + i + 1);
        return Math.round(range.getBoundingClientRect().top);
      });
    });
    expect(new Set(tops).size).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
