import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseBrowser, sharedBrowser, newPage, VIEWPORTS } from '../helpers/browser';
import { startSiteServer, type SiteServer } from './siteServer';
import { screenshot, SHOTS } from '../helpers/screenshots';

const PAGES = { home: '/', termin: '/Termin', impressum: '/Impressum', notfound: '/gibt-es-nicht' } as const;

describe('demo site screenshots', () => {
  let server: SiteServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startSiteServer(), sharedBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
  });

  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    it(`renders every demo page without errors at ${viewportName} width`, async () => {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      const { page, errors } = await newPage(context);
      const consoleErrors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
      for (const [name, pathname] of Object.entries(PAGES)) {
        await page.goto(server.url(pathname), { waitUntil: 'networkidle' });
        // Walk down the page so lazy images load, then back to the top.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        // At each stop, two frames are drawn: the lazy elements see that they came into view.
        for (let y = 0; y < height; y += viewport.height / 2)
          await page.evaluate(async (top) => {
            window.scrollTo(0, top);
            await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
          }, y);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForLoadState('networkidle');
        await screenshot(page, { path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
      }
      await context.close();
      expect(errors).toEqual([]);
      // The 404 page logs its failed resource load; nothing else may log an error.
      expect(consoleErrors.filter((text) => !text.includes('404'))).toEqual([]);
    }, 60_000);
  }
});
