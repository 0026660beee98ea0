import { describe, expect, it } from 'vitest';
import { DocumentRepository } from '../../src/server/modules/documents/repository';
import { createObjectId } from '../../src/shared/format/objectId';
import { newPage } from '../helpers/browser';
import { userWithRole } from '../helpers/users';
import { adminPage, filesSuite, png, selectTile, SHOTS } from './filesServer';
import { screenshot } from '../helpers/screenshots';

const suite = filesSuite();
const viewports = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

describe('deleting a file that pages use', { timeout: 120_000 }, () => {
  it('the delete dialog says where it is used; deleted anyway, the live page shows nothing in its place', async () => {
    const folder = await suite.server.folder('Audit Bilder');
    const file = await suite.server.upload('team-foto.png', await png(800, 533, 40), 'image/png', folder._id);
    const spare = await suite.server.upload('unbenutzt.png', await png(400, 300, 120), 'image/png', folder._id);
    // The site configuration's favicon is a file's preset: its delete dialog names that use too.
    const logo = await suite.server.upload('logo.png', await png(256, 256, 20), 'image/png', folder._id);
    await suite.server.api('POST', '/api/document/updateOne?model=siteConfig', {
      title: 'Atelier Rhein',
      favicon: `/api/files/imagePreset?id=${logo._id}&preset=favicon`,
    });
    const image = { tag: 'image', props: { image: { file: file._id, alt: 'Team-Foto' }, preset: 'fullWidth' } };
    const heading = { tag: 'paragraph', props: { text: 'Unser Angebot' } };
    const repo = new DocumentRepository(suite.server.db);
    const drafts: string[] = [];
    for (const [name, path] of [
      ['Home', '/'],
      ['Angebot', '/Angebot'],
    ]) {
      const id = createObjectId();
      await repo.insert('page', id, { name, _path: path, _read: ['guest'], elements: [heading, image] });
      await repo.insert('pageDraft', id, { name, _path: path, _read: ['guest'], elements: [heading, image] });
      drafts.push(id);
    }
    const layoutId = createObjectId();
    await repo.insert('layout', layoutId, { name: 'Standard', elements: [{ position: 1000, element: image }] });

    // The live page shows the image before the delete (and the page cache holds it).
    const visitor = await suite.browser.newContext({ viewport: viewports.desktop });
    const site = (await newPage(visitor)).page;
    await site.goto(suite.server.url('/Angebot'), { waitUntil: 'networkidle' });
    expect(await site.locator(`main img[alt="Team-Foto"]`).count()).toBe(1);

    for (const [name, viewport] of Object.entries(viewports)) {
      const { page, context, errors } = await adminPage(
        suite.browser,
        suite.server,
        `/_/files/${folder._id}`,
        viewport,
      );
      const tile = await selectTile(page, 'unbenutzt.png');
      await page.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog');
      await expect
        .poll(() => dialog.getByTestId('file-usage').innerText())
        .toBe('Not used on any page, layout or other document.');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await tile.click(); // unselect

      const logoTile = await selectTile(page, 'logo.png');
      await page.getByRole('button', { name: 'Delete' }).click();
      await expect
        .poll(() =>
          dialog
            .getByTestId('file-usage')
            .innerText()
            .catch(() => ''),
        )
        .toContain('In 1 site configuration: Atelier Rhein (Favicon URL)');
      await screenshot(page, { path: `${SHOTS}/delete-favicon-file-${name}.png` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await logoTile.click(); // unselect

      await page.locator('[data-testid=file-browser] [role=option]', { hasText: 'team-foto.png' }).click();
      await page.getByRole('button', { name: 'Delete' }).click();
      const usage = dialog.getByTestId('file-usage');
      await expect.poll(() => usage.innerText().catch(() => '')).toContain('Used on 2 pages: Angebot, Home');
      expect(await usage.innerText()).toContain('In 1 layout: Standard');
      // settle: the Delete button's fill (spec section 2) finishes first.
      await screenshot(page, { settle: 2300, path: `${SHOTS}/delete-used-file-${name}.png` });
      if (name === 'desktop') {
        await dialog.getByRole('button', { name: 'Cancel' }).click();
      } else {
        // Deliberately deleted all the same.
        await dialog.getByRole('button', { name: 'Delete' }).click();
        await expect
          .poll(() => page.locator('[data-testid=file-browser] [role=option]').allInnerTexts())
          .toEqual([expect.stringContaining('logo.png'), expect.stringContaining('unbenutzt.png')]);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(spare._id).not.toBe(file._id);

    // The live page: no broken image where the file was, server-rendered and after client navigation.
    await site.reload({ waitUntil: 'networkidle' });
    expect(await site.locator('main').innerText()).toContain('Unser Angebot');
    expect(await site.locator('img[alt="Team-Foto"]').count()).toBe(0);
    await screenshot(site, { path: `${SHOTS}/public-after-file-delete-desktop.png` });
    await site.setViewportSize(viewports.phone);
    await site.goto(suite.server.url('/'), { waitUntil: 'networkidle' });
    expect(await site.locator('img[alt="Team-Foto"]').count()).toBe(0);
    await screenshot(site, { path: `${SHOTS}/public-after-file-delete-phone.png` });
    await visitor.close();

    // The page editor's and the layout editor's previews show the elements as the site does: no broken image.
    for (const [name, viewport] of Object.entries(viewports)) {
      for (const [what, url] of [
        ['page', `/_/pageDrafts/${drafts[1]}`],
        ['layout', `/_/layouts/${layoutId}`],
      ]) {
        const { page, context, errors } = await adminPage(suite.browser, suite.server, url, viewport);
        const frame = page.frameLocator('iframe[title=Vorschau]');
        if (what === 'page') await frame.getByText('Unser Angebot').waitFor();
        else await frame.locator('[data-el]').first().waitFor({ state: 'attached' });
        await page.waitForLoadState('networkidle');
        expect(await frame.locator('img[alt="Team-Foto"]').count(), `${what} ${name}`).toBe(0);
        const broken = await frame
          .locator('img')
          .evaluateAll((images) => images.filter((img) => !(img as HTMLImageElement).naturalWidth).length);
        expect(broken, `${what} ${name}`).toBe(0);
        await screenshot(page, { path: `${SHOTS}/editor-after-file-delete-${what}-${name}.png` });
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });

  it('tells staff that a file is also used on pages they may not open, without naming them', async () => {
    const folder = await suite.server.folder('Vorstand Bilder');
    const file = await suite.server.upload('sitzung.png', await png(800, 533, 280), 'image/png', folder._id);
    const image = { tag: 'image', props: { image: { file: file._id, alt: 'Sitzung' }, preset: 'fullWidth' } };
    const repo = new DocumentRepository(suite.server.db);
    const admins = { _read: ['admin'], _write: ['admin'] };
    const open = createObjectId();
    const secret = createObjectId();
    await repo.insert('page', open, { name: 'Rückblick', _path: '/Rueckblick', _read: ['guest'], elements: [image] });
    await repo.insert('page', secret, { name: 'Vorstandssitzung', _path: '/Vorstand', ...admins, elements: [image] });
    await repo.insert('pageDraft', secret, {
      name: 'Vorstandssitzung',
      _path: '/Vorstand',
      ...admins,
      elements: [image],
    });
    const staff = await userWithRole(suite.server, suite.server.token, 'nina', 'staff');

    for (const [name, viewport] of Object.entries(viewports)) {
      const { page, context, errors } = await adminPage(
        suite.browser,
        suite.server,
        `/_/files/${folder._id}`,
        viewport,
        {
          login: { username: 'nina', password: staff.password },
        },
      );
      await selectTile(page, 'sitzung.png');
      await page.getByRole('button', { name: 'Delete' }).click();
      const usage = page.getByRole('dialog').getByTestId('file-usage');
      await expect.poll(() => usage.innerText().catch(() => '')).toContain('Used on 1 page: Rückblick');
      expect(await usage.innerText()).toContain('Also used on 1 page you may not open');
      expect(await usage.innerText()).not.toContain('Vorstand');
      // settle: the Delete button's fill (spec section 2) finishes first.
      await screenshot(page, { settle: 2300, path: `${SHOTS}/delete-file-hidden-use-${name}.png` });
      expect(errors).toEqual([]);
      await context.close();
    }

    // The admin, who may open it, sees it named.
    const { page, context } = await adminPage(suite.browser, suite.server, `/_/files/${folder._id}`);
    await page.locator('[data-testid=file-browser] [role=option]', { hasText: 'sitzung.png' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const usage = page.getByRole('dialog').getByTestId('file-usage');
    await expect
      .poll(() => usage.innerText().catch(() => ''))
      .toContain('Used on 2 pages: Rückblick, Vorstandssitzung');
    expect(await usage.innerText()).not.toContain('may not open');
    await context.close();
  });
});
