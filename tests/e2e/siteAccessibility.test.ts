import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, type Finding } from '../helpers/axe';
import { releaseBrowser, sharedBrowser, newPage } from '../helpers/browser';
import { screenshot, SHOTS } from '../helpers/screenshots';
import { addConfiguratorPage, addWorkshopPage, startSiteServer, type SiteServer } from './siteServer';

const viewports = { '1440': { width: 1440, height: 900 }, '390': { width: 390, height: 844 } } as const;

type Located = Finding & { where: string };

/**
 * The public site against axe-core's WCAG 2.1 A and AA rules: every published page of the demo site and
 * the page for an unknown address, at 1440 and 390 px, and the states a visitor brings about (the folded
 * menu open, forms with their errors and messages, the price configurator after choices, the gallery).
 */
describe('accessibility of the public site', { timeout: 240_000 }, () => {
  let server: SiteServer;
  let browser: Browser;
  let pages: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startSiteServer(), sharedBrowser()]);
    pages = (await server.find('page')).map((page) => String(page._path));
    await addWorkshopPage(server, '/Workshop');
    await addConfiguratorPage(server, '/Paket');
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
  });

  /** Opens `path` at `width`, as the server sent it, with every element rendered (none left for later, off screen). */
  async function open(path: string, width: keyof typeof viewports) {
    const context = await browser.newContext({ viewport: viewports[width] });
    const { page, errors } = await newPage(context);
    await page.goto(server.url(path), { waitUntil: 'networkidle' });
    await expect
      .poll(() => page.evaluate(() => [...document.querySelectorAll('[style*="content-visibility: auto"]')].length))
      .toBe(0);
    return { page, errors, context };
  }

  /** Starts the site's code (a key pressed, as a visitor's would) and waits until it has hydrated the page. */
  async function hydrate(page: Page) {
    await page.keyboard.press('Shift');
    await expect
      .poll(() =>
        page.evaluate(() => Object.keys(document.querySelector('main') ?? {}).some((key) => key.startsWith('__react'))),
      )
      .toBe(true);
  }

  it('finds no violation on every published page of the demo and on an unknown address, at 1440 and 390 px', async () => {
    expect(pages.sort()).toEqual(['/', '/Impressum', '/Termin']);
    const found: Located[] = [];
    for (const width of Object.keys(viewports) as (keyof typeof viewports)[]) {
      for (const path of [...pages, '/gibt-es-nicht']) {
        const { page, errors, context } = await open(path, width);
        // As the server sent it, then as the site's code renders it.
        found.push(...(await audit(page)).map((finding) => ({ where: `${path} ${width}`, ...finding })));
        await hydrate(page);
        found.push(...(await audit(page)).map((finding) => ({ where: `${path} ${width} hydrated`, ...finding })));
        expect(errors, path).toEqual([]);
        await context.close();
      }
    }
    expect(found).toEqual([]);
  });

  it("marks the English 'not found' of an unknown address as English on the German site (WCAG 3.1.2)", async () => {
    const { page, errors, context } = await open('/gibt-es-nicht', '390');
    const heading = page.getByRole('heading', { level: 1 });
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^de/);
    expect([await heading.innerText(), await heading.getAttribute('lang')]).toEqual(['not found', 'en']);
    // Reached by a link inside the site, as well.
    await hydrate(page);
    await page.getByRole('link', { name: 'Zur Startseite' }).click();
    await page.waitForURL(server.url('/'));
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), { href: '/auch-nicht', textContent: 'x' });
      document.querySelector('main')!.append(link);
      link.click();
    });
    await expect.poll(() => heading.innerText()).toBe('not found');
    expect(await heading.getAttribute('lang')).toBe('en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a field marked * is required to assistive technology as well, in every form of the site', async () => {
    const marked: string[] = [];
    for (const path of ['/#kontakt', '/Termin', '/Workshop', '/Paket']) {
      const { page, errors, context } = await open(path, '1440');
      await hydrate(page);
      const controls = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement>('main form :is(input, select, textarea)')]
          .filter((control) => control.type !== 'hidden' && !control.closest('[aria-hidden=true]'))
          .map((control) => {
            // What the visitor reads for it: its label, or the legend of its group (the configurator's options).
            const label =
              control.type === 'radio' ? control.closest('fieldset')?.querySelector('legend') : control.labels?.[0];
            return { name: control.name, starred: /\*\s*$/.test(label?.textContent ?? ''), required: control.required };
          }),
      );
      expect(controls.length, path).toBeGreaterThan(2);
      for (const { name, starred, required } of controls) {
        expect({ path, name, required }).toEqual({ path, name, required: starred });
        if (starred) marked.push(`${path} ${name}`);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(marked).toEqual(expect.arrayContaining(['/Termin wunschtermin', '/Workshop email', '/Paket section-0']));
  });

  it('finds no violation in the states a visitor brings about', async () => {
    const found: Located[] = [];
    const check = async (page: Page, where: string) =>
      found.push(...(await audit(page)).map((finding) => ({ where, ...finding })));

    for (const width of Object.keys(viewports) as (keyof typeof viewports)[]) {
      // The folded menu, open.
      if (width === '390') {
        const { page, errors, context } = await open('/', width);
        await page.getByRole('button', { name: 'Menü öffnen' }).click();
        await page.locator('#site-mobile-menu a').first().waitFor();
        await check(page, `menu ${width}`);
        await screenshot(page, { path: `${SHOTS}/a11y-menu-${width}.png` });
        expect(errors).toEqual([]);
        await context.close();
      }
      // The contact form sent empty: the errors at its fields.
      {
        const { page, errors, context } = await open('/#kontakt', width);
        const form = page.locator('form').filter({ hasText: 'Nachricht' }).first();
        await form.getByRole('button', { name: 'Senden' }).click();
        await form.getByText('Feld Name ist erforderlich').waitFor();
        await check(page, `contact empty ${width}`);
        await screenshot(page, { path: `${SHOTS}/a11y-contact-empty-${width}.png` });
        // The gallery, moved on by the visitor.
        await page.getByRole('button', { name: 'Nächstes Bild' }).click();
        await check(page, `gallery ${width}`);
        expect(errors).toEqual([]);
        await context.close();
      }
      // /Termin sent empty, then the date typed wrong.
      {
        const { page, errors, context } = await open('/Termin', width);
        const form = page.locator('form').filter({ hasText: 'Erstgespräch anfragen' });
        await form.getByRole('button', { name: 'Termin anfragen' }).click();
        await form.getByText('Feld Name ist erforderlich').waitFor();
        await check(page, `termin empty ${width}`);
        await screenshot(page, { path: `${SHOTS}/a11y-termin-empty-${width}.png`, fullPage: true });
        await form.getByLabel('Name').fill('Anna Keller');
        await form.getByLabel('E-Mail').fill('anna@example.ch');
        await form.getByLabel('Wunschtermin').fill('1.3.2099');
        await form.getByRole('button', { name: 'Termin anfragen' }).click();
        await page.getByRole('dialog').waitFor();
        await check(page, `termin sent ${width}`);
        expect(errors).toEqual([]);
        await context.close();
      }
      // A form the server refuses: the failure message with the fields it names.
      {
        const { page, errors, context } = await open('/Workshop', width);
        await page.getByRole('button', { name: 'Anmelden' }).click();
        await page.getByRole('dialog').waitFor();
        await check(page, `form refused ${width}`);
        expect(errors).toEqual([]);
        await context.close();
      }
      // The configurator: sent without choices, then after choices.
      {
        const { page, errors, context } = await open('/Paket', width);
        const form = page.locator('form').filter({ hasText: 'Offerte anfordern' });
        await form.getByRole('button', { name: 'Offerte anfordern' }).click();
        await form.getByText('Feld Name ist erforderlich').waitFor();
        await check(page, `configurator empty ${width}`);
        await screenshot(page, { path: `${SHOTS}/a11y-configurator-empty-${width}.png`, fullPage: true });
        await form.locator('label', { hasText: 'Intensiv' }).click();
        await form.locator('label', { hasText: 'Bei Ihnen vor Ort' }).click();
        await expect.poll(() => form.locator('p[aria-live]').innerText()).toContain('4.050,00 CHF');
        await check(page, `configurator chosen ${width}`);
        await screenshot(page, { path: `${SHOTS}/a11y-configurator-chosen-${width}.png`, fullPage: true });
        expect(errors).toEqual([]);
        await context.close();
      }
    }
    expect(found).toEqual([]);
  });
});
