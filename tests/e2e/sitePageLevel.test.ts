import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { releaseBrowser, sharedBrowser, newPage, VIEWPORTS } from '../helpers/browser';
import { startSiteServer, type SiteServer } from './siteServer';
import { screenshot, SHOTS } from '../helpers/screenshots';

/**
 * Elements placed directly on a page (the editor's "Add element" adds them there) line up with the
 * navigation and with the sections' content: they get the page's content container, and the first of
 * them keeps a section's distance from the navigation. Sections and anchors stay as they are.
 */
describe('elements at the top level of a page', () => {
  let server: SiteServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startSiteServer(), sharedBrowser()]);
    const [home] = (await server.app.services.documents.find(SYSTEM, 'page', { query: { _path: '/' }, limit: 1 }))
      .results;
    const header = (text: string, level: number) => ({ tag: 'header', props: { text, level, alignment: 'left' } });
    const paragraph = (text: string) => ({ tag: 'paragraph', props: { text, alignment: 'left' } });
    await server.app.services.documents.save(SYSTEM, 'page', {
      name: 'oben',
      title: 'Oben',
      _parent: home._id,
      _read: ['guest'],
      language: 'de',
      // The demo layout: navigation above, footer below.
      layout: home.layout,
      elements: [
        header('Direkt auf der Seite', 1),
        paragraph('Ein Absatz, direkt auf der Seite, ohne Abschnitt darum herum. Er steht bündig mit dem Logo.'),
        { tag: 'anchor', props: { id: 'abschnitt' } },
        {
          tag: 'section',
          props: { variation: 'default', fullWidth: false, children: [header('Im Abschnitt', 2), paragraph('Text.')] },
        },
        header('Wieder direkt', 2),
      ],
    });
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
  });

  const box = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((node) => node.getBoundingClientRect().toJSON() as DOMRect, undefined, { timeout: 5000 });
  const left = async (page: Page, selector: string) => Math.round((await box(page, selector)).left);

  for (const [name, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', VIEWPORTS.desktop],
  ] as const)
    it(`lines them up with the navigation and the sections at ${name} width`, { timeout: 30_000 }, async () => {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      const { page, errors } = await newPage(context);
      await page.goto(server.url('/oben'), { waitUntil: 'networkidle' });
      await screenshot(page, { path: `${SHOTS}/toplevel-${viewport.width}.png`, fullPage: true });

      // The navigation's logo (or site name) marks where the content starts.
      const logo = await left(page, 'body > #site > header a');
      expect(logo).toBeGreaterThan(0);
      expect(await left(page, 'main h1')).toBe(logo);
      expect(await left(page, 'main .site-paragraph')).toBe(logo);
      expect(await left(page, 'main section h2')).toBe(logo);
      expect(await left(page, 'main h2 >> text=Wieder direkt')).toBe(logo);
      // Room under the navigation, as above a section's content.
      expect(
        (await box(page, 'main h1')).top - (await box(page, 'body > #site > header')).bottom,
      ).toBeGreaterThanOrEqual(40);
      // A heading and its paragraph stay together: the gap of a section's content, not a section's.
      const gap = (await box(page, 'main .site-paragraph')).top - (await box(page, 'main h1')).bottom;
      expect(gap).toBeGreaterThan(0);
      expect(gap).toBeLessThanOrEqual(32);
      // Sections and anchors lay themselves out: nothing is put around them.
      expect(await page.locator('#main > section').count()).toBe(1);
      expect(await page.locator('#main > #abschnitt').count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
      expect(errors).toEqual([]);
      await context.close();
    });
});
