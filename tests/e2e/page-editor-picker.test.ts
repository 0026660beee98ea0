import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite } from './adminServer';
import { draft, openEditor, outlineRow, waitSaved } from './pageEditor';
import { screenshot, SHOTS } from '../helpers/screenshots';

const suite = adminSuite();
let pageId: string;

beforeAll(async () => {
  pageId = (await suite.server.save('pageDraft', { name: 'Home', title: 'Willkommen', elements: [] }))._id;
});

describe('add-element picker', { timeout: 120_000 }, () => {
  it('lists the server catalogue with labels and short descriptions, filters by name, adds with Enter and closes with Escape', async () => {
    const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${pageId}`, {
      width: 1440,
      height: 900,
    });
    await page.getByRole('tab', { name: 'Elements' }).click();
    const catalogue = page.waitForResponse((response) => response.url().endsWith('/api/cms/elements'));
    await page.getByRole('button', { name: 'Add element' }).click();
    expect((await catalogue).status()).toBe(200);

    const paragraph = page.getByRole('button', { name: 'Paragraph', exact: true });
    await expect.poll(() => paragraph.count()).toBe(1);
    // The label names the button; the first sentence of the schema's description describes it.
    const described = await paragraph.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).innerText()).toMatch(/\w{3,}/);
    expect(await page.locator(`[id="${described}"]`).innerText()).not.toContain('.');
    // Deprecated elements still render on old pages but are not offered.
    expect(await page.getByRole('button', { name: 'Content (deprecated)' }).count()).toBe(0);
    await screenshot(page, { path: `${SHOTS}/9fmt-picker-1440.png` });

    await page.getByRole('textbox', { name: 'Search elements' }).fill('parag');
    const offered = () => page.getByRole('group', { name: 'Elements to add' }).getByRole('button').allTextContents();
    await expect.poll(offered).toEqual(['Paragraph']);
    await page.getByRole('textbox', { name: 'Search elements' }).fill('gibt es nicht');
    await expect.poll(() => page.getByText('No element is called “gibt es nicht”.').count()).toBe(1);

    await page.getByRole('textbox', { name: 'Search elements' }).fill('parag');
    await page.getByRole('textbox', { name: 'Search elements' }).press('Enter');
    await expect.poll(() => outlineRow(page, 'paragraph').count()).toBe(1);
    // The picker is gone: the keyboard goes on at the new element's row (its form opens under it), not the page.
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return `${active?.closest('li[data-tag]')?.getAttribute('data-tag')} ${active?.getAttribute('aria-pressed')}`;
      });
    await expect.poll(focused).toBe('paragraph true');
    await waitSaved(page);
    const saved = await draft(suite.server, pageId);
    expect(saved.elements).toEqual([{ tag: 'paragraph', props: { text: '', alignment: 'left' } }]);

    // Escape in the search closes the picker without adding; the keyboard goes on at its button.
    const addButton = page.getByRole('button', { name: 'Add element' });
    await addButton.click();
    await page.getByRole('textbox', { name: 'Search elements' }).fill('head');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('group', { name: 'Elements to add' }).count()).toBe(0);
    expect(await addButton.getAttribute('aria-expanded')).toBe('false');
    expect(await addButton.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await page.locator('ul[aria-label=Elements] li[data-tag]').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
