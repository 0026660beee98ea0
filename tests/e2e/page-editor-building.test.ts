import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite } from './adminServer';
import { addElement, draft, openEditor, outlineRow, preview, waitSaved } from './pageEditor';
import { screenshot, SHOTS } from '../helpers/screenshots';

// Building a new page top-down in the editor: it starts with the site's layout, an element added after the
// one just added follows it, and the sidebar's forms stack nested fields instead of cutting them off.
const suite = adminSuite();
let layoutId: string;

beforeAll(async () => {
  layoutId = (
    await suite.server.save('layout', {
      name: 'Standard',
      elements: [{ position: 1000, element: { tag: 'footer', props: { columns: [{ title: 'Kontakt', icons: [] }] } } }],
    })
  )._id;
  // A second layout: the new page takes the home page's, not just the only one there is.
  await suite.server.save('layout', { name: 'Aktion', elements: [] });
  await suite.server.save('pageDraft', { name: 'Home', layout: layoutId, elements: [] });
});

type Node = { tag: string; props: Record<string, unknown> };
const shoot = (page: Page, name: string) => screenshot(page, { path: `${SHOTS}/${name}.png`, fullPage: false });
const box = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!;
const tags = async (id: string) => ((await draft(suite.server, id)).elements as Node[] | undefined)?.map((n) => n.tag);

describe('building a new page', { timeout: 180_000 }, () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`starts with the home page's layout, adds after the new element, stacks nested fields (${viewport.width})`, async () => {
      const { page, context, errors } = await openEditor(suite.browser, suite.server, '/_/pageDrafts/new', viewport);
      await page.locator('#page_name').waitFor();
      // The layout the home page uses, chosen before anything is typed; the preview shows its footer.
      await expect.poll(() => page.locator('#page_layout').inputValue()).toBe(layoutId);
      await expect.poll(() => preview(page).getByText('Kontakt').count()).toBeGreaterThan(0);
      expect(await page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('new');
      // Prose gets the AI assistant; the page's name (its path) and the role names of the Read permission do not.
      await expect.poll(() => page.getByRole('button', { name: 'AI assistant for Title' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'AI assistant for Name' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^AI assistant for Read permission/ }).count()).toBe(0);
      await shoot(page, `building-new-page-${viewport.width}`);
      await page.locator('#page_name').fill(`Angebot ${viewport.width}`);
      await page.waitForURL(/\/_\/pageDrafts\/[0-9a-f]{24}$/, { timeout: 10_000 });
      const id = page.url().split('/').pop()!;
      await waitSaved(page);
      expect((await draft(suite.server, id)).layout).toBe(layoutId);

      // The hero just added is selected; the next element goes after it, unless the user chooses inside.
      await addElement(page, 'Hero');
      await page.locator('#element_title').fill('Beratung');
      await page.getByRole('tab', { name: 'Elements' }).click();
      await page.getByRole('button', { name: 'Add element' }).click();
      const where = page.getByRole('radiogroup', { name: 'Where to add' });
      expect(await where.getByRole('radio', { name: 'After Hero' }).isChecked()).toBe(true);
      expect(await page.getByText('Adds after Hero').count()).toBe(1);
      await shoot(page, `building-add-after-${viewport.width}`);
      await page.getByRole('button', { name: 'Section', exact: true }).click();
      await waitSaved(page);
      await expect.poll(() => tags(id)).toEqual(['hero', 'section']);
      await addElement(page, 'Paragraph', { inside: true });
      await waitSaved(page);
      // Polled: 'saved' may still be the state of the save before, the paragraph's save not begun yet.
      const inSection = async () =>
        (((await draft(suite.server, id)).elements as Node[])[1]?.props.children as Node[] | undefined)?.map(
          (n) => n.tag,
        );
      await expect.poll(inSection).toEqual(['paragraph']);
      expect(await tags(id)).toEqual(['hero', 'section']);

      // A gallery's image in the sidebar: the file picker and the alternative text each get the row.
      await page.getByRole('button', { name: 'Close element' }).click();
      await addElement(page, 'Gallery');
      await page.getByRole('button', { name: 'Add Image' }).click();
      const file = await box(page, '#element_images_0_file');
      const alt = await box(page, '#element_images_0_alt');
      expect(alt.y).toBeGreaterThan(file.y + file.height - 1);
      expect(file.width).toBeGreaterThan(180);
      expect(alt.width).toBeGreaterThan(180);
      await page.locator('#element_images_0_file').scrollIntoViewIfNeeded();
      await shoot(page, `building-gallery-${viewport.width}`);
      await waitSaved(page);
      expect(await tags(id)).toEqual(['hero', 'section', 'gallery']);
      expect(await outlineRow(page, 'gallery').count()).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
