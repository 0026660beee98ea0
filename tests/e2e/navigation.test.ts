import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, VIEWPORTS } from '../helpers/browser';
import { userWithRole } from '../helpers/users';
import { adminSuite } from './adminServer';
import { expectRows, newContext, rows, save, storeLogin } from './admin';
import { screenshot, SHOTS } from '../helpers/screenshots';

const suite = adminSuite();

async function navLabels(page: Page): Promise<string[]> {
  const nav = page.locator('nav[aria-label=Main]');
  await nav.waitFor();
  return nav
    .locator('a[title], button[title]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('title') ?? ''));
}

async function openAs(login: string, role: 'staff' | 'accountant') {
  const user = await userWithRole(suite.server, suite.server.adminToken, login, role);
  const context = await newContext(suite.browser);
  await storeLogin(context, suite.server, login, user.password);
  const page = await context.newPage();
  await page.goto(suite.server.url('/_'));
  // One module group is open at a time: open each and collect what it shows.
  const labels = new Set(await navLabels(page));
  for (const group of ['CMS', 'Payment', 'Kassen']) {
    const button = page.getByRole('button', { name: group, exact: true });
    if (!(await button.count())) continue;
    if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
    for (const label of await navLabels(page)) labels.add(label);
  }
  return { page, context, labels: [...labels] };
}

describe('navigation', { timeout: 60_000 }, () => {
  it('shows an accountant the payment links and no CMS or backend links', async () => {
    const { labels, context } = await openAs('anna', 'accountant');
    for (const label of [
      'Home',
      'Clients',
      'Invoices',
      'Transactions',
      'Time tracking',
      'Point of sales',
      'Point of sales Receipts',
      'Payment',
      'Kassen',
      'Logout',
    ]) {
      expect(labels).toContain(label);
    }
    for (const label of [
      'Pages',
      'Files',
      'Layouts',
      'Users',
      'Redirects',
      'Contact Requests',
      'Swarms',
      'Queues',
      'Form Data',
      'Elements',
      'CMS',
    ]) {
      expect(labels).not.toContain(label);
    }
    await context.close();
  });

  it('shows a staff user the CMS links and no payment links', async () => {
    const { labels, page, context } = await openAs('sam', 'staff');
    for (const label of [
      'Home',
      'Pages',
      'Files',
      'Layouts',
      'Elements',
      'Image Presets',
      'Redirects',
      'Contact Requests',
      'Form Data',
      'Point of sales',
      'CMS',
      'Kassen',
    ]) {
      expect(labels).toContain(label);
    }
    for (const label of [
      'Clients',
      'Invoices',
      'Transactions',
      'Time tracking',
      'Users',
      'Swarms',
      'Queues',
      'Payment',
    ]) {
      expect(labels).not.toContain(label);
    }
    // The CMS screens open inside the layout; the dashboard shows staff no money widgets.
    for (const [path, heading] of [
      ['/_/pageDrafts', 'Pages'],
      ['/_/elements', 'Elements'],
    ]) {
      await page.goto(suite.server.url(path));
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      expect(await page.locator('nav[aria-label=Main]').isVisible()).toBe(true);
    }
    // The 3D examples draw their sample scenes; they asked the file store for ids it does not hold (404).
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    await page.goto(suite.server.url('/_/elements?tag=3d.gaussianHotspots'));
    const examples = page.frameLocator('iframe[title="3D hotspots examples"]');
    // The hotspot's chip (its marker, a second button of the same name, comes once the scene is drawn).
    await examples.locator('button.bk-gs-chip', { hasText: 'Empfang' }).waitFor();
    // Until the scenes that load (those in view) have loaded or failed; none still loading.
    await expect
      .poll(async () => {
        const states = await examples
          .locator('figure.bk-gs')
          .evaluateAll((figures) => figures.map((figure) => figure.getAttribute('data-state')));
        return states.some((state) => state !== 'idle') && !states.includes('loading');
      })
      .toBe(true);
    expect(await examples.getByText('Die 3D-Ansicht konnte nicht geladen werden', { exact: false }).count()).toBe(0);
    expect(missing).toEqual([]);
    await page.goto(suite.server.url('/_'));
    await page.locator('nav[aria-label=Main]').waitFor();
    expect(await page.getByTestId('revenue').count()).toBe(0);
    // Time tracking belongs to manage:payment: the screen says so inside the layout.
    await page.goto(suite.server.url('/_/timetracking'));
    await page.getByTestId('not-allowed').waitFor();
    expect(await page.locator('nav[aria-label=Main]').isVisible()).toBe(true);
    // A screen the caller may not open reads like a model they may not read (queues/queues.test.ts).
    await page.goto(suite.server.url('/_/queues'));
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    expect(await page.getByText('[object Object]').count()).toBe(0);
    await context.close();
  });

  it('shows an accountant the not-found state on the Pages and Files screens, and staff the screens', async () => {
    const draft = await suite.server.save('pageDraft', { name: 'Angebot' });
    const layout = await suite.server.save('layout', { name: 'Standard' });
    const upload = await suite.server.app.inject({
      method: 'POST',
      url: '/api/files/upload?name=preise.txt',
      headers: { ...suite.server.auth(suite.server.adminToken), 'content-type': 'text/plain' },
      payload: 'Preise 2026',
    });
    const file = upload.json() as { _id: string };
    const screens = [
      ['/_/pageDrafts', 'pages'],
      [`/_/pageDrafts/${draft._id}`, 'page'],
      [`/_/layouts/${layout._id}`, 'layout'],
      ['/_/files', 'files'],
      [`/_/file/${file._id}`, 'file'],
    ];
    const accountant = await userWithRole(suite.server, suite.server.adminToken, 'frieda', 'accountant');
    for (const viewport of [VIEWPORTS.desktop, { width: 390, height: 844 }]) {
      const context = await newContext(suite.browser, viewport);
      await storeLogin(context, suite.server, 'frieda', accountant.password);
      const { page, errors } = await newPage(context);
      for (const [path, shot] of screens) {
        await page.goto(suite.server.url(path));
        await page.getByRole('heading', { name: 'Not found' }).waitFor();
        expect(await page.getByText('Nothing here, or you may not see it.').isVisible(), path).toBe(true);
        // Inside the layout, and nothing of the screen: no upload, no page tree, no file name.
        expect(await page.locator('nav[aria-label=Main]').count()).toBe(1);
        expect(await page.getByRole('button', { name: 'Upload' }).count()).toBe(0);
        expect(await page.getByText('preise.txt').count()).toBe(0);
        expect(await page.getByText('Angebot').count()).toBe(0);
        await screenshot(page, { path: `${SHOTS}/no-access-${shot}-${viewport.width}.png` });
      }
      expect(errors).toEqual([]);
      await context.close();
    }
    // The same routes open for staff (manage:cms, manage:files).
    const staff = await userWithRole(suite.server, suite.server.adminToken, 'stefan', 'staff');
    const context = await newContext(suite.browser);
    await storeLogin(context, suite.server, 'stefan', staff.password);
    const { page, errors } = await newPage(context);
    for (const [path, text] of [
      ['/_/pageDrafts', 'Angebot'],
      [`/_/layouts/${layout._id}`, 'Standard'],
      ['/_/files', 'preise.txt'],
      [`/_/file/${file._id}`, 'preise.txt'],
    ]) {
      await page.goto(suite.server.url(path));
      await page.getByText(text).first().waitFor();
      expect(await page.getByRole('heading', { name: 'Not found' }).count(), path).toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
  it('shows the not-found state on a swarm to staff and an accountant, and on a mail template to an accountant', async () => {
    const swarm = await suite.server.save('swarm', { name: 'Kunden-Stack' });
    const template = await suite.server.save('mailTemplate', { name: 'angebotVersendet', subject: 'Ihr Angebot' });
    const screens = [
      [`/_/swarms/${swarm._id}`, 'swarm', 'Kunden-Stack'],
      [`/_/mailTemplates/${template._id}`, 'mail-template', 'angebotVersendet'],
    ];
    // manage:backend for swarms, manage:cms for mail templates (their schemas' x-permission).
    const accountant = await userWithRole(suite.server, suite.server.adminToken, 'greta', 'accountant');
    const staff = await userWithRole(suite.server, suite.server.adminToken, 'hugo', 'staff');
    const cases = [
      { login: 'greta', password: accountant.password, closed: screens },
      { login: 'hugo', password: staff.password, closed: screens.slice(0, 1) },
    ];
    for (const viewport of [VIEWPORTS.desktop, { width: 390, height: 844 }]) {
      for (const { login, password, closed } of cases) {
        const context = await newContext(suite.browser, viewport);
        await storeLogin(context, suite.server, login, password);
        const { page, errors } = await newPage(context);
        const calls: string[] = [];
        page.on('request', (request) => {
          if (/\/api\/(swarms|document)/.test(request.url())) calls.push(request.url());
        });
        for (const [path, shot, name] of closed) {
          await page.goto(suite.server.url(path));
          await page.getByRole('heading', { name: 'Not found' }).waitFor();
          expect(await page.getByText('Nothing here, or you may not see it.').isVisible(), path).toBe(true);
          expect(await page.locator('nav[aria-label=Main]').count()).toBe(1);
          // Nothing of the screen: no form, no services, no preview.
          expect(await page.getByRole('button', { name: 'SAVE' }).count(), path).toBe(0);
          expect(await page.getByText(name).count(), path).toBe(0);
          expect(await page.getByText('Services').count(), path).toBe(0);
          if (login === 'greta') await screenshot(page, { path: `${SHOTS}/no-access-${shot}-${viewport.width}.png` });
        }
        // The screens asked the server for nothing it would refuse.
        expect(calls.filter((url) => /swarm|mailTemplate/.test(url))).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
    // Staff edit mail templates (manage:cms).
    const context = await newContext(suite.browser);
    await storeLogin(context, suite.server, 'hugo', staff.password);
    const { page, errors } = await newPage(context);
    await page.goto(suite.server.url(`/_/mailTemplates/${template._id}`));
    await expect.poll(() => page.locator('#root_name').inputValue()).toBe('angebotVersendet');
    expect(await page.getByRole('heading', { name: 'Not found' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('one schema file is enough: the equipment fixture model', { timeout: 60_000 }, () => {
  it('has a navigation entry, list, create, edit and delete in the browser and the API', async () => {
    const context = await newContext(suite.browser);
    await storeLogin(context, suite.server);
    const page = await context.newPage();
    await page.goto(suite.server.url('/_'));
    await page.locator('nav[aria-label=Main] a[title=Equipments]').click();
    await page.getByRole('heading', { name: 'Equipments' }).waitFor();
    await page.getByTestId('empty').waitFor();

    await page.getByRole('link', { name: 'Add Equipment' }).click();
    await page.waitForURL('**/_/equipments/new');
    await page.locator('#root_name').fill('Laptop ThinkPad X1');
    await page.locator('#root_serialNumber').fill('PF-3K2L9');
    await page.locator('#root_purchased').fill('2025-03-14');
    await page.locator('#root_value').fill('1890');
    const button = await save(page);
    await page.waitForURL(/\/_\/equipments\/[0-9a-f]{24}$/);
    await expect.poll(() => button.getAttribute('data-state')).toBe('success');
    const id = page.url().split('/').pop()!;
    const stored = await suite.server.api('GET', `/api/document/findById?model=equipment&id=${id}`);
    expect(stored.json).toMatchObject({
      name: 'Laptop ThinkPad X1',
      serialNumber: 'PF-3K2L9',
      purchased: '2025-03-14',
      value: 1890,
      status: 'active',
    });
    expect(await page.title()).toBe('Equipment - Admin');

    await page.locator('#root_name').fill('Laptop ThinkPad X1 Carbon');
    await save(page);
    await expect
      .poll(async () => (await suite.server.api('GET', `/api/document/findById?model=equipment&id=${id}`)).json.name)
      .toBe('Laptop ThinkPad X1 Carbon');
    // Editing one field after creating keeps the others (the form must not reset between create and its own page).
    expect((await suite.server.api('GET', `/api/document/findById?model=equipment&id=${id}`)).json).toMatchObject({
      serialNumber: 'PF-3K2L9',
      value: 1890,
    });

    await page.goto(suite.server.url('/_/equipments'));
    await expectRows(page, ['Laptop ThinkPad X1 Carbon']);
    expect(await rows(page).first().innerText()).toContain('1.890,00 CHF');
    expect(await rows(page).first().innerText()).toContain('14.03.2025');
    expect(await rows(page).first().innerText()).toContain('Aktiv');
    await rows(page)
      .first()
      .getByRole('button', { name: 'Delete' })
      .click({ modifiers: ['Shift'] });
    await page.getByTestId('empty').waitFor();
    expect((await suite.server.api('GET', `/api/document/findById?model=equipment&id=${id}`)).status).toBe(404);
    await context.close();
  });
});
