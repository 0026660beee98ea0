import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_FAILURE } from '../../src/shared/rules/constants';
import { releaseBrowser, sharedBrowser, newPage } from '../helpers/browser';
import { addWorkshopPage, startSiteServer, type SiteServer } from './siteServer';
import { screenshot, SHOTS } from '../helpers/screenshots';

const viewports = { '1440': { width: 1440, height: 900 }, '390': { width: 390, height: 844 } } as const;

describe('public forms say at the field what is wrong', { timeout: 120_000 }, () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startSiteServer(), sharedBrowser()]);
    await addWorkshopPage(server, '/Workshop');
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
  });

  it('contact: an address the server would refuse is named at the E-Mail field, and nothing is sent', async () => {
    for (const [width, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport });
      const { page, errors } = await newPage(context);
      const sent: string[] = [];
      page.on('request', (request) => request.url().includes('/api/cms/contact') && sent.push(request.url()));
      await page.goto(server.url('/#kontakt'), { waitUntil: 'networkidle' });
      const form = page.locator('form').filter({ hasText: 'Nachricht' }).first();
      await form.getByLabel('Name').fill('Anna Keller');
      const email = form.getByLabel('E-Mail');
      await email.fill('anna@@example.ch');
      await form.getByLabel('Nachricht').fill('Guten Tag');
      await form.getByRole('checkbox').check();
      await form.getByRole('button', { name: 'Senden' }).click();

      const described = await email.getAttribute('aria-describedby');
      await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator(`[id="${described}"]`).innerText()).toBe(
        'Feld E-Mail ist keine gültige E-Mail-Adresse',
      );
      expect(await page.getByRole('dialog').count()).toBe(0);
      await email.scrollIntoViewIfNeeded();
      await screenshot(page, { path: `${SHOTS}/contact-bad-email-${width}.png` });

      // Corrected, the message goes as the visitor types, and the request is sent.
      await email.fill('anna@example.ch');
      expect(await email.getAttribute('aria-invalid')).toBeNull();
      expect(sent).toEqual([]);
      await form.getByRole('button', { name: 'Senden' }).click();
      await expect.poll(() => sent.length).toBe(1);
      await page.getByRole('dialog').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("generic form: the server refuses what the form's schema requires, the form names it at the fields", async () => {
    const stored = async () => (await server.find('formData')).filter((doc) => doc.name === 'workshop');
    let sent = 0;
    for (const [width, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport });
      const { page, errors } = await newPage(context);
      await page.goto(server.url('/Workshop'), { waitUntil: 'networkidle' });
      const form = page.locator('form').filter({ hasText: 'Anmeldung Workshop' });
      await form.getByRole('button', { name: 'Anmelden' }).click();

      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(FORM_FAILURE);
      expect(await dialog.getByTestId('refused-fields').locator('li').allInnerTexts()).toEqual([
        'Feld Vorname ist erforderlich',
        'Feld E-Mail ist erforderlich',
      ]);
      await screenshot(page, { path: `${SHOTS}/form-empty-dialog-${width}.png` });
      await dialog.getByRole('button', { name: 'Schliessen' }).click();
      const vorname = form.getByLabel('Vorname');
      expect(await vorname.getAttribute('aria-invalid')).toBe('true');
      expect(await form.innerText()).toContain('Feld E-Mail ist erforderlich');
      expect(await form.getByLabel('Firma').getAttribute('aria-invalid')).toBeNull();
      await screenshot(page, { path: `${SHOTS}/form-empty-fields-${width}.png` });
      expect(await stored()).toHaveLength(sent);

      await vorname.fill('Anna');
      await form.getByLabel('E-Mail').fill('anna@example.ch');
      await form.getByRole('button', { name: 'Anmelden' }).click();
      await expect.poll(() => dialog.innerText()).toContain('Formular abgeschickt!');
      await expect.poll(async () => (await stored()).length).toBe(++sent);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
