import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS } from '../helpers/browser';
import { adminSuite } from './adminServer';
import { openAdmin, rows, save } from './admin';
import { screenshot, SHOTS } from '../helpers/screenshots';

// An edit form with unsaved changes holds a navigation to another screen and asks: stay, leave without
// saving, or save and leave. The browser asks before a reload or closing the tab.
const suite = adminSuite();
let clientId = '';

beforeAll(async () => {
  clientId = (await suite.server.save('client', { name: 'Rheinblick Immobilien AG', firstname: 'Anna' }))._id;
});

const firstname = async () =>
  (await suite.server.api('GET', `/api/document/findById?model=client&id=${clientId}`)).json.firstname;
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });
const toInvoices = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invoices' }).click();

async function openClient(page: Page) {
  await page.goto(suite.server.url(`/_/clients/${clientId}`));
  await expect.poll(() => page.inputValue('#root_firstname')).not.toBe('');
}

describe('leaving a form with unsaved changes', { timeout: 120_000 }, () => {
  it('asks before leaving: stay keeps the changes, leave drops them, save and leave stores them', async () => {
    const { page, errors, context } = await openAdmin(suite, `/_/clients/${clientId}`);
    await expect.poll(() => page.inputValue('#root_firstname')).toBe('Anna');

    // Unchanged, it leaves without a question.
    await toInvoices(page);
    await page.waitForURL(/\/_\/invoices$/);
    await openClient(page);

    await page.locator('#root_firstname').fill('Beat');
    await toInvoices(page);
    await dialog(page).waitFor();
    expect(await dialog(page).innerText()).toContain('Your changes to Rheinblick Immobilien AG are not saved yet.');
    expect(page.url()).toMatch(new RegExp(`/_/clients/${clientId}$`));
    // Stay is the default: Enter or Escape keep the form as it is.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Stay');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(await page.inputValue('#root_firstname')).toBe('Beat');

    // The browser's back button is held too (back to the list this page was opened from).
    await toInvoices(page);
    await dialog(page).getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(/\/_\/invoices$/);
    expect(await firstname()).toBe('Anna');
    await page.goto(suite.server.url('/_/clients'));
    await rows(page).filter({ hasText: 'Rheinblick Immobilien AG' }).click();
    await expect.poll(() => page.inputValue('#root_firstname')).toBe('Anna');
    await page.locator('#root_firstname').fill('Beat');
    await page.goBack();
    await dialog(page).waitFor();
    expect(page.url()).toMatch(new RegExp(`/_/clients/${clientId}$`));
    await dialog(page).getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(/\/_\/clients$/);
    expect(await firstname()).toBe('Anna');

    await openClient(page);
    await page.locator('#root_firstname').fill('Claudia');
    await toInvoices(page);
    await dialog(page).getByRole('button', { name: 'Save and leave' }).click();
    await page.waitForURL(/\/_\/invoices$/);
    expect(await firstname()).toBe('Claudia');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('does not ask for what the form filled in by itself, nor for a value typed back', async () => {
    // New invoices, transactions, redirects and users start with their schema's defaults: no change of the user's.
    for (const path of ['/_/invoices/new', '/_/transactions/new', '/_/redirects/new', '/_/users/new']) {
      const { page, context } = await openAdmin(suite, path);
      await page.locator('input[id^="root_"]').first().waitFor();
      await toInvoices(page);
      await page.waitForURL(/\/_\/invoices$/);
      expect(await dialog(page).count()).toBe(0);
      await context.close();
    }
    const { page, context } = await openAdmin(suite, `/_/clients/${clientId}`);
    await expect.poll(() => page.inputValue('#root_name')).toBe('Rheinblick Immobilien AG');
    await page.locator('#root_name').fill('Rheinblick');
    await page.locator('#root_name').fill('Rheinblick Immobilien AG');
    await toInvoices(page);
    await page.waitForURL(/\/_\/invoices$/);
    expect(await dialog(page).count()).toBe(0);
    await context.close();
  });

  it('stays when the save is refused, with the reason at the field', async () => {
    const { page, context } = await openAdmin(suite, `/_/clients/${clientId}`, VIEWPORTS.phone);
    await expect.poll(() => page.inputValue('#root_name')).toBe('Rheinblick Immobilien AG');
    await page.locator('#root_name').fill('');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await toInvoices(page);
    await dialog(page).waitFor();
    await screenshot(page, { path: `${SHOTS}/leave-dialog-390.png` });
    await dialog(page).getByRole('button', { name: 'Save and leave' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(page.url()).toMatch(new RegExp(`/_/clients/${clientId}$`));
    await expect.poll(() => page.locator('#root_name').getAttribute('aria-invalid')).toBe('true');
    expect((await suite.server.api('GET', `/api/document/findById?model=client&id=${clientId}`)).json.name).toBe(
      'Rheinblick Immobilien AG',
    );
    await context.close();
  });

  it("lets the form's own navigations pass: to a created document's page, to the list after delete", async () => {
    const { page, errors, context } = await openAdmin(suite, '/_/clients/new');
    await page.locator('#root_name').fill('Velo Basel AG');
    await save(page);
    await page.waitForURL(/\/_\/clients\/[0-9a-f]{24}$/);
    await page.locator('#root_firstname').fill('Daniel');
    await page.getByRole('button', { name: 'DELETE' }).click({ modifiers: ['Shift'] });
    await page.waitForURL(/\/_\/clients$/);
    expect(await dialog(page).count()).toBe(0);

    // A new document's form: save and leave creates it, then goes where the user wanted.
    await page.goto(suite.server.url('/_/clients/new'));
    await page.locator('#root_name').fill('Atelier Spalenberg');
    await toInvoices(page);
    await dialog(page).getByRole('button', { name: 'Save and leave' }).click();
    await page.waitForURL(/\/_\/invoices$/);
    const found = await suite.server.api('POST', '/api/document/find', {
      model: 'client',
      query: { name: 'Atelier Spalenberg' },
    });
    expect(found.json.results).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks the browser to confirm closing the tab', async () => {
    const { page, context } = await openAdmin(suite, `/_/clients/${clientId}`);
    await expect.poll(() => page.inputValue('#root_firstname')).not.toBe('');
    await page.locator('#root_firstname').fill('Eva');
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (question) => {
        resolve(question.type());
        void question.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    await context.close();
  });
});
