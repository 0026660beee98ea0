import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { releaseBrowser, sharedBrowser, newPage, VIEWPORTS } from '../helpers/browser';
import { startSiteServer, type SiteServer } from './siteServer';

/**
 * A page with a configurator and a 3D viewer, whose code loads lazily: the server renders the
 * viewer's placeholder (not a boundary it gave up on), the page hydrates without a recoverable error
 * and without waiting for the viewer's code, and what the visitor typed, also before the site's code
 * hydrated the form, stays when an option is picked.
 */
describe('a page with a lazily loaded 3D element', () => {
  let server: SiteServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startSiteServer(), sharedBrowser()]);
    const example = (tag: string) => server.app.services.registry.elements[tag].examples[0];
    const [home] = (await server.app.services.documents.find(SYSTEM, 'page', { query: { _path: '/' }, limit: 1 }))
      .results;
    await server.app.services.documents.save(SYSTEM, 'page', {
      name: 'konfigurator-3d',
      title: 'Konfigurator mit 3D',
      _parent: home._id,
      _read: ['guest'],
      language: 'de',
      layout: home.layout,
      // Below the first screen: the site's code starts at the first scroll, after the visitor began typing.
      elements: [
        { tag: 'header', props: { text: 'Ihr Paket', level: 1, alignment: 'left' } },
        { tag: 'paragraph', props: { text: 'Wählen Sie, was Sie brauchen.', alignment: 'left' } },
        { tag: 'special.configurator', props: example('special.configurator') },
        { tag: '3d.gaussianViewer', props: example('3d.gaussianViewer') },
      ],
    });
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
  });

  it('hydrates without errors and keeps typed input when an option is chosen', { timeout: 60_000 }, async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const { page, errors } = await newPage(context);
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
    });
    // The viewer's code takes its time (a slow connection): it is held back until the visitor is done.
    let held: Route | undefined;
    const requested = new Promise<void>((resolve) =>
      page.route(/\/assets\/GaussianViewer-[^/]*\.js$/, (route) => {
        held = route;
        resolve();
      }),
    );
    const response = await page.goto(server.url('/konfigurator-3d'), { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    // `<!--$!-->` marks a boundary the server could not finish (React error #419 in the browser).
    expect(html).not.toContain('<!--$!-->');
    expect(html).toContain('data-lazy-element');
    const hydrated = () =>
      page.evaluate(() =>
        Object.keys(document.querySelector('form [name=email]')!).some((key) => key.startsWith('__react')),
      );
    expect(await hydrated()).toBe(false);

    // Typed into the server's markup, before the site's code runs; the scroll then starts it.
    const form = page.locator('form').filter({ hasText: 'Offerte anfordern' });
    await form.locator('[name=email]').fill('c@example.ch');
    await form.locator('[name=name]').fill('Chris');
    await page.mouse.wheel(0, 100);
    // The viewer's code is asked for once the page has hydrated.
    await requested;
    expect(await hydrated()).toBe(true);
    await form.locator('label', { hasText: 'Intensiv' }).click();
    const total = () => form.locator('p[aria-live]').innerText();
    await expect.poll(total, { timeout: 10_000 }).toContain('3.800,00 CHF');
    expect(await form.locator('[name=email]').inputValue()).toBe('c@example.ch');
    expect(await form.locator('[name=name]').inputValue()).toBe('Chris');

    // Now the viewer's code arrives and its stage takes the placeholder's place; the form keeps its input.
    await held!.continue();
    await page.locator('figure[aria-label="3D-Ansicht"]').waitFor({ state: 'attached', timeout: 20_000 });
    expect(await page.locator('[data-lazy-element]').count()).toBe(0);
    await form.locator('label', { hasText: 'Bei Ihnen vor Ort' }).click();
    await expect.poll(total).toContain('4.050,00 CHF');
    expect(await form.locator('[name=email]').inputValue()).toBe('c@example.ch');
    expect(await form.locator('[name=name]').inputValue()).toBe('Chris');

    expect(errors).toEqual([]);
    expect(messages.filter((text) => /Hydration|#41[89]|Minified React error/i.test(text))).toEqual([]);
    await context.close();
  });
});
