import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite } from './adminServer';
import { openEditor, outlineRow, preview } from './pageEditor';
import { screenshot, SHOTS } from '../helpers/screenshots';

// The page list, the editor, the layout editor and the elements page at 1440, 820 and 390 px, to look at.
const WIDTHS = [1440, 820, 390];

const suite = adminSuite();
let homeId: string;
let layoutId: string;

beforeAll(async () => {
  layoutId = (
    await suite.server.save('layout', {
      name: 'Standard',
      elements: [
        {
          position: 0,
          element: {
            tag: 'navigation',
            props: { links: [{ label: 'Leistungen', type: 'URL', href: '/Leistungen' }] },
          },
        },
        { position: 1000, element: { tag: 'footer', props: { columns: [] } } },
      ],
    })
  )._id;
  homeId = (
    await suite.server.save('pageDraft', {
      name: 'Home',
      title: 'Willkommen',
      layout: layoutId,
      elements: [
        { tag: 'hero', props: { title: 'Beratung mit Weitblick', text: 'Für **KMU** in der Region Basel.' } },
        {
          tag: 'section',
          props: {
            children: [
              { tag: 'header', props: { text: 'Unsere Leistungen', level: 2 } },
              { tag: 'paragraph', props: { text: 'Strategie, Organisation und *Digitalisierung* aus einer Hand.' } },
            ],
          },
        },
      ],
    })
  )._id;
  const services = await suite.server.save('pageDraft', { name: 'Leistungen', _parent: homeId, elements: [] });
  await suite.server.save('pageDraft', { name: 'Termin', _parent: homeId, elements: [] });
  await suite.server.api('GET', `/api/cms/publishPage?id=${homeId}`);
  await suite.server.api('GET', `/api/cms/publishPage?id=${services._id}`);
  await suite.server.save('pageDraft', { _id: homeId, title: 'Willkommen in Basel' });
});

describe('page editor screens', { timeout: 180_000 }, () => {
  it('draws the page list, the editor, the layout editor and the elements page at every width', async () => {
    for (const width of WIDTHS) {
      const viewport = { width, height: 900 };
      const list = await openEditor(suite.browser, suite.server, '/_/pageDrafts', viewport);
      await list.page.locator('[data-page]').nth(2).waitFor();
      // Home's draft changed after its publish: amber; Leistungen published as is: green; Termin never published.
      expect(await list.page.locator(`[data-page="${homeId}"] [role=img]`).getAttribute('aria-label')).toBe(
        'Published, draft changed',
      );
      await screenshot(list.page, { path: `${SHOTS}/pages-list-${width}.png` });
      await list.context.close();

      const editor = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${homeId}`, viewport);
      await outlineRow(editor.page, 'paragraph').waitFor();
      await preview(editor.page).locator('main p', { hasText: 'Strategie' }).click();
      await editor.page.locator('#element_text [contenteditable]').first().waitFor();
      await screenshot(editor.page, { path: `${SHOTS}/page-editor-${width}.png` });
      await screenshot(editor.page, { path: `${SHOTS}/page-editor-${width}-full.png`, fullPage: true });
      expect(editor.errors).toEqual([]);
      await editor.context.close();

      const layout = await openEditor(suite.browser, suite.server, `/_/layouts/${layoutId}`, viewport);
      await outlineRow(layout.page, 'footer').waitFor();
      await screenshot(layout.page, { path: `${SHOTS}/layout-editor-${width}.png` });
      await layout.context.close();

      const elements = await openEditor(suite.browser, suite.server, '/_/elements?tag=section', viewport);
      await elements.page.frameLocator('iframe').locator('h2').first().waitFor();
      await screenshot(elements.page, { path: `${SHOTS}/elements-${width}.png` });
      await elements.context.close();
    }
  });
});
