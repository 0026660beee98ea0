import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_FAILURE } from '../../src/shared/rules/constants';
import { releaseBrowser, sharedBrowser, newPage } from '../helpers/browser';
import { addWorkshopPage, startSiteServer, type SiteServer } from './siteServer';
import { screenshot, SHOTS } from '../helpers/screenshots';

const viewports = { '1440': { width: 1440, height: 900 }, '390': { width: 390, height: 844 } } as const;
const phone = viewports['390'];

/** What a visitor meets on the demo site: the phone menu, the forms' checks, the 404 page, phone numbers. */
describe('the public site for a visitor', { timeout: 180_000 }, () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startSiteServer(), sharedBrowser()]);
    // Firma first: the first field the server names is not the first of the form.
    await addWorkshopPage(server, '/Anmeldung', ['firma', 'vorname', 'email']);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
  });

  it('phone menu: Escape closes it from inside and gives the focus back to the menu button', async () => {
    const context = await browser.newContext({ viewport: phone });
    const { page, errors } = await newPage(context);
    await page.goto(server.url('/'), { waitUntil: 'networkidle' });
    const button = page.getByRole('button', { name: 'Menü öffnen' });
    await button.click();
    const menu = page.locator('#site-mobile-menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('#site-mobile-menu'))).toBe(true);
    await screenshot(page, { path: `${SHOTS}/menu-open-390.png` });

    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    const closed = page.getByRole('button', { name: 'Menü öffnen' });
    expect(await closed.getAttribute('aria-expanded')).toBe('false');
    expect(await closed.evaluate((element) => element === document.activeElement)).toBe(true);
    await screenshot(page, { path: `${SHOTS}/menu-escaped-390.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/Termin: a Wunschtermin in the past is refused in the browser and by the server; Nachricht has lines', async () => {
    const stored = async () => (await server.find('formData')).filter((doc) => doc.name === 'termin');
    for (const [width, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport });
      const { page, errors } = await newPage(context);
      const sent: string[] = [];
      page.on('request', (request) => request.url().includes('/api/formData') && sent.push(request.url()));
      await page.goto(server.url('/Termin'), { waitUntil: 'networkidle' });
      const form = page.locator('form').filter({ hasText: 'Erstgespräch anfragen' });
      expect(await form.getByLabel('Nachricht').evaluate((element) => element.tagName)).toBe('TEXTAREA');
      await form.getByLabel('Name').fill('Anna Keller');
      await form.getByLabel('E-Mail').fill('anna@example.ch');
      const date = form.getByLabel('Wunschtermin');
      // A day that does not exist is named as soon as the field is left, in German.
      await date.fill('31.02.2099');
      await form.getByLabel('Nachricht').focus();
      const said = async () => page.locator(`[id="${await date.getAttribute('aria-describedby')}"]`).innerText();
      await expect.poll(said).toBe('Feld Wunschtermin: Den 31.02.2099 gibt es nicht, der Februar 2099 hat 28 Tage');
      await date.fill('15.1.2020');
      await form.getByLabel('Nachricht').fill('Erste Zeile\nZweite Zeile');
      await form.getByRole('button', { name: 'Termin anfragen' }).click();

      await expect.poll(() => date.getAttribute('aria-invalid')).toBe('true');
      const described = await date.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${described}"]`).innerText()).toBe(
        'Feld Wunschtermin darf nicht in der Vergangenheit liegen',
      );
      expect(await date.evaluate((element) => element === document.activeElement)).toBe(true);
      // The calendar starts today: its earliest day is no day in the past.
      expect(await form.locator('input[type=date]').getAttribute('min')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(sent).toEqual([]);
      await date.scrollIntoViewIfNeeded();
      await screenshot(page, { path: `${SHOTS}/termin-past-${width}.png` });

      // A day to come goes through, with the message's lines.
      await date.fill('01.03.2099');
      await form.getByRole('button', { name: 'Termin anfragen' }).click();
      await page.getByRole('dialog').waitFor();
      expect(await page.getByRole('dialog').innerText()).toContain('Vielen Dank');
      expect(errors).toEqual([]);
      await context.close();
    }
    const saved = await stored();
    expect(saved).toHaveLength(2);
    expect(saved[0].data).toMatchObject({ wunschtermin: '2099-03-01', zusatzinformation: 'Erste Zeile\nZweite Zeile' });

    // The server refuses a past day whatever the browser does, and stores nothing.
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/formData',
      payload: { name: 'termin', data: { name: 'Anna', email: 'anna@example.ch', wunschtermin: '2020-01-15' } },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('Feld Wunschtermin darf nicht in der Vergangenheit liegen');
    expect(await stored()).toHaveLength(2);
  });

  it('contact: an empty submit asks for consent briefly and puts the focus on the first wrong field', async () => {
    for (const [width, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport });
      const { page, errors } = await newPage(context);
      await page.goto(server.url('/#kontakt'), { waitUntil: 'networkidle' });
      const form = page.locator('form').filter({ hasText: 'Nachricht' }).first();
      await form.getByRole('button', { name: 'Senden' }).click();

      const name = form.getByLabel('Name');
      await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
      expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
      const consent = form.getByRole('checkbox');
      const described = await consent.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${described}"]`).innerText()).toBe('Bitte stimmen Sie zu.');
      expect(await form.innerText()).not.toContain('Feld Ich bin einverstanden');
      // The box itself is a 24 px target; its whole label row ticks it too.
      const box = (await consent.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
      await consent.scrollIntoViewIfNeeded();
      await screenshot(page, { path: `${SHOTS}/contact-empty-${width}.png` });
      await form.getByText('Ich bin einverstanden').click();
      expect(await consent.isChecked()).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('a refused generic form: after the failure dialog, the focus is on the first field the server named', async () => {
    const context = await browser.newContext({ viewport: phone });
    const { page, errors } = await newPage(context);
    await page.goto(server.url('/Anmeldung'), { waitUntil: 'networkidle' });
    const form = page.locator('form').filter({ hasText: 'Anmeldung Workshop' });
    await form.getByLabel('Firma').fill('Rhein AG');
    await form.getByRole('button', { name: 'Anmelden' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(FORM_FAILURE);
    await dialog.getByRole('button', { name: 'Schliessen' }).click();
    // The first field marked wrong, in the order the form shows them, holds the focus.
    const focusedFirstInvalid = () =>
      form.evaluate((element) => {
        const first = element.querySelector('[aria-invalid="true"]');
        return first !== null && first === document.activeElement ? first.getAttribute('name') : null;
      });
    await expect.poll(focusedFirstInvalid).not.toBeNull();
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an unknown path: 404 with the heading "not found" inside the site frame, and the way on', async () => {
    const answer = await fetch(server.url('/gibt-es-nicht'));
    expect(answer.status).toBe(404);
    for (const [width, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport });
      const { page, errors } = await newPage(context);
      await page.goto(server.url('/gibt-es-nicht'), { waitUntil: 'networkidle' });
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('not found');
      expect(await page.getByRole('navigation', { name: 'Hauptnavigation' }).count()).toBe(1);
      expect(await page.locator('footer').count()).toBeGreaterThan(0);
      expect(await page.getByRole('link', { name: 'Zur Startseite' }).isVisible()).toBe(true);
      await screenshot(page, { path: `${SHOTS}/notfound-${width}.png`, fullPage: true });
      // On from there through the navigation: the home page, without a reload.
      await page
        .getByRole('link', { name: /Startseite|Rhein Consulting/ })
        .first()
        .click();
      await expect.poll(() => page.url()).toBe(server.url('/'));
      // Reached by a link inside the site, it has the frame too.
      await page.evaluate(() => {
        const link = Object.assign(document.createElement('a'), { href: '/auch-nicht', textContent: 'x' });
        document.querySelector('main')!.append(link);
        link.click();
      });
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('not found');
      expect(await page.getByRole('navigation', { name: 'Hauptnavigation' }).count()).toBe(1);
      expect(await page.locator('footer').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('phone numbers stay on one line on a phone', async () => {
    const context = await browser.newContext({ viewport: phone });
    const { page, errors } = await newPage(context);
    await page.goto(server.url('/'), { waitUntil: 'networkidle' });
    const numbers = page.locator('a[href^="tel:"]');
    expect(await numbers.count()).toBeGreaterThan(0);
    for (const number of await numbers.all()) {
      await number.scrollIntoViewIfNeeded();
      // One line box: a number broken in two has two client rects.
      expect(await number.evaluate((element) => element.getClientRects().length), await number.innerText()).toBe(1);
    }
    await numbers.first().scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}/phone-number-390.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
});
