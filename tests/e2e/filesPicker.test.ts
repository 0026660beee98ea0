import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from '../helpers/browser';
import { png, adminPage as openAdminPage, filesSuite, SHOTS } from './filesServer';
import { screenshot } from '../helpers/screenshots';

const suite = filesSuite();

/** The file a user's stored avatar names. */
const avatarFile = async (user: string) =>
  (await suite.server.api<{ avatar?: { file?: string } }>('GET', `/api/document/findById?model=user&id=${user}`)).avatar
    ?.file;

const adminPage = (path: string, viewport?: { width: number; height: number }) =>
  openAdminPage(suite.browser, suite.server, path, viewport);

describe('file picker and image presets', { timeout: 90_000 }, () => {
  it('picks an image for a form field through the file suite.browser in a dialog', async () => {
    const folder = await suite.server.folder('Portraits');
    const portrait = await suite.server.upload('anna.png', await png(400, 400, 330), 'image/png', folder._id);
    await suite.server.upload('lebenslauf.txt', Buffer.from('CV'), 'text/plain', folder._id);
    const self = await suite.server.api<{ _id: string }>('GET', '/api/self');
    const { page, context, errors } = await adminPage(`/_/users/${self._id}`);
    const field = page.getByLabel('Image file');
    await field.waitFor();
    // The field shows its (empty) value once the form is ready.
    await expect.poll(() => field.innerText()).toContain('Choose an image');
    await field.click();
    const dialog = page.getByRole('dialog', { name: 'Choose an image' });
    await dialog.waitFor();
    await dialog.locator('[role=option]', { hasText: 'Portraits' }).dblclick();
    await dialog.locator('[role=option]', { hasText: 'anna.png' }).waitFor();
    // A text file is not an image: selecting it offers nothing to pick.
    await dialog.locator('[role=option]', { hasText: 'lebenslauf.txt' }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Select', exact: true }).isDisabled()).toBe(true);
    await dialog.locator('[role=option]', { hasText: 'anna.png' }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Select', exact: true }).isEnabled()).toBe(true);
    await screenshot(page, { path: `${SHOTS}/picker-desktop.png` });
    await dialog.getByRole('button', { name: 'Select', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => field.innerText()).toContain('anna.png');
    await page.getByRole('button', { name: 'SAVE' }).click();
    await expect.poll(() => avatarFile(self._id)).toBe(portrait._id);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers the files by name to a user who may not browse them, instead of a browser the server refuses', async () => {
    const portrait = await suite.server.upload('rita.png', await png(300, 300, 40), 'image/png');
    await suite.server.api('POST', '/api/document/updateOne?model=role', {
      name: 'redaktion',
      permissions: ['manage:cms'],
    });
    const rita = await suite.server.api<{ _id: string }>('POST', '/api/document/updateOne?model=user', {
      login: 'rita',
      roles: ['redaktion'],
      password: 'rita-password-1',
    });
    const { page, context, errors } = await openAdminPage(
      suite.browser,
      suite.server,
      `/_/users/${rita._id}`,
      VIEWPORTS.desktop,
      { login: { username: 'rita', password: 'rita-password-1' } },
    );
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    // Before, the field opened the file browser, which said 'Not allowed to browse files' (403) and offered nothing.
    const field = page.locator('select#root_avatar_file');
    await expect.poll(() => field.locator('option').allInnerTexts()).toContain('rita.png');
    expect(await page.getByText('Browse', { exact: true }).count()).toBe(0);
    await field.selectOption({ label: 'rita.png' });
    await page.getByRole('button', { name: 'SAVE' }).click();
    await expect.poll(() => avatarFile(rita._id)).toBe(portrait._id);
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a touch screen says to tap, and a tap on an image picks it', async () => {
    const folder = await suite.server.folder('Teamfotos');
    await suite.server.upload('beat.png', await png(300, 300, 120), 'image/png', folder._id);
    // A new user's empty field: the picker opens at the root.
    const { page, context, errors } = await openAdminPage(
      suite.browser,
      suite.server,
      '/_/users/new',
      VIEWPORTS.phone,
      {
        touch: true,
      },
    );
    const field = page.getByLabel('Image file');
    await expect.poll(() => field.innerText()).toContain('Choose an image');
    await field.tap();
    const dialog = page.getByRole('dialog', { name: 'Choose an image' });
    await dialog.waitFor();
    const description = await dialog.getByText('Tap an image to choose it.').isVisible();
    expect(description).toBe(true);
    expect(await dialog.getByText('or double-click it').isVisible()).toBe(false);
    await dialog.locator('[role=option]', { hasText: 'Teamfotos' }).tap();
    await dialog.locator('[role=option]', { hasText: 'beat.png' }).tap();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => field.innerText()).toContain('beat.png');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists the presets with their sizes and a rendered sample', async () => {
    await suite.server.upload('sample.png', await png(1600, 1067, 200), 'image/png');
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { page, context, errors } = await adminPage('/_/imagePresets', viewport);
      const card = page.locator('[data-preset=thumbnail]');
      await card.waitFor();
      expect(await card.innerText()).toContain('153 × 102');
      expect(await page.locator('[data-preset=gallery]').innerText()).toContain('1400 wide');
      await expect
        .poll(
          () =>
            card
              .locator('img')
              .evaluate((img: HTMLImageElement) => img.naturalWidth)
              .catch(() => 0),
          { timeout: 15_000 },
        )
        .toBe(153);
      await screenshot(page, { settle: 500, path: `${SHOTS}/presets-${name}.png`, fullPage: name === 'desktop' });
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
