import { describe, expect, it } from 'vitest';
import { adminSuite } from './adminServer';
import { draft, openEditor } from './pageEditor';

const suite = adminSuite();

const activeId = (page: import('playwright-core').Page) => page.evaluate(() => document.activeElement?.id);

describe('copying a page', { timeout: 120_000 }, () => {
  it('says in the dialog which page has the path, focuses the name, keeps what was typed, then copies', async () => {
    const home = await suite.server.save('pageDraft', { name: 'Home', elements: [] });
    await suite.server.save('pageDraft', { name: 'Impressum', _parent: home._id, elements: [] });
    const { _id: id } = await suite.server.save('pageDraft', {
      name: 'Termin',
      title: 'Termin vereinbaren',
      _parent: home._id,
      elements: [{ tag: 'paragraph', props: { text: 'Wir freuen uns', alignment: 'left' } }],
    });
    const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${id}`);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy page?' });
    const name = dialog.locator('#copy_name');
    const copyButton = dialog.getByRole('button', { name: 'Copy', exact: true });

    // A blank name is refused before asking the server, under the field, which gets the focus.
    await name.fill('  ');
    await copyButton.click();
    await dialog.getByText('Give the copy a name: its path is made from it').waitFor();
    expect(await activeId(page)).toBe('copy_name');

    // A name whose path another page has: the dialog names that page, next to the name field.
    await name.fill('Impressum');
    await dialog.locator('#copy_title').fill('Kopie des Termins');
    await copyButton.click();
    const clash = dialog.getByText('The page “Impressum” already has the path /Impressum');
    await clash.waitFor({ timeout: 10_000 });
    expect(await dialog.isVisible()).toBe(true);
    expect(await activeId(page)).toBe('copy_name');
    expect(await name.inputValue()).toBe('Impressum');
    expect(await dialog.locator('#copy_title').inputValue()).toBe('Kopie des Termins');
    // Not only in the button's tooltip: no tooltip, and the button is ready again.
    expect(await page.getByRole('tooltip').count()).toBe(0);
    await expect.poll(() => copyButton.getAttribute('data-state')).toBe('idle');
    expect(page.url()).toContain(id);

    // Changing the name takes the message away; a free one copies and opens the copy.
    await name.fill('Termin 2');
    expect(await clash.count()).toBe(0);
    await copyButton.click();
    await page.waitForURL((url) => /\/_\/pageDrafts\/[0-9a-f]{24}$/.test(url.pathname) && !url.pathname.endsWith(id));
    const copyId = page.url().split('/').pop()!;
    expect(await draft(suite.server, copyId)).toMatchObject({
      name: 'Termin 2',
      title: 'Kopie des Termins',
      _path: '/Termin-2',
      elements: [{ tag: 'paragraph', props: { text: 'Wir freuen uns' } }],
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});
