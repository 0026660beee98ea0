import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PageTreeNode } from '../../src/shared/api/pages';
import { screenshot, SHOTS } from '../helpers/screenshots';
import { adminSuite } from './adminServer';
import { drag, draft, openEditor } from './pageEditor';

const suite = adminSuite();

/** The label of what has the focus (the grip buttons are named by it). */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

const status = async (path: string) => (await suite.server.app.inject({ method: 'GET', url: path })).statusCode;

describe('page list', { timeout: 120_000 }, () => {
  it('moves a page by drag and drop, deletes a draft with its live page, counts served redirects', async () => {
    const home = await suite.server.save('pageDraft', { name: 'Home', elements: [] });
    const about = await suite.server.save('pageDraft', { name: 'Über uns', _parent: home._id, elements: [] });
    const team = await suite.server.save('pageDraft', { name: 'Team', _parent: home._id, elements: [] });
    for (const page of [home, about, team]) await suite.server.api('GET', `/api/cms/publishPage?id=${page._id}`);

    const { page, context, errors } = await openEditor(suite.browser, suite.server, '/_/pageDrafts');
    const row = (id: string) => page.locator(`[data-page="${id}"]`);
    await row(team._id).waitFor();
    // Team onto "Über uns": it moves there and gets the path below it.
    const handle = (await row(team._id).getByRole('button', { name: 'Move Team' }).boundingBox())!;
    const target = (await row(about._id).boundingBox())!;
    await row(team._id).hover();
    await drag(
      page,
      { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 },
      { x: target.x + target.width / 2, y: target.y + target.height / 2 },
    );
    await expect.poll(async () => (await draft(suite.server, team._id))._path).toBe('/Über-uns/Team');
    await expect.poll(() => row(team._id).innerText()).toContain('/Über-uns/Team');
    // A screen reader hears the pages' names, not their ids.
    expect(await page.locator('[id^="DndLiveRegion"]').innerText()).toBe('Team was dropped on Über uns.');

    // Delete Team and unpublish it: the draft and the public page are gone.
    // The live page moves with its next publish; until then it is still at its old path.
    expect(await status('/Team')).toBe(200);
    await row(team._id).hover();
    await page.getByRole('button', { name: 'Delete Team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Team?' });
    // Like every delete (spec section 2), its button can be used once it has filled (2 s).
    expect(await dialog.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Also unpublish the page (remove it from the site)').check();
    await dialog.getByRole('button', { name: 'Delete and unpublish' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row(team._id).count()).toBe(0);
    expect(await status('/Team')).toBe(404);
    expect((await suite.server.api('GET', `/api/document/findById?model=pageDraft&id=${team._id}`)).status).toBe(404);

    // Redirects: the list shows how often the public site served each.
    const redirect = await suite.server.save('redirect', { name: 'Alt', from: '/alt', to: '/', permanent: false });
    expect(await status('/alt')).toBe(302);
    expect(await status('/alt')).toBe(302);
    await page.goto(suite.server.url('/_/redirects'));
    const served = page.locator(`tr[data-id="${redirect._id}"] td[data-column=served]`);
    await expect.poll(() => served.innerText().catch(() => '')).toBe('2');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves a page with the keyboard: its grip opens Move <page>, the arrows and Enter choose, Escape closes', async () => {
    const tree = (await suite.server.api<PageTreeNode[]>('GET', '/api/cms/pageTree')).json;
    const home = tree.find((node) => node._path === '/') ?? (await suite.server.save('pageDraft', { name: 'Home' }));
    const services = await suite.server.save('pageDraft', { name: 'Leistungen', _parent: home._id, elements: [] });
    const coaching = await suite.server.save('pageDraft', { name: 'Coaching', _parent: services._id, elements: [] });
    const contact = await suite.server.save('pageDraft', { name: 'Kontakt', _parent: home._id, elements: [] });
    await suite.server.save('pageDraft', { name: 'Anfahrt', _parent: contact._id, elements: [] });

    const { page, context, errors } = await openEditor(suite.browser, suite.server, '/_/pageDrafts');
    const row = (id: string) => page.locator(`[data-page="${id}"]`);
    const grip = row(contact._id).getByRole('button', { name: 'Move Kontakt' });
    const dialog = page.getByRole('dialog', { name: 'Move Kontakt' });
    const filter = dialog.getByRole('combobox', { name: 'Filter pages' });
    const option = (id: string | null) => dialog.locator(`[role=option][data-target="${id ?? ''}"]`);
    const active = () => dialog.locator('[role=option][aria-selected=true]').getAttribute('data-target');
    await page.locator('#root:not([aria-busy])').waitFor();
    await grip.waitFor();
    expect(await grip.getAttribute('title')).toBe('Drag onto another page, or press to choose where to move it');

    // Leistungen collapsed: the move below opens it, so Kontakt stays in sight.
    await page.getByRole('button', { name: 'Collapse Leistungen' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => row(coaching._id).count()).toBe(0);

    // Enter on the grip opens the dialog, the focus in its filter field.
    await grip.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await expect.poll(() => filter.evaluate((input) => input === document.activeElement)).toBe(true);
    // The top level and every page but Kontakt and its subpage, as a tree. Home, where it is now, is marked and
    // cannot be chosen, nor the top level, which Home holds (the site's one page at /): the arrows start at Leistungen.
    const places = await dialog.getByRole('option').evaluateAll((items) => items.map((item) => item.textContent));
    expect(places).toEqual(
      expect.arrayContaining(['Top levelHome is there (/)', 'Home /Current', 'Leistungen /Leistungen']),
    );
    expect(places).toContain('Coaching /Leistungen/Coaching');
    expect(places.filter((text) => /Kontakt|Anfahrt/.test(text ?? ''))).toEqual([]);
    expect(await option(home._id).getAttribute('aria-disabled')).toBe('true');
    expect(await option(null).getAttribute('aria-disabled')).toBe('true');
    expect(await active()).toBe(services._id);
    await screenshot(page, { path: `${SHOTS}/page-move-dialog-1440.png` });

    // The filter narrows the list (words of the name or path, accents left aside); the arrows walk it.
    await page.keyboard.type('leist');
    await expect.poll(() => dialog.getByRole('option').count()).toBe(2);
    expect(await active()).toBe(services._id);
    await page.keyboard.press('ArrowDown');
    expect(await active()).toBe(coaching._id);
    await page.keyboard.press('ArrowDown');
    expect(await active()).toBe(coaching._id);
    await page.keyboard.press('ArrowUp');
    expect(await active()).toBe(services._id);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    // Moved under Leistungen (with its subpage), in the tree and in the database; the focus back on its grip.
    await expect.poll(async () => (await draft(suite.server, contact._id))._parent).toBe(services._id);
    await expect.poll(() => row(contact._id).innerText()).toContain('/Leistungen/Kontakt');
    await expect
      .poll(() => page.locator('[data-page]').allInnerTexts())
      .toContain('Anfahrt/Leistungen/Kontakt/Anfahrt');
    await expect.poll(() => focused(page)).toBe('Move Kontakt');

    // Space opens it again, now with Leistungen as the current place; Escape closes it without a move.
    await page.keyboard.press('Space');
    await dialog.waitFor();
    expect(await option(services._id).innerText()).toContain('Current');
    expect(await option(home._id).getAttribute('aria-disabled')).toBe(null);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('Move Kontakt');

    // Enter on the taken top level does nothing.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.type('top');
    expect(await active()).toBe('');
    await page.keyboard.press('Enter');
    expect(await dialog.isVisible()).toBe(true);
    await filter.fill('');
    // A place the server refuses (under Home, where a new Kontakt has /Kontakt now) says why, as a refused drop does.
    await suite.server.save('pageDraft', { name: 'Kontakt', _parent: home._id, elements: [] });
    await page.keyboard.type('home');
    expect(await active()).toBe(home._id);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toBe('The page “Kontakt” already has the path /Kontakt: choose another name or parent page');
    expect((await draft(suite.server, contact._id))._parent).toBe(services._id);
    await expect.poll(() => focused(page)).toBe('Move Kontakt');

    // A click without dragging opens it too, and Cancel closes it; on a phone it fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await grip.click();
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await screenshot(page, { path: `${SHOTS}/page-move-dialog-390.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The editor's page tree moves the same way, and says why a move was refused above the tree.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(suite.server.url(`/_/pageDrafts/${coaching._id}`));
    const editorTree = page.getByRole('navigation', { name: 'Page tree' });
    await editorTree.locator(`[data-page="${contact._id}"]`).getByRole('button', { name: 'Move Kontakt' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.type('home');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts())
      .toContain('The page “Kontakt” already has the path /Kontakt: choose another name or parent page');
    expect(errors).toEqual([]);
    await context.close();
  });
});
