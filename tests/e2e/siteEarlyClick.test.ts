import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseBrowser, sharedBrowser, newPage, VIEWPORTS } from '../helpers/browser';
import { startSiteServer, type SiteServer } from './siteServer';

type Marked = Window & { __marker?: number };

/**
 * A page that starts the site's code at once (an address with #hash): a click on a form's button while
 * the code still loads waits for it, and the site's check runs instead of the browser sending the form.
 */
describe('a click while the site code loads', { timeout: 60_000 }, () => {
  let server: SiteServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startSiteServer(), sharedBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
  });

  it("Senden on /#kontakt before the code is there gets the site's check, not a reload", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const { page, errors } = await newPage(context);
    let held: Route | undefined;
    const requested = new Promise<void>((resolve) =>
      page.route(/\/assets\/app-[^/]*\.js$/, (route) => {
        held = route;
        resolve();
      }),
    );
    await page.goto(server.url('/#kontakt'), { waitUntil: 'load' });
    await requested;
    await page.evaluate(() => ((window as Marked).__marker = 7));
    const form = page.locator('form').filter({ hasText: 'Nachricht' });
    await form.getByRole('button', { name: 'Senden' }).click();
    await held!.continue();

    const name = form.getByLabel('Name');
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
    // The same document: the browser did not send the form and load another.
    expect(await page.evaluate(() => (window as Marked).__marker)).toBe(7);
    expect(page.url()).toBe(server.url('/#kontakt'));
    expect(errors).toEqual([]);
    await context.close();
  });
});
