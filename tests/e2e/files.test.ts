import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from '../helpers/browser';
import { MP4, PDF, png, adminPage as openAdminPage, filesSuite, SHOTS } from './filesServer';
import { screenshot } from '../helpers/screenshots';

const suite = filesSuite();

const adminPage = (path: string, viewport?: { width: number; height: number }) =>
  openAdminPage(suite.browser, suite.server, path, viewport);

const tiles = (page: Page) => page.locator('[data-testid=file-browser] [role=option]');
const tileNames = (page: Page) => tiles(page).locator('span.truncate.font-medium').allInnerTexts();

describe('file browser', { timeout: 90_000 }, () => {
  it('shows folders and files and takes screenshots', async () => {
    const folder = await suite.server.folder('website');
    await suite.server.folder('Dokumente');
    await suite.server.upload('team-basel.png', await png(800, 533, 20), 'image/png');
    await suite.server.upload('Preisliste.pdf', PDF, 'application/pdf');
    await suite.server.upload('robots.txt', Buffer.from('User-agent: *\nAllow: /\n'), 'text/plain');
    await suite.server.upload('imagefilm.mp4', MP4, 'video/mp4');
    await suite.server.upload('rhein.png', await png(640, 400, 200), 'image/png', folder._id);
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { page, context, errors } = await adminPage('/_/files', viewport);
      await expect
        .poll(() => tileNames(page))
        .toEqual(['Dokumente', 'website', 'imagefilm.mp4', 'Preisliste.pdf', 'robots.txt', 'team-basel.png']);
      await page.locator('[data-testid=file-browser] img').first().waitFor();
      await screenshot(page, { settle: 300, path: `${SHOTS}/browser-${name}.png` });
      // The list view with a multi-selection.
      await page.getByRole('button', { name: 'List view' }).click();
      await tiles(page).filter({ hasText: 'website' }).click();
      await tiles(page)
        .filter({ hasText: 'team-basel.png' })
        .click({ modifiers: ['Shift'] });
      await screenshot(page, { settle: 200, path: `${SHOTS}/browser-list-${name}.png` });
      await page.getByRole('button', { name: 'Grid view' }).click();
      await tiles(page).filter({ hasText: 'team-basel.png' }).dblclick();
      await page.waitForURL(/\/_\/file\/[0-9a-f]{24}$/);
      await page.getByTestId('file-image').waitFor();
      await screenshot(page, { settle: 300, path: `${SHOTS}/detail-${name}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('uploads by button with a progress entry per file that vanishes 5 s after the end', async () => {
    const folder = await suite.server.folder('Uploads');
    const { page, context, errors } = await adminPage(`/_/files/${folder._id}`);
    await page.getByTestId('empty').waitFor();
    // The page's clock decides the 5 s, paused once the upload is done: no real seconds are waited for it.
    // Installed before the page loads (it fakes the timers the page creates).
    await page.clock.install();
    await page.reload();
    await page.getByTestId('empty').waitFor();
    // Slow the upload down so progress shows between 0 and 100.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 10,
      downloadThroughput: -1,
      uploadThroughput: 3 * 1024 * 1024,
    });
    await page.getByTestId('upload-input').setInputFiles([
      { name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(6 * 1024 * 1024, 'Basel ') },
      { name: 'small.txt', mimeType: 'text/plain', buffer: Buffer.from('klein') },
    ]);
    const entry = page.locator('.upload-entry').filter({ hasText: 'big.txt' });
    await entry.waitFor();
    expect(await page.locator('.upload-entry').count()).toBe(2);
    const seen = new Set<number>();
    for (let i = 0; i < 200 && (await entry.getAttribute('data-status')) !== 'done'; i += 1) {
      const now = await entry
        .getByRole('progressbar')
        .getAttribute('aria-valuenow')
        .catch(() => null);
      if (now !== null) seen.add(Number(now));
      await page.waitForTimeout(50);
    }
    await screenshot(page, { path: `${SHOTS}/uploads-desktop.png` });
    expect([...seen].some((value) => value > 0 && value < 100)).toBe(true);
    await expect.poll(() => entry.getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await page.clock.runFor(3400);
    await expect.poll(() => tileNames(page)).toEqual(['big.txt', 'small.txt']);
    expect(await entry.count()).toBe(1);
    await page.clock.runFor(1600);
    await expect.poll(() => entry.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reports failed uploads and uploads dropped files', async () => {
    const folder = await suite.server.folder('Drops');
    const { page, context } = await adminPage(`/_/files/${folder._id}`);
    await page.getByTestId('empty').waitFor();
    await page.route('**/api/files/upload?name=broken*', (route) =>
      route.fulfill({
        status: 415,
        contentType: 'application/json',
        body: '{"error":"Files of type x are not accepted"}',
      }),
    );
    await page.route('**/api/files/upload?name=offline*', (route) => route.abort('internetdisconnected'));
    await page.getByTestId('upload-input').setInputFiles([
      { name: 'broken.txt', mimeType: 'text/plain', buffer: Buffer.from('x') },
      { name: 'offline.txt', mimeType: 'text/plain', buffer: Buffer.from('y') },
    ]);
    await expect
      .poll(() => page.locator('.upload-entry[data-status=failed]').allInnerTexts())
      .toEqual([
        expect.stringContaining('Failed with status 415: Files of type x are not accepted'),
        expect.stringContaining('Network error'),
      ]);
    // Drag and drop from the desktop: a drop on the suite.browser uploads into the open folder.
    const transfer = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(new File(['dropped text'], 'dropped.txt', { type: 'text/plain' }));
      return data;
    });
    for (const type of ['dragenter', 'dragover', 'drop'])
      await page.dispatchEvent('[data-testid=drop-zone]', type, { dataTransfer: transfer });
    await expect.poll(() => tileNames(page)).toEqual(['dropped.txt']);
    await expect.poll(() => page.locator('.upload-entry').count(), { timeout: 8000 }).toBe(0);
    await context.close();
  });

  it('shows an upload of another tab at once (realtime cms/item)', async () => {
    const folder = await suite.server.folder('Realtime');
    const first = await adminPage(`/_/files/${folder._id}`);
    const second = await first.context.newPage();
    await second.goto(suite.server.url(`/_/files/${folder._id}`));
    await first.page.getByTestId('empty').waitFor();
    await second.getByTestId('empty').waitFor();
    await first.page
      .getByTestId('upload-input')
      .setInputFiles([{ name: 'aus-tab-eins.txt', mimeType: 'text/plain', buffer: Buffer.from('hallo') }]);
    await expect.poll(() => tileNames(second), { timeout: 10_000 }).toEqual(['aus-tab-eins.txt']);
    // And a change made elsewhere (the API) arrives too.
    await suite.server.upload('vom-suite.server.txt', Buffer.from('hallo'), 'text/plain', folder._id);
    await expect
      .poll(() => tileNames(second), { timeout: 10_000 })
      .toEqual(['aus-tab-eins.txt', 'vom-suite.server.txt']);
    await first.context.close();
  });

  it('selects by click, shift-click and Ctrl+A (not while typing), and loads pages on scroll', async () => {
    const folder = await suite.server.folder('Viele');
    for (let i = 1; i <= 62; i += 1)
      await suite.server.upload(
        `datei-${String(i).padStart(2, '0')}.txt`,
        Buffer.from(`Datei ${i}`),
        'text/plain',
        folder._id,
      );
    // 50 tiles fill more than 1.2 times this window, so the second page waits for the scroll.
    const { page, context } = await adminPage(`/_/files/${folder._id}`, { width: 1440, height: 600 });
    await expect.poll(() => tiles(page).count()).toBe(50);
    // The second page must not load without a scroll: time for it to have.
    await page.waitForTimeout(500);
    expect(await page.getByTestId('loaded-count').innerText()).toBe('50 of 62');

    const count = () => page.locator('[role=option][aria-selected=true]').count();
    await tiles(page).nth(0).click();
    await expect.poll(count).toBe(1);
    await tiles(page).nth(2).click();
    expect(await page.locator('[role=option][aria-selected=true]').innerText()).toContain('datei-03.txt');
    await tiles(page)
      .nth(4)
      .click({ modifiers: ['Shift'] });
    await tiles(page)
      .nth(5)
      .click({ modifiers: ['Shift'] });
    await expect.poll(count).toBe(3);
    await tiles(page)
      .nth(4)
      .click({ modifiers: ['Shift'] });
    await expect.poll(count).toBe(2);
    expect(await page.getByTestId('selection-count').innerText()).toBe('2 selected');

    await page.keyboard.press('Control+a');
    await expect.poll(count).toBe(50);
    await page.keyboard.press('Escape');
    await expect.poll(count).toBe(0);

    // Typing in a field keeps Ctrl+A for the field.
    await page.getByRole('button', { name: 'New folder' }).click();
    const input = page.getByRole('dialog').locator('input[name=name]');
    await input.fill('Neuer Ordner');
    await input.press('Control+a');
    await expect.poll(count).toBe(0);
    await input.press('Escape');

    // Scrolling to the end loads the next page of children.
    await page.getByTestId('page-sentinel').scrollIntoViewIfNeeded();
    await expect.poll(() => tiles(page).count()).toBe(62);
    expect(await page.getByTestId('loaded-count').innerText()).toBe('62 of 62');
    await page.keyboard.press('Control+a');
    await expect.poll(count).toBe(62);
    await context.close();
  });

  it('creates, renames, moves and deletes', async () => {
    const folder = await suite.server.folder('Arbeit');
    await suite.server.upload('entwurf.txt', Buffer.from('Entwurf'), 'text/plain', folder._id);
    const { page, context } = await adminPage(`/_/files/${folder._id}`);
    await expect.poll(() => tileNames(page)).toEqual(['entwurf.txt']);

    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog').locator('input[name=name]').fill('Archiv');
    // admin sees the permission fields
    await page.getByRole('dialog').locator('input[name=_read]').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => tileNames(page)).toEqual(['Archiv', 'entwurf.txt']);

    await tiles(page).filter({ hasText: 'entwurf.txt' }).click();
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('dialog').locator('input[name=name]').fill('final.txt');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => tileNames(page)).toEqual(['Archiv', 'final.txt']);

    // Drag the file onto the folder: it moves there.
    await tiles(page)
      .filter({ hasText: 'final.txt' })
      .dragTo(tiles(page).filter({ hasText: 'Archiv' }));
    await expect.poll(() => tileNames(page)).toEqual(['Archiv']);

    // A folder that holds items is not deleted, nor anything selected with it: the browser says why at
    // once, without asking first (the server would refuse the folder after the file had gone).
    await suite.server.upload('notiz.txt', Buffer.from('Notiz'), 'text/plain', folder._id);
    await expect.poll(() => tileNames(page)).toEqual(['Archiv', 'notiz.txt']);
    await tiles(page).filter({ hasText: 'Archiv' }).click();
    await tiles(page)
      .filter({ hasText: 'notiz.txt' })
      .click({ modifiers: ['Shift'] });
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toBe('The folder “Archiv” is not empty: delete or move its contents first');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await tileNames(page)).toEqual(['Archiv', 'notiz.txt']);
    await tiles(page).filter({ hasText: 'notiz.txt' }).click();
    await page.getByRole('button', { name: 'Delete' }).click({ modifiers: ['Shift'] });
    await expect.poll(() => tileNames(page)).toEqual(['Archiv']);

    await tiles(page).filter({ hasText: 'Archiv' }).dblclick();
    await expect.poll(() => tileNames(page)).toEqual(['final.txt']);
    expect(await page.getByRole('navigation', { name: 'Breadcrumbs' }).innerText()).toContain('Arbeit');

    // 'Move to…' back to the parent folder through the dialog.
    await tiles(page).first().click();
    await page.getByRole('button', { name: 'Move to…' }).click();
    await page.getByRole('dialog').getByRole('navigation', { name: 'Breadcrumbs' }).getByText('Arbeit').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Move here' }).click();
    await expect.poll(() => tileNames(page)).toEqual([]);
    await page.getByRole('navigation', { name: 'Breadcrumbs' }).first().getByText('Arbeit').click();
    await expect.poll(() => tileNames(page)).toEqual(['Archiv', 'final.txt']);

    // Delete asks with the hold-to-confirm dialog; shift-click skips it.
    await tiles(page).filter({ hasText: 'final.txt' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog').getByRole('button', { name: 'Delete' });
    expect(await confirm.isDisabled()).toBe(true);
    await expect.poll(() => confirm.isEnabled(), { timeout: 4000 }).toBe(true);
    await confirm.click();
    await expect.poll(() => tileNames(page)).toEqual(['Archiv']);
    await tiles(page).first().click();
    await page.getByRole('button', { name: 'Delete' }).click({ modifiers: ['Shift'] });
    await expect.poll(() => tileNames(page)).toEqual([]);
    await context.close();
  });
});

describe('folder permissions in the file browser', { timeout: 90_000 }, () => {
  it('keeps the delete dialog open with the reason when the server refuses, and the refused item selected', async () => {
    const parent = await suite.server.folder('Ablage');
    const filled = await suite.server.folder('Belege', parent._id);
    await suite.server.upload('quittung.txt', Buffer.from('Quittung'), 'text/plain', parent._id);
    const { page, context, errors } = await adminPage(`/_/files/${parent._id}`);
    await expect.poll(() => tileNames(page)).toEqual(['Belege', 'quittung.txt']);
    // Another tab puts a file into the folder after this one asked to delete it (the folder was empty).
    let releaseDelete!: () => void;
    const deleteHeld = new Promise<void>((resolve) => (releaseDelete = resolve));
    await page.route('**/api/document/delete?model=folder*', async (route) => {
      await suite.server.upload('spät.txt', Buffer.from('spät'), 'text/plain', filled._id);
      releaseDelete();
      await route.continue();
    });
    await tiles(page).filter({ hasText: 'Belege' }).click();
    await tiles(page)
      .filter({ hasText: 'quittung.txt' })
      .click({ modifiers: ['Shift'] });
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    await expect.poll(() => confirm.isEnabled(), { timeout: 4000 }).toBe(true);
    await confirm.click();
    await deleteHeld;
    // The file went, the folder did not: the dialog says which and why, and stays open.
    await expect
      .poll(() => dialog.getByRole('alert').innerText())
      .toBe(
        'Not deleted. “Belege”: The folder is not empty: delete or move its contents first. The other item was deleted.',
      );
    await expect.poll(() => tileNames(page)).toEqual(['Belege']);
    expect(await tiles(page).filter({ hasText: 'Belege' }).getAttribute('aria-selected')).toBe('true');
    await screenshot(page, { path: `${SHOTS}/delete-refused.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await dialog.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the new-folder and rename dialogs open with the server's refusal, under the name", async () => {
    const parent = await suite.server.folder('Namen');
    await suite.server.folder('Belegt', parent._id);
    await suite.server.upload('brief.txt', Buffer.from('Brief'), 'text/plain', parent._id);
    const { page, context, errors } = await adminPage(`/_/files/${parent._id}`);
    await expect.poll(() => tileNames(page)).toEqual(['Belegt', 'brief.txt']);
    const dialog = page.getByRole('dialog');

    // Before, the refusal went to the browser's error line behind the dialog, which stayed open saying nothing.
    await page.getByRole('button', { name: 'New folder' }).click();
    await dialog.locator('input[name=name]').fill('Belegt');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toBe('A folder named Belegt already exists here');
    expect(await dialog.locator('input[name=name]').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('alert').count()).toBe(0);

    await tiles(page).filter({ hasText: 'brief.txt' }).click();
    await page.getByRole('button', { name: 'Rename' }).click();
    await dialog.locator('input[name=name]').fill(`${'x'.repeat(252)}.txt`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toBe('must have at most 255 characters');
    await screenshot(page, { path: `${SHOTS}/rename-refused.png` });
    // Typing again takes the old reason away; a name the server takes closes the dialog.
    await dialog.locator('input[name=name]').fill('antwort.txt');
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => tileNames(page)).toEqual(['Belegt', 'antwort.txt']);
    expect(await dialog.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the new-folder dialog says what empty permissions mean among the permission fields, not under the name', async () => {
    const viewports = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };
    for (const [name, viewport] of Object.entries(viewports)) {
      const { page, context, errors } = await adminPage('/_/files', viewport);
      await page.getByRole('button', { name: 'New folder' }).click();
      const dialog = page.getByRole('dialog');
      const group = dialog.getByRole('group', { name: 'Permissions' });
      expect(await group.getByTestId('permission-rule').innerText()).toBe(
        'Left empty, everyone with access to the files sees it.',
      );
      expect(
        await group.locator('input').evaluateAll((inputs) => inputs.map((input) => input.getAttribute('name'))),
      ).toEqual(['_read', '_write']);
      // Below the name field, above the permission fields.
      const top = async (selector: string) => (await dialog.locator(selector).boundingBox())!.y;
      expect(await top('[data-testid=permission-rule]')).toBeGreaterThan(await top('input[name=name]'));
      expect(await top('input[name=_read]')).toBeGreaterThan(await top('[data-testid=permission-rule]'));
      await screenshot(page, { settle: 200, path: `${SHOTS}/new-folder-dialog-${name}.png` });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('a new folder starts with the open folder’s permissions, and the dialogs say how they spread', async () => {
    const privat = await suite.server.api<{ _id: string }>('POST', '/api/document/updateOne?model=folder', {
      name: 'Personal',
      _read: ['admin'],
      _write: ['admin'],
    });
    await suite.server.upload('lohn.txt', Buffer.from('Lohn'), 'text/plain', privat._id);
    const viewports = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };
    for (const [name, viewport] of Object.entries(viewports)) {
      const { page, context, errors } = await adminPage(`/_/files/${privat._id}`, viewport);
      await expect.poll(() => tileNames(page)).toContain('lohn.txt');
      await page.getByRole('button', { name: 'New folder' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[name=name]').fill(`Verträge ${name}`);
      expect(await dialog.locator('input[name=_read]').inputValue()).toBe('admin');
      expect(await dialog.locator('input[name=_write]').inputValue()).toBe('admin');
      expect(await dialog.getByTestId('permission-rule').innerText()).toContain(
        'Starts with the permissions of "Personal"',
      );
      await screenshot(page, { settle: 200, path: `${SHOTS}/permissions-new-folder-${name}.png` });
      // Emptied, the lists are not sent: the folder still takes its folder's.
      await dialog.locator('input[name=_read]').fill('');
      await dialog.locator('input[name=_write]').fill('');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect.poll(() => tileNames(page)).toContain(`Verträge ${name}`);
      const created = await suite.server.api<{ results: { _read?: string[]; _write?: string[] }[] }>(
        'POST',
        '/api/document/find',
        { model: 'folder', query: { name: `Verträge ${name}` }, fields: ['name', '_read', '_write'] },
      );
      expect(created.results[0]).toMatchObject({ _read: ['admin'], _write: ['admin'] });
      expect(errors).toEqual([]);
      await context.close();
    }

    // Editing a folder says that its change reaches everything inside.
    const { page, context, errors } = await adminPage('/_/files', viewports.desktop);
    await tiles(page).filter({ hasText: 'Personal' }).click();
    await page.getByRole('button', { name: 'Rename' }).click();
    expect(await page.getByRole('dialog').getByTestId('permission-rule').innerText()).toContain(
      'Changes apply to everything inside',
    );
    await screenshot(page, { settle: 200, path: `${SHOTS}/permissions-edit-folder-desktop.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('file detail', { timeout: 60_000 }, () => {
  it('shows each type inline: image, pdf, txt, video, raw JSON and an open link', async () => {
    const image = await suite.server.upload('detail.png', await png(320, 200, 120), 'image/png');
    const pdf = await suite.server.upload('detail.pdf', PDF, 'application/pdf');
    const txt = await suite.server.upload('detail.txt', Buffer.from('Grüße aus Zürich'), 'text/plain');
    const video = await suite.server.upload('detail.mp4', MP4, 'video/mp4');
    const { page, context, errors } = await adminPage(`/_/file/${image._id}`);
    await page.getByTestId('file-image').waitFor();
    await expect
      .poll(() => page.getByTestId('file-image').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(320);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('detail.png');
    // One size, as in the header, with the exact bytes beside it.
    const size = await page.getByText(/^[\d.]+ (Bytes|KB) \([\d']+ Bytes\)$/).innerText();
    expect(await page.getByText(size.split(' (')[0], { exact: false }).count()).toBeGreaterThan(1);
    expect(JSON.parse(await page.getByTestId('raw-json').innerText())).toMatchObject({
      _id: image._id,
      name: 'detail.png',
      mimeType: 'image/png',
    });
    // Long lines (timestamps, ids) wrap inside the card: nothing is cut off at its edge.
    const raw = page.getByTestId('raw-json');
    expect(await raw.evaluate((pre) => pre.scrollWidth - pre.clientWidth)).toBe(0);
    const card = page.getByRole('region', { name: 'Raw JSON' });
    expect(await card.evaluate((section) => section.scrollWidth - section.clientWidth)).toBe(0);
    const link = page.getByRole('link', { name: 'open file' });
    expect(await link.getAttribute('href')).toMatch(/^blob:/);
    expect(await link.getAttribute('target')).toBe('_blank');

    await page.goto(suite.server.url(`/_/file/${pdf._id}`));
    await page.locator('embed[type="application/pdf"][data-testid=file-embed]').waitFor({ state: 'attached' });
    await page.goto(suite.server.url(`/_/file/${txt._id}`));
    const frame = page.locator('iframe[data-testid=file-embed]');
    await frame.waitFor();
    // Read as UTF-8: the umlauts stay umlauts.
    await expect.poll(() => frame.contentFrame().locator('body').innerText()).toBe('Grüße aus Zürich');
    await page.goto(suite.server.url(`/_/file/${video._id}`));
    const player = page.getByTestId('file-video');
    await player.waitFor();
    expect(await player.getAttribute('controls')).not.toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
