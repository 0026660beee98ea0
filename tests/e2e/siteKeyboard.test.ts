import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseBrowser, sharedBrowser, newPage } from '../helpers/browser';
import { addConfiguratorPage, startSiteServer, type SiteServer } from './siteServer';
import { screenshot, SHOTS } from '../helpers/screenshots';

const viewports = { '1440': { width: 1440, height: 900 }, '390': { width: 390, height: 844 } } as const;

const active = (page: Page) =>
  page.evaluate(() => ({
    tag: document.activeElement?.tagName,
    text: document.activeElement?.textContent?.trim(),
    inMain: !!document.activeElement?.closest('main'),
  }));
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Starts the site's code (a key pressed, as a visitor's would) and waits until it has hydrated the page. */
async function hydrate(page: Page) {
  await page.keyboard.press('Shift');
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(document.querySelector('header nav a') ?? {}).some((key) => key.startsWith('__react')),
      ),
    )
    .toBe(true);
}

/** Whether the focus is on the element of `id` or after it in the page's content (in the part it marks). */
const focusAt = (page: Page, id: string) =>
  page.evaluate((anchor) => {
    const mark = document.getElementById(anchor)!;
    const focused = document.activeElement!;
    return (
      !!focused.closest('main') &&
      (focused === mark || !!(mark.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING))
    );
  }, id);

/** Keyboard and touch on the public site: the skip link, the focus after a form's dialog, tap targets. */
describe('the public site by keyboard and by finger', { timeout: 180_000 }, () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startSiteServer(), sharedBrowser()]);
    await addConfiguratorPage(server, '/Paket');
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
  });

  it("skip link: the first Tab stop, seen only while focused; Enter puts the focus on the page's content", async () => {
    for (const [width, viewport] of Object.entries(viewports)) {
      for (const path of ['/', '/Termin']) {
        const context = await browser.newContext({ viewport });
        const { page, errors } = await newPage(context);
        await page.goto(server.url(path), { waitUntil: 'networkidle' });
        const link = page.getByRole('link', { name: 'Zum Inhalt springen' });
        expect(await link.count()).toBe(1);
        // Out of sight until the keyboard reaches it.
        const hidden = (await link.boundingBox())!;
        expect(hidden.y + hidden.height).toBeLessThanOrEqual(0);

        await page.keyboard.press('Tab');
        expect(await active(page)).toMatchObject({ tag: 'A', text: 'Zum Inhalt springen' });
        const shown = (await link.boundingBox())!;
        expect(shown.y).toBeGreaterThanOrEqual(0);
        expect(shown.width).toBeGreaterThan(100);
        expect(shown.height).toBeGreaterThanOrEqual(44);
        if (path === '/') await screenshot(page, { path: `${SHOTS}/skip-link-${width}.png` });

        await page.keyboard.press('Enter');
        await expect.poll(async () => (await active(page)).tag).toBe('MAIN');
        // The next stop is in the page's content, past the logo and the navigation.
        await page.keyboard.press('Tab');
        expect((await active(page)).inMain).toBe(true);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });

  it('a link reached by keyboard shows a ring in its own colour, on the white page and the dark footer alike', async () => {
    const context = await browser.newContext({ viewport: viewports['1440'] });
    const { page, errors } = await newPage(context);
    await page.goto(server.url('/'), { waitUntil: 'networkidle' });
    const ring = () =>
      page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return { style: style.outlineStyle, width: style.outlineWidth, colour: style.outlineColor, text: style.color };
      });
    // The logo in the header, then the footer's first link (its address), both reached by Tab.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await active(page)).toMatchObject({ tag: 'A', text: 'Rhein Consulting' });
    const header = await ring();
    expect(header).toMatchObject({ style: 'solid', width: '2px' });
    expect(header.colour).toBe(header.text);
    await page.locator('footer a').first().focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    expect(
      await page
        .locator('footer a')
        .first()
        .evaluate((link) => link === document.activeElement),
    ).toBe(true);
    const footer = await ring();
    expect(footer).toMatchObject({ style: 'solid', width: '2px' });
    expect(footer.colour).toBe(footer.text);
    await screenshot(page, { path: `${SHOTS}/footer-focus-1440.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an anchor link followed by keyboard takes the keyboard there, also from the phone menu', async () => {
    for (const [width, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport });
      const { page, errors } = await newPage(context);
      await page.goto(server.url('/'), { waitUntil: 'networkidle' });
      await hydrate(page);
      if (width === '390') {
        // The folded menu, opened by keyboard; its link goes away as the menu closes.
        await page.getByRole('button', { name: 'Menü öffnen' }).focus();
        await page.keyboard.press('Enter');
        await page.locator('#site-mobile-menu').getByRole('link', { name: 'Kontakt' }).focus();
      } else await page.getByRole('navigation').getByRole('link', { name: 'Kontakt' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('#kontakt');
      await expect
        .poll(() => page.locator('#kontakt').evaluate((anchor) => anchor.getBoundingClientRect().top))
        .toBeLessThan(200);
      // The next Tab stop is the first one in the contact section (the phone number of its text), not one
      // after the link in the navigation, nor the page's first.
      await page.keyboard.press('Tab');
      expect(await active(page)).toMatchObject({ tag: 'A', text: '061 555 00 00' });
      expect(await focusAt(page, 'kontakt')).toBe(true);
      // Nothing jumped: the section is still in view.
      expect(await page.locator('#kontakt').evaluate((anchor) => anchor.getBoundingClientRect().top)).toBeLessThan(200);
      expect(await page.locator('#site-mobile-menu a').count()).toBe(0);
      await screenshot(page, { path: `${SHOTS}/anchor-followed-${width}.png` });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('a link to another page puts the focus on its content, or on the anchor it names', async () => {
    for (const [width, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport });
      const { page, errors } = await newPage(context);
      await page.goto(server.url('/Impressum'), { waitUntil: 'networkidle' });
      await hydrate(page);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Termin vereinbaren' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/Termin');
      // The new page's content has the focus (a screen reader reads it), not the footer's link.
      await expect.poll(async () => (await active(page)).tag).toBe('MAIN');
      // And the new page's title is said, as a page load would have it read.
      const announced = () => page.locator('[data-announcer]').evaluate((region) => region.textContent);
      await expect.poll(announced).toBe(await page.title());
      expect(await page.title()).toMatch(/^Termin/);
      expect(await page.locator('[data-announcer]').getAttribute('aria-live')).toBe('assertive');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
      await screenshot(page, { path: `${SHOTS}/page-followed-${width}.png` });

      // Kontakt from the navigation of /Termin: the home page, at its contact section.
      if (width === '390') {
        await page.getByRole('button', { name: 'Menü öffnen' }).click();
        await page.locator('#site-mobile-menu').getByRole('link', { name: 'Kontakt' }).focus();
      } else await page.getByRole('navigation').getByRole('link', { name: 'Kontakt' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(server.url('/#kontakt'));
      await expect.poll(() => focusAt(page, 'kontakt')).toBe(true);
      await page.keyboard.press('Tab');
      expect(await active(page)).toMatchObject({ tag: 'A', text: '061 555 00 00' });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('phone menu: Tab past its last link closes it, so it covers nothing the keyboard goes to', async () => {
    const context = await browser.newContext({ viewport: viewports['390'] });
    const { page, errors } = await newPage(context);
    await page.goto(server.url('/'), { waitUntil: 'networkidle' });
    await hydrate(page);
    const toggle = page.getByRole('button', { name: 'Menü öffnen' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('#site-mobile-menu');
    const links = menu.getByRole('link');
    await expect.poll(() => links.count()).toBe(5);
    // Through its links, and back to its button: it stays open.
    for (let stop = 0; stop < 5; stop++) await page.keyboard.press('Tab');
    expect(await isFocused(links.last())).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await menu.isVisible()).toBe(true);
    // On into the page: it closes, and the focus is where the Tab took it.
    await page.keyboard.press('Tab');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Menü öffnen' }).getAttribute('aria-expanded')).toBe('false');
    expect(await active(page)).toMatchObject({ tag: 'A', text: 'Lassen Sie uns reden', inMain: true });
    await screenshot(page, { path: `${SHOTS}/menu-tabbed-out-390.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gallery: it holds still while the keyboard is in it, its button stops it, and only what the visitor does is read out', async () => {
    for (const [width, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport });
      const { page, errors } = await newPage(context);
      await page.clock.install();
      await page.goto(server.url('/'), { waitUntil: 'networkidle' });
      await hydrate(page);
      const gallery = page.getByRole('region', { name: 'Bildergalerie' });
      const shown = () => gallery.locator('button[aria-current]').getAttribute('aria-label');
      const live = gallery.locator('[aria-live]');
      expect(await shown()).toBe('Bild 1 zeigen');
      // Turning on its own, every 5 s: a screen reader is not told each time.
      await page.clock.fastForward(5000);
      await expect.poll(shown).toBe('Bild 2 zeigen');
      expect(await live.getAttribute('aria-live')).toBe('off');

      // The keyboard in it: the visitor's own steps are read out, and it waits for them.
      await gallery.getByRole('button', { name: 'Nächstes Bild' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(shown).toBe('Bild 3 zeigen');
      expect(await live.getAttribute('aria-live')).toBe('polite');
      expect(await live.innerText()).toMatch(/^Bild 3 von 4/);
      await page.clock.fastForward(15_000);
      expect(await shown()).toBe('Bild 3 zeigen');

      // Its button stops it for good (until pressed again), also once the keyboard has left.
      await page.keyboard.press('Tab');
      const stop = gallery.getByRole('button', { name: 'Diashow anhalten' });
      expect(await isFocused(stop)).toBe(true);
      await page.keyboard.press('Enter');
      const resume = gallery.getByRole('button', { name: 'Diashow fortsetzen' });
      expect(await isFocused(resume)).toBe(true);
      await screenshot(page, { path: `${SHOTS}/gallery-stopped-${width}.png`, settle: 800 });
      await page.getByRole('link', { name: '061 555 00 00' }).first().focus();
      await page.clock.fastForward(15_000);
      expect(await shown()).toBe('Bild 3 zeigen');
      expect(await live.getAttribute('aria-live')).toBe('polite');
      await resume.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('link', { name: '061 555 00 00' }).first().focus();
      await page.clock.fastForward(5000);
      await expect.poll(shown).toBe('Bild 4 zeigen');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('gallery: a visitor who prefers reduced motion gets it still, and its button starts it', async () => {
    const context = await browser.newContext({ viewport: viewports['1440'], reducedMotion: 'reduce' });
    const { page, errors } = await newPage(context);
    await page.clock.install();
    await page.goto(server.url('/'), { waitUntil: 'networkidle' });
    await hydrate(page);
    const gallery = page.getByRole('region', { name: 'Bildergalerie' });
    const shown = () => gallery.locator('button[aria-current]').getAttribute('aria-label');
    const start = gallery.getByRole('button', { name: 'Diashow fortsetzen' });
    await start.waitFor();
    await page.clock.fastForward(15_000);
    expect(await shown()).toBe('Bild 1 zeigen');
    await start.click();
    // Pointer and keyboard out of it (either holds it).
    await page.mouse.move(0, 0);
    await page.getByRole('link', { name: '061 555 00 00' }).first().focus();
    await page.clock.fastForward(5000);
    await expect.poll(shown).toBe('Bild 2 zeigen');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('configurator: sent without a choice, the focus goes to the first section without one, which names its error', async () => {
    for (const [width, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport });
      const { page, errors } = await newPage(context);
      await page.goto(server.url('/Paket'), { waitUntil: 'networkidle' });
      const form = page.locator('form').filter({ hasText: 'Offerte anfordern' });
      const send = form.getByRole('button', { name: 'Offerte anfordern' });
      const described = async () => {
        const id = await page.evaluate(() => document.activeElement?.getAttribute('aria-describedby'));
        return id ? page.locator(`[id="${id}"]`).innerText() : undefined;
      };
      const focusedRadio = () =>
        page.evaluate(() => {
          const radio = document.activeElement as HTMLInputElement;
          // The option's label is the first line of its card.
          return `${radio.type} ${radio.name} ${radio.closest('label')?.innerText.split('\n')[0]}`;
        });
      // Everything empty: the first section above the fields comes first.
      await send.focus();
      await page.keyboard.press('Enter');
      await expect.poll(focusedRadio).toBe('radio section-0 Kompakt');
      expect(await described()).toBe('Feld Umfang ist erforderlich');
      expect(await page.evaluate(() => document.activeElement?.closest('fieldset')?.getAttribute('aria-invalid'))).toBe(
        'true',
      );
      await screenshot(page, { path: `${SHOTS}/configurator-no-choice-${width}.png` });
      // Chosen by keyboard (Space, then the arrow to the next option), the error goes.
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowRight');
      expect(await focusedRadio()).toBe('radio section-0 Intensiv');
      expect(await described()).toBeUndefined();
      expect(await form.innerText()).not.toContain('Feld Umfang ist erforderlich');

      // The fields filled, the section still without a choice is where the focus goes.
      await form.getByLabel('Name').fill('Anna Keller');
      await form.getByLabel('E-Mail').fill('anna@example.ch');
      await send.focus();
      await page.keyboard.press('Enter');
      await expect.poll(focusedRadio).toBe('radio section-1 In unserem Büro in Basel');
      expect(await described()).toBe('Feld Ort ist erforderlich');
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => form.locator('p[aria-live]').innerText()).toContain('4.050,00 CHF');
      await send.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('/Termin by keyboard alone: the fields in reading order, the day typed or picked from the calendar (Alt+↓), sent with Enter', async () => {
    const context = await browser.newContext({ viewport: viewports['390'] });
    const { page, errors } = await newPage(context);
    await page.goto(server.url('/Termin'), { waitUntil: 'networkidle' });
    await hydrate(page);
    // The calendar is the browser's own: count that it is asked for.
    await page.evaluate(() => {
      const opened = window as unknown as { calendars: number };
      opened.calendars = 0;
      HTMLInputElement.prototype.showPicker = () => void opened.calendars++;
    });
    await page.getByRole('link', { name: 'Zum Inhalt springen' }).focus();
    await page.keyboard.press('Enter');
    const order: string[] = [];
    const typed: Record<string, string> = { name: 'Anna Keller', email: 'anna@example.ch', wunschtermin: '5.5.2099' };
    for (let stop = 0; stop < 9; stop++) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(
        () => document.activeElement?.getAttribute('name') ?? document.activeElement?.textContent,
      );
      order.push(name!);
      if (name === 'wunschtermin') {
        // Told to screen readers, as the calendar button is no Tab stop of its own.
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-keyshortcuts'))).toBe(
          'Alt+ArrowDown F4',
        );
        await page.keyboard.press('Alt+ArrowDown');
        expect(await page.evaluate(() => (window as unknown as { calendars: number }).calendars)).toBe(1);
      }
      if (name && typed[name]) await page.keyboard.type(typed[name]);
    }
    expect(order).toEqual([
      'name',
      'email',
      'firma',
      'telefon',
      'anliegen',
      'wunschtermin',
      'gespraechsform',
      'zusatzinformation',
      'Termin anfragen',
    ]);
    expect(await page.getByLabel('Wunschtermin').inputValue()).toBe('05.05.2099');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Vielen Dank');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after a form was sent, closing the message gives the focus back to the form, not to the page', async () => {
    for (const [width, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport });
      const { page, errors } = await newPage(context);

      await page.goto(server.url('/#kontakt'), { waitUntil: 'networkidle' });
      const contact = page.locator('form').filter({ hasText: 'Nachricht' }).first();
      await contact.getByLabel('Name').fill('Anna Keller');
      await contact.getByLabel('E-Mail').fill('anna@example.ch');
      await contact.getByLabel('Nachricht').fill('Guten Tag');
      await contact.getByRole('checkbox').check();
      const send = contact.getByRole('button', { name: 'Senden' });
      await send.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Schliessen' }).click();
      // The dialog is out of the accessibility tree once closed; its close event, which moves the focus, comes a task later.
      await expect.poll(() => isFocused(send)).toBe(true);
      expect(await dialog.count()).toBe(0);
      // The form started over; the focus ring shows where the keyboard goes on.
      expect(await contact.getByLabel('Name').inputValue()).toBe('');
      await screenshot(page, { path: `${SHOTS}/contact-closed-${width}.png` });

      await page.goto(server.url('/Termin'), { waitUntil: 'networkidle' });
      const termin = page.locator('form').filter({ hasText: 'Erstgespräch anfragen' });
      await termin.getByLabel('Name').fill('Anna Keller');
      await termin.getByLabel('E-Mail').fill('anna@example.ch');
      await termin.getByLabel('Wunschtermin').fill('1.3.2099');
      const request = termin.getByRole('button', { name: 'Termin anfragen' });
      await request.click();
      await dialog.waitFor();
      // Escape closes it as well.
      await page.keyboard.press('Escape');
      await expect.poll(() => isFocused(request)).toBe(true);
      expect(await dialog.count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('at 390 px every control of the contact form and of /Termin is a target of at least 44 px', async () => {
    const context = await browser.newContext({ viewport: viewports['390'], hasTouch: true });
    const { page, errors } = await newPage(context);
    for (const [path, title] of [
      ['/#kontakt', 'Nachricht'],
      ['/Termin', 'Erstgespräch anfragen'],
    ]) {
      await page.goto(server.url(path), { waitUntil: 'networkidle' });
      const form = page.locator('form').filter({ hasText: title }).first();
      const controls = form.locator('input, select, textarea, button');
      expect(await controls.count()).toBeGreaterThan(3);
      for (const control of await controls.all()) {
        // A checkbox or radio is tapped through its label too: the label is its target.
        const target = await control.evaluateHandle((element) =>
          element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')
            ? (element.closest('label') ?? element)
            : element,
        );
        const box = (await target.asElement()!.boundingBox())!;
        const name = await control.evaluate((element) => element.getAttribute('name') ?? element.textContent);
        expect(box.height, `${path} ${name}`).toBeGreaterThanOrEqual(44);
        expect(box.width, `${path} ${name}`).toBeGreaterThanOrEqual(44);
      }
    }

    // The consent checkbox: a tap 20 px above or below its box, still on its line, ticks it.
    await page.goto(server.url('/#kontakt'), { waitUntil: 'networkidle' });
    const consent = page.locator('form').filter({ hasText: 'Nachricht' }).first().getByRole('checkbox');
    await consent.scrollIntoViewIfNeeded();
    const box = (await consent.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.touchscreen.tap(x, y - 20);
    expect(await consent.isChecked()).toBe(true);
    await page.touchscreen.tap(x, y + 20);
    expect(await consent.isChecked()).toBe(false);
    await screenshot(page, { path: `${SHOTS}/contact-consent-390.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
});
