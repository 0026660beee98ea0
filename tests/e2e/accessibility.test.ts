import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { seedDemo } from '../../src/server/seed/demo';
import { SCREENS } from '../../src/admin/screens/screens';
import { audit, type Finding } from '../helpers/axe';
import { VIEWPORTS } from '../helpers/browser';
import { openAdmin } from './admin';
import { adminSuite } from './adminServer';

/**
 * The back office against axe-core's WCAG 2.1 A and AA rules (look.md: contrast AA at least, keyboard
 * reachable everywhere), on every screen of the menu and an edit form of each demo model, with the
 * demo data in them. A finding names the rule, the screen and the first elements.
 */
describe('accessibility of the back office', { timeout: 240_000 }, () => {
  const suite = adminSuite();
  const screens: string[] = [];

  beforeAll(async () => {
    const { services } = suite.server.app;
    await seedDemo(services);
    for (const model of Object.values(services.registry.models)) {
      const { results } = await services.documents.find(SYSTEM, model.name, { limit: 1 });
      if (results[0]) screens.push(`/_/${model.plural}/${results[0]._id}`);
    }
    // A file's own page (the file browser's detail view), not the generic form.
    const file = (await services.documents.find(SYSTEM, 'file', { limit: 1 })).results[0];
    screens.push(`/_/file/${file._id}`);
  });

  /** The findings on each screen, one page going from screen to screen as a user would. */
  async function findings(paths: string[], viewport: { width: number; height: number } = VIEWPORTS.desktop) {
    const { page, errors, context } = await openAdmin(suite, '/_', viewport);
    const found: (Finding & { path: string })[] = [];
    for (const path of paths) {
      await page.goto(suite.server.url(path));
      await page.locator('#root:not([aria-busy])').waitFor();
      // Loaded: no spinner left (the admin's spinners are role=status with a label).
      await expect.poll(() => page.locator('svg[role=status]').count()).toBe(0);
      found.push(...(await audit(page)).map((finding) => ({ path, ...finding })));
    }
    await context.close();
    expect(errors).toEqual([]);
    return found;
  }

  it('finds no violation on the screens of the menus, at 1440 and 390 px', async () => {
    const { page, context } = await openAdmin(suite, '/_');
    const menu = await page
      .locator('nav[aria-label=Main] a')
      .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href')!))]);
    await context.close();
    expect(menu.length).toBeGreaterThan(15);
    // And the hand-written screens outside the main menu (Elements, Image Presets, ...).
    for (const { path } of Object.values(SCREENS)) if (!/[:*]/.test(path) && !menu.includes(path)) menu.push(path);
    expect([
      ...(await findings(menu)),
      ...(await findings(['/_', '/_/clients', '/_/timetracking', '/_/pageDrafts'], VIEWPORTS.phone)),
    ]).toEqual([]);
  });

  it('finds no violation in the dialogs and panels a user opens', async () => {
    const found: (Finding & { path: string })[] = [];
    /** Opens `path`, does `open` (which shows the dialog or panel) and audits the page with it. */
    const opened = async (path: string, open: (page: Page) => Promise<unknown>) => {
      const { page, errors, context } = await openAdmin(suite, path);
      await open(page);
      found.push(...(await audit(page)).map((finding) => ({ path, ...finding })));
      expect(errors, path).toEqual([]);
      await context.close();
    };
    await opened('/_/clients', async (page) => {
      await page.getByRole('button', { name: 'Delete' }).first().click();
      await page.getByRole('dialog').waitFor();
    });
    const home = screens.find((path) => path.startsWith('/_/pageDrafts/'))!;
    await opened(home, async (page) => {
      await page.getByRole('tab', { name: 'Elements' }).click();
      await page.getByRole('button', { name: 'Add element' }).click();
      await page.getByRole('button', { name: 'Paragraph', exact: true }).waitFor();
    });
    await opened(home, async (page) => {
      await page.getByRole('button', { name: 'Versions' }).click();
      await page.getByRole('dialog', { name: 'Versions' }).locator('[data-version]').first().waitFor();
    });
    await opened('/_/timetracking', async (page) => {
      await page.getByRole('button', { name: 'Create invoice' }).click();
      await page.getByRole('dialog').locator('input[name=from]').waitFor();
    });
    await opened('/_/pageDrafts', async (page) => {
      await page
        .locator('[data-page]')
        .nth(1)
        .getByRole('button', { name: /^Move / })
        .click();
      await page.getByRole('dialog').getByRole('option').first().waitFor();
    });
    await opened('/_/files', async (page) => {
      await page.getByRole('button', { name: 'New folder' }).click();
      await page.getByRole('dialog').waitFor();
    });
    expect(found).toEqual([]);
  });

  it('finds no violation on an edit form of each model with demo documents', async () => {
    expect(screens.length).toBeGreaterThan(10);
    expect(await findings(screens)).toEqual([]);
  });
});
