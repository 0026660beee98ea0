import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_SUCCESS } from '../../src/shared/rules/constants';
import { releaseBrowser, sharedBrowser, newPage } from '../helpers/browser';
import { newContext, rows, storeLogin } from './admin';
import { startSiteServer, type SiteServer } from './siteServer';

type Marked = Window & { __marker?: number };

describe('public site in the browser', () => {
  let server: SiteServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let requests: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startSiteServer(), sharedBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    ({ page, errors } = await newPage(context));
    requests = [];
    page.on('request', (request) => requests.push(request.url()));
  });

  const mark = () => page.evaluate(() => ((window as Marked).__marker = 42));
  const marker = () => page.evaluate(() => (window as Marked).__marker);
  const heading = () => page.locator('main h1').first().textContent();
  const scrollY = () => page.evaluate(() => window.scrollY);
  const anchorTop = (id: string) =>
    page.evaluate((anchor) => document.getElementById(anchor)!.getBoundingClientRect().top, id);

  it('hydrates, then navigates between pages without a reload; back and forward work', async () => {
    await page.goto(server.url('/'), { waitUntil: 'networkidle' });
    expect(await page.title()).toBe('Unternehmensberatung in Basel | Rhein Consulting');
    await mark();
    await page.locator('footer a', { hasText: 'Impressum' }).click();
    await page.waitForURL('**/Impressum');
    await expect.poll(heading).toBe('Impressum');
    expect(await page.title()).toBe('Impressum | Rhein Consulting');
    expect(await marker()).toBe(42);

    await page.locator('header a', { hasText: 'Lassen Sie uns reden' }).first().click();
    await page.waitForURL('**/Termin');
    await expect.poll(heading).toBe('Lassen Sie uns reden');

    await page.goBack();
    await page.waitForURL('**/Impressum');
    await expect.poll(heading).toBe('Impressum');
    await page.goBack();
    await page.waitForURL(server.url('/'));
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('Klarheit für Ihr Unternehmen');
    await page.goForward();
    await page.waitForURL('**/Impressum');
    await expect.poll(heading).toBe('Impressum');
    expect(await marker()).toBe(42);
    expect(errors).toEqual([]);
  });

  it('scrolls smoothly to anchors: #id on the same page, path#id on another page', async () => {
    await page.goto(server.url('/'), { waitUntil: 'networkidle' });
    await mark();
    const smoothScrolling = () => page.evaluate(() => document.documentElement.classList.contains('lenis'));
    // A visitor who only reads never downloads the smooth-scrolling library; the first click loads it.
    expect(await smoothScrolling()).toBe(false);
    await page.locator('header nav a', { hasText: 'Pakete' }).first().click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#pakete');
    await expect.poll(smoothScrolling).toBe(true);
    // Smooth: the page passes through intermediate positions before it arrives near the anchor.
    await expect.poll(scrollY).toBeGreaterThan(300);
    // It comes to rest with the anchor just below the sticky navigation (the stylesheet's scroll margin).
    await expect.poll(() => anchorTop('pakete'), { timeout: 5000 }).toBeLessThan(200);
    expect(await anchorTop('pakete')).toBeGreaterThan(0);

    await page.locator('footer a', { hasText: 'Impressum' }).click();
    await expect.poll(heading, { timeout: 5000 }).toBe('Impressum');
    await expect.poll(scrollY, { timeout: 5000 }).toBeLessThan(5);
    await page.locator('header nav a', { hasText: 'Kontakt' }).first().click();
    await page.waitForURL('**/#kontakt');
    await expect.poll(() => anchorTop('kontakt'), { timeout: 5000 }).toBeLessThan(200);
    expect(await anchorTop('kontakt')).toBeGreaterThan(0);
    expect(await marker()).toBe(42);
    expect(errors).toEqual([]);
  });

  it('renders the elements after the first screen once the page has loaded, and not by the page rule without scripts', async () => {
    const deferred = (tab: Page) =>
      tab.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('#site>main>*,#site>main~*')].map((element) => ({
          computed: getComputedStyle(element).contentVisibility,
          inline: element.style.contentVisibility,
        })),
      );
    const pageRule = (tab: Page) =>
      tab.evaluate(() =>
        [...document.styleSheets]
          .filter((sheet) => sheet.ownerNode instanceof HTMLStyleElement)
          .some((sheet) => [...sheet.cssRules].some((rule) => /content-visibility:\s*auto/.test(rule.cssText))),
      );
    await page.goto(server.url('/'), { waitUntil: 'load' });
    // The site's code takes the deferred elements over (the page's rule goes) and renders them one by one.
    await expect.poll(() => pageRule(page)).toBe(false);
    await expect
      .poll(async () => (await deferred(page)).filter((element) => element.computed === 'auto').length, {
        timeout: 5000,
      })
      .toBe(0);
    const elements = await deferred(page);
    // Hero, services anchor and services stay as they were; packages, quote, gallery, contact and footer were deferred.
    expect(elements.slice(0, 3).map((element) => element.inline)).toEqual(['', '', '']);
    expect(elements.slice(3).every((element) => element.inline === 'visible')).toBe(true);
    expect(elements.length).toBeGreaterThan(6);
    // Then the page is as long as it is: an anchor far down is reached exactly.
    await page.locator('header nav a', { hasText: 'Kontakt' }).first().click();
    await expect.poll(() => anchorTop('kontakt'), { timeout: 5000 }).toBeLessThan(200);
    expect(await anchorTop('kontakt')).toBeGreaterThan(0);
    expect(errors).toEqual([]);

    const noScripts = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const tab = await noScripts.newPage();
    await tab.goto(server.url('/'), { waitUntil: 'load' });
    expect(await pageRule(tab)).toBe(true);
    expect((await deferred(tab)).every((element) => element.computed === 'visible')).toBe(true);
    await noScripts.close();
  });

  it('respects prefers-reduced-motion: no smooth scrolling library, anchors jump at once', async () => {
    const reduced = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const tab = await reduced.newPage();
    await tab.goto(server.url('/'), { waitUntil: 'networkidle' });
    await tab.locator('header nav a', { hasText: 'Pakete' }).first().click();
    // "At once": 50 ms, far shorter than a smooth scroll, for the jump; waiting for the position would pass either way.
    await tab.waitForTimeout(50);
    expect(await tab.evaluate(() => document.documentElement.classList.contains('lenis'))).toBe(false);
    const top = await tab.evaluate(() => document.getElementById('pakete')!.getBoundingClientRect().top);
    expect(top).toBeGreaterThan(0);
    expect(top).toBeLessThan(200);
    await reduced.close();
  });

  it('follows a redirect answer to its target without a reload, and shows "not found" for unknown paths', async () => {
    await page.goto(server.url('/Impressum'), { waitUntil: 'networkidle' });
    await mark();
    const follow = async (href: string) =>
      page.evaluate((target) => {
        const link = Object.assign(document.createElement('a'), { href: target, textContent: target });
        document.querySelector('main')!.append(link);
        link.click();
      }, href);
    await follow('/kontakt');
    await page.waitForURL('**/Termin');
    await expect.poll(heading).toBe('Lassen Sie uns reden');
    await follow('/gibt-es-nicht');
    await expect.poll(() => page.locator('main').textContent()).toContain('not found');
    expect(page.url()).toBe(server.url('/gibt-es-nicht'));
    expect(await marker()).toBe(42);
    // The server answers a redirect with a real HTTP redirect too.
    await page.goto(server.url('/fruehling'));
    expect(page.url()).toBe(server.url('/Termin'));
  });

  it('sends the contact form and stores the request', async () => {
    await page.goto(server.url('/#kontakt'), { waitUntil: 'networkidle' });
    const form = page.locator('form').filter({ hasText: 'Nachricht' }).first();
    await form.getByLabel('Name').fill('Lukas Brunner Meier');
    await form.getByLabel('E-Mail').fill('lukas@example.ch');
    await form.getByLabel('Nachricht').fill('Wir möchten unsere Prozesse digitalisieren.');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Senden' }).click();
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain(CONTACT_SUCCESS);
    const [stored] = await server.find('contactRequest');
    expect(stored.data).toMatchObject({
      firstName: 'Lukas',
      lastName: 'Brunner Meier',
      email: 'lukas@example.ch',
      message: 'Wir möchten unsere Prozesse digitalisieren.',
    });
    expect(errors).toEqual([]);

    // Staff see it first in the admin's list of contact requests, with sender and e-mail.
    const staff = await newContext(browser);
    await storeLogin(staff, server);
    const admin = (await newPage(staff)).page;
    await admin.goto(server.url('/_/contactRequests'));
    await admin.getByRole('heading', { name: 'Contact Requests' }).waitFor();
    const row = rows(admin).first();
    await expect.poll(() => row.innerText()).toContain('lukas@example.ch');
    expect(await row.innerText()).toContain('Brunner Meier');
    expect(await admin.locator('thead').innerText()).toMatch(/First name[\s\S]*E-mail[\s\S]*Subject/);
    await staff.close();
  });

  it('starts no React on a page without interactive elements until the visitor acts; an early click is replayed', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const tab = (await newPage(phone)).page;
    const scriptBytes = () =>
      tab.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js'))
          .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).decodedBodySize, 0),
      );
    await tab.goto(server.url('/Impressum'), { waitUntil: 'networkidle' });
    // Only the entry (a few kB): react-dom alone would be about 200 kB.
    expect(await scriptBytes()).toBeGreaterThan(0);
    expect(await scriptBytes()).toBeLessThan(30_000);
    await tab.evaluate(() => ((window as Marked).__marker = 7));
    // The menu button works on the first tap: the click waits for the code, then reaches the button.
    const menu = tab.getByRole('button', { expanded: false }).first();
    await menu.click();
    await expect.poll(() => tab.getByRole('button', { expanded: true }).count()).toBe(1);
    // The folded menu's links appear as it opens (closed, the page carries none of them).
    await expect.poll(() => tab.locator('#site-mobile-menu a').count()).toBeGreaterThan(0);
    expect(await tab.locator('#site-mobile-menu a').first().isVisible()).toBe(true);
    expect(await scriptBytes()).toBeGreaterThan(100_000);
    // From then on the site navigates client-side.
    await tab.locator('footer a', { hasText: 'Termin vereinbaren' }).click();
    await tab.waitForURL('**/Termin');
    await expect.poll(() => tab.locator('main h1').first().textContent()).toBe('Lassen Sie uns reden');
    expect(await tab.evaluate(() => (window as Marked).__marker)).toBe(7);
    await phone.close();
  });

  it("loads the date field's code only for a form with a date field, also when one is reached by a link", async () => {
    // Text only the date field's code holds (its calendar button's label, the German pattern of its messages).
    const dateScripts: string[] = [];
    const read: Promise<void>[] = [];
    page.on('response', (response) => {
      if (!response.url().endsWith('.js')) return;
      read.push(
        response.text().then(
          (body) => {
            if (body.includes('Tag im Kalender wählen') || body.includes('Tag.Monat.Jahr'))
              dateScripts.push(response.url());
          },
          () => undefined,
        ),
      );
    });
    const loadedDateCode = async () => {
      await Promise.all(read);
      return dateScripts.length > 0;
    };
    // The contact form (name, e-mail, message, consent) runs, and its page loads no date code.
    await page.goto(server.url('/#kontakt'), { waitUntil: 'networkidle' });
    const contact = page.locator('form').filter({ hasText: 'Nachricht' }).first();
    await contact.getByRole('button', { name: 'Senden' }).click();
    await expect.poll(() => contact.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(await loadedDateCode()).toBe(false);
    // A link to the appointment form: its Wunschtermin works as it shows, its code loaded with the page.
    await page.locator('footer a', { hasText: 'Termin vereinbaren' }).click();
    await page.waitForURL('**/Termin');
    const form = page.locator('form').filter({ hasText: 'Erstgespräch anfragen' });
    const date = form.getByLabel('Wunschtermin');
    await date.fill('31.02.2099');
    await form.getByLabel('Nachricht').focus();
    const said = async () => page.locator(`[id="${await date.getAttribute('aria-describedby')}"]`).innerText();
    await expect.poll(said).toBe('Feld Wunschtermin: Den 31.02.2099 gibt es nicht, der Februar 2099 hat 28 Tage');
    expect(await loadedDateCode()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('loads no three.js, 3D element or admin code on the demo pages', async () => {
    for (const pathname of ['/', '/Termin']) await page.goto(server.url(pathname), { waitUntil: 'networkidle' });
    const scripts = requests.filter((url) => url.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => /three|spark|Gaussian|Admin|admin/i.test(url))).toEqual([]);
  });
});
