import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminPage as openAdminPage, filesSuite, SHOTS } from './filesServer';
import { screenshot } from '../helpers/screenshots';

const suite = filesSuite();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const phonePage = (path: string) => openAdminPage(suite.browser, suite.server, path, PHONE, { touch: true });

const tiles = (page: Page) => page.locator('[data-testid=file-browser] [role=option]');
const tile = (page: Page, name: string) => tiles(page).filter({ hasText: name });
const tileNames = (page: Page) => tiles(page).locator('span.truncate.font-medium').allInnerTexts();
const selectedCount = (page: Page) => page.locator('[role=option][aria-selected=true]').count();
const shot = (page: Page, name: string) => screenshot(page, { path: `${SHOTS}/touch-${name}.png` });

/** A finger held on the element until it is selected (the long press), then lifted. */
async function longPress(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to press');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await expect.poll(() => target.getAttribute('aria-selected')).toBe('true');
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function childNames(folder?: string): Promise<string[]> {
  const query = new URLSearchParams({ ...(folder ? { id: folder } : {}) });
  const result = await suite.server.api<{ children: { name: string }[] }>('GET', `/api/files/folder?${query}`);
  return result.children.map((child) => child.name);
}

describe('file browser on a phone (touch)', { timeout: 120_000 }, () => {
  it('a tap opens a folder or a file; the shift-click tip is not offered', async () => {
    const folder = await suite.server.folder('Tippen');
    const inner = await suite.server.folder('Innen', folder._id);
    const file = await suite.server.upload(
      'zwanzig.txt',
      Buffer.from('zwanzig Bytes genau!'),
      'text/plain',
      folder._id,
    );
    const { page, context, errors } = await phonePage(`/_/files/${folder._id}`);
    await expect.poll(() => tileNames(page)).toEqual(['Innen', 'zwanzig.txt']);
    await shot(page, 'folder');

    await tile(page, 'Innen').tap();
    await page.waitForURL(new RegExp(`/_/files/${inner._id}$`));
    await page.goBack();
    await tile(page, 'zwanzig.txt').tap();
    await page.waitForURL(new RegExp(`/_/file/${file._id}$`));
    // An exact size says so once, without the same count in brackets.
    const details = page.getByRole('region', { name: 'Details' });
    await expect.poll(() => details.locator('dd').nth(2).innerText()).toBe('20 Bytes');
    await shot(page, 'detail');
    await page.goBack();

    // Selected by a long press, the file is deleted through the dialog, which offers no shift-click here.
    await expect.poll(() => tileNames(page)).toEqual(['Innen', 'zwanzig.txt']);
    await longPress(page, tile(page, 'zwanzig.txt'));
    expect(page.url()).toMatch(new RegExp(`/_/files/${folder._id}$`));
    await page.getByRole('button', { name: 'Delete' }).tap();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByText('This cannot be undone from the list.').isVisible()).toBe(true);
    expect(await dialog.getByText(/shift-click/).isVisible()).toBe(false);
    await shot(page, 'delete-dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    await expect.poll(() => confirm.isEnabled(), { timeout: 4000 }).toBe(true);
    await confirm.tap();
    await expect.poll(() => tileNames(page)).toEqual(['Innen']);
    expect(errors).toEqual([]);
    await context.close();

    // With a mouse the tip stays, and a click selects rather than opens.
    const desktop = await openAdminPage(suite.browser, suite.server, `/_/files/${folder._id}`, DESKTOP);
    await tile(desktop.page, 'Innen').click();
    await expect.poll(() => selectedCount(desktop.page)).toBe(1);
    expect(desktop.page.url()).toMatch(new RegExp(`/_/files/${folder._id}$`));
    expect(await desktop.page.getByRole('button', { name: 'Select', exact: true }).isVisible()).toBe(false);
    await desktop.page.getByRole('button', { name: 'Delete' }).click();
    expect(
      await desktop.page
        .getByRole('dialog')
        .getByText(/shift-click/)
        .isVisible(),
    ).toBe(true);
    await desktop.context.close();
  });

  it('selects several files by long press or Select, and moves and deletes them', async () => {
    const folder = await suite.server.folder('Mehrere');
    const target = await suite.server.folder('Ablage', folder._id);
    for (const name of ['a.txt', 'b.txt', 'c.txt', 'd.txt'])
      await suite.server.upload(name, Buffer.from(name), 'text/plain', folder._id);
    const { page, context, errors } = await phonePage(`/_/files/${folder._id}`);
    await expect.poll(() => tileNames(page)).toEqual(['Ablage', 'a.txt', 'b.txt', 'c.txt', 'd.txt']);

    // A long press starts selection mode; taps then toggle instead of opening.
    await longPress(page, tile(page, 'a.txt'));
    await tile(page, 'b.txt').tap();
    await tile(page, 'Ablage').tap();
    await expect.poll(() => selectedCount(page)).toBe(3);
    await tile(page, 'Ablage').tap();
    await expect.poll(() => selectedCount(page)).toBe(2);
    expect(page.url()).toMatch(new RegExp(`/_/files/${folder._id}$`));
    expect(await page.getByTestId('selection-count').innerText()).toBe('2 selected');
    // Its buttons are for fingers: 44 px targets.
    for (const button of await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(
        Math.min(box.width, box.height),
        `${await button.getAttribute('aria-label')} ${await button.innerText()} ${box.width}x${box.height}`,
      ).toBeGreaterThanOrEqual(44);
    }
    await shot(page, 'selecting');
    // A finger that lands beside the tiles keeps the selection (a mouse click there clears it).
    await page.getByTestId('drop-zone').tap({ position: { x: 6, y: 6 } });
    expect(await selectedCount(page)).toBe(2);
    await page.getByRole('button', { name: 'Move to…' }).tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Ablage' }).tap();
    await expect.poll(() => dialog.getByRole('navigation', { name: 'Breadcrumbs' }).innerText()).toContain('Ablage');
    await shot(page, 'move-dialog');
    await dialog.getByRole('button', { name: 'Move here' }).tap();
    await expect.poll(() => tileNames(page)).toEqual(['Ablage', 'c.txt', 'd.txt']);
    expect(await childNames(target._id)).toEqual(['a.txt', 'b.txt']);
    // Done with the move, the browser is out of selection mode: a tap opens again.
    expect(await page.getByRole('toolbar', { name: 'Selection' }).count()).toBe(0);

    // Select starts selection mode without a long press; Select all takes every item.
    await page.getByRole('button', { name: 'Select', exact: true }).tap();
    expect(await page.getByTestId('selection-count').innerText()).toBe('0 selected');
    await tile(page, 'c.txt').tap();
    await tile(page, 'd.txt').tap();
    await expect.poll(() => selectedCount(page)).toBe(2);
    await page.getByRole('button', { name: 'Delete' }).tap();
    const confirm = page.getByRole('dialog').getByRole('button', { name: 'Delete' });
    expect(await page.getByRole('dialog').getByRole('heading').innerText()).toBe('Delete 2 items?');
    await expect.poll(() => confirm.isEnabled(), { timeout: 4000 }).toBe(true);
    await confirm.tap();
    await expect.poll(() => tileNames(page)).toEqual(['Ablage']);
    await page.getByRole('button', { name: 'Select', exact: true }).tap();
    await page.getByRole('button', { name: 'Select all' }).tap();
    await expect.poll(() => selectedCount(page)).toBe(1);
    await page.getByRole('button', { name: 'Done' }).tap();
    await expect.poll(() => selectedCount(page)).toBe(0);
    await tile(page, 'Ablage').tap();
    await page.waitForURL(new RegExp(`/_/files/${target._id}$`));

    // The list view shows the checks in selection mode too.
    await page.getByRole('button', { name: 'List view' }).tap();
    await longPress(page, tile(page, 'b.txt'));
    expect(await tiles(page).locator('svg.lucide-check').count()).toBe(2);
    await shot(page, 'selecting-list');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the root and the parent folder in the breadcrumbs, the middle folded', async () => {
    let parent: string | undefined;
    const ids: string[] = [];
    for (const name of ['Kunden', 'Basel', 'Projekte 2026', 'Entwürfe']) {
      parent = (await suite.server.folder(name, parent))._id;
      ids.push(parent);
    }
    const file = await suite.server.upload('plan.txt', Buffer.from('Plan'), 'text/plain', parent);
    const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumbs' }).first();
    const visible = (page: Page) =>
      crumbs(page)
        .locator('li')
        .evaluateAll((items) =>
          items
            .filter((item) => (item as HTMLElement).offsetParent !== null)
            .map((item) => (item as HTMLElement).innerText.trim() || 'root'),
        );

    const { page, context, errors } = await phonePage(`/_/files/${parent}`);
    await expect.poll(() => visible(page)).toEqual(['root', '…', 'Projekte 2026', 'Entwürfe']);
    await shot(page, 'crumbs');
    await crumbs(page).getByRole('button', { name: 'Show the whole path' }).tap();
    await expect.poll(() => visible(page)).toEqual(['root', 'Kunden', 'Basel', 'Projekte 2026', 'Entwürfe']);
    await shot(page, 'crumbs-open');
    await crumbs(page).getByRole('link', { name: 'Projekte 2026' }).tap();
    await page.waitForURL(new RegExp(`/_/files/${ids[2]}$`));
    // Another folder folds again.
    await expect.poll(() => visible(page)).toEqual(['root', '…', 'Basel', 'Projekte 2026']);
    await crumbs(page).getByRole('link', { name: 'Files root' }).tap();
    await page.waitForURL(/\/_\/files$/);

    // The file detail keeps the way back to its folder.
    await page.goto(suite.server.url(`/_/file/${file._id}`));
    await expect.poll(() => visible(page)).toEqual(['root', '…', 'Entwürfe', 'plan.txt']);
    await shot(page, 'detail-crumbs');
    expect(errors).toEqual([]);
    await context.close();

    const desktop = await openAdminPage(suite.browser, suite.server, `/_/files/${parent}`, DESKTOP);
    await expect.poll(() => visible(desktop.page)).toEqual(['root', 'Kunden', 'Basel', 'Projekte 2026', 'Entwürfe']);
    await desktop.context.close();
  });

  it('the rename dialog says Rename, for files and folders', async () => {
    const folder = await suite.server.folder('Umbenennen');
    await suite.server.folder('Unterordner', folder._id);
    await suite.server.upload('notiz.txt', Buffer.from('Notiz'), 'text/plain', folder._id);
    for (const [name, open] of [
      ['phone', () => phonePage(`/_/files/${folder._id}`)],
      ['desktop', () => openAdminPage(suite.browser, suite.server, `/_/files/${folder._id}`, DESKTOP)],
    ] as const) {
      const { page, context, errors } = await open();
      await expect.poll(() => tileNames(page)).toEqual(['Unterordner', 'notiz.txt']);
      for (const [item, title] of [
        ['Unterordner', 'Rename folder'],
        ['notiz.txt', 'Rename file'],
      ]) {
        if (name === 'phone') await longPress(page, tile(page, item));
        else await tile(page, item).click();
        await page.getByRole('button', { name: 'Rename' }).click();
        expect(await page.getByRole('dialog').getByRole('heading').first().innerText()).toBe(title);
        await shot(page, `rename-${name}`);
        await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
        await page.keyboard.press('Escape');
        await expect.poll(() => selectedCount(page)).toBe(0);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
