import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite } from './adminServer';
import { draft, openEditor, outlineRow, preview, saveState, waitSaved } from './pageEditor';
import { screenshot, SHOTS } from '../helpers/screenshots';

const suite = adminSuite();
let homeId: string;
let pageId: string;

beforeAll(async () => {
  homeId = (await suite.server.save('pageDraft', { name: 'Home', elements: [] }))._id;
  pageId = (
    await suite.server.save('pageDraft', {
      name: 'Leistungen',
      title: 'Unsere Leistungen',
      _parent: homeId,
      elements: [{ tag: 'paragraph', props: { text: 'Strategie und Organisation.' } }],
    })
  )._id;
  await suite.server.api('GET', `/api/cms/publishPage?id=${pageId}`);
});

describe('page editor toolbar', { timeout: 120_000 }, () => {
  it('keeps its height at 390 px while the save state goes from saved to unsaved, saving and saved again', async () => {
    for (const width of [390, 1440]) {
      const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${pageId}`, {
        width,
        height: 844,
      });
      await page.getByRole('tab', { name: 'Page' }).click();
      await page.locator('#page_title').waitFor();
      await waitSaved(page);
      // Every state the indicator passes through, with the header's height while it was shown.
      await page.evaluate(() => {
        const seen: [string, number][] = [];
        (window as unknown as { seen: typeof seen }).seen = seen;
        const header = document.querySelector('main header')!;
        const record = () =>
          seen.push([
            document.querySelector('[data-save-state]')!.getAttribute('data-save-state')!,
            header.getBoundingClientRect().height,
          ]);
        record();
        new MutationObserver(record).observe(header, { subtree: true, attributes: true, childList: true });
      });
      await page.locator('#page_title').fill(`Unsere Leistungen in Basel ${width}`);
      await waitSaved(page);
      const seen = await page.evaluate(() => (window as unknown as { seen: [string, number][] }).seen);
      const states = new Set(seen.map(([state]) => state));
      expect(states).toContain('unsaved');
      expect(states).toContain('saved');
      expect(new Set(seen.map(([, height]) => height)).size, JSON.stringify(seen)).toBe(1);
      // The state is still told: in words for assistive technology and as a tooltip.
      expect(await page.getByRole('status').filter({ hasText: 'Saved' }).count()).toBe(1);
      await screenshot(page, { path: `${SHOTS}/editor-toolbar-${width}.png` });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('says Saved again when the changes are undone before the autosave sent them', async () => {
    const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${pageId}`);
    // The page's clock decides when the autosave's 750 ms are over, not a loaded machine.
    await page.clock.install();
    await page.reload();
    await page.getByRole('tab', { name: 'Elements' }).click();
    const rows = () => outlineRow(page, 'paragraph').count();
    await expect.poll(rows).toBe(1);
    await waitSaved(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await outlineRow(page, 'paragraph').hover();
    await page.getByRole('button', { name: 'Delete Paragraph' }).click();
    await expect.poll(rows).toBe(0);
    expect(await saveState(page)).toBe('unsaved');
    // Undone before anything was sent: the draft is what the server has, nothing is left unsaved.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(rows).toBe(1);
    await expect.poll(() => saveState(page)).toBe('saved');
    await page.clock.resume();
    expect(((await draft(suite.server, pageId)).elements as unknown[]).length).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
  it('undoes with Ctrl+Z and redoes with Ctrl+Y or Ctrl+Shift+Z, also after a click into the preview', async () => {
    const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${pageId}`);
    await page.getByRole('tab', { name: 'Elements' }).click();
    const rows = () => outlineRow(page, 'paragraph').count();
    await expect.poll(rows).toBe(1);
    await outlineRow(page, 'paragraph').hover();
    await page.getByRole('button', { name: 'Delete Paragraph' }).click();
    await expect.poll(rows).toBe(0);
    // The keys go to the preview's frame once it was clicked (as when selecting an element there).
    await preview(page).getByText('This page has no elements yet.').click();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    await page.keyboard.press('Control+z');
    await expect.poll(rows).toBe(1);
    await page.keyboard.press('Control+y');
    await expect.poll(rows).toBe(0);
    await page.keyboard.press('Control+z');
    await expect.poll(rows).toBe(1);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(rows).toBe(0);
    // And in the admin itself.
    await page.getByRole('button', { name: 'Add element' }).focus();
    await page.keyboard.press('Control+z');
    await expect.poll(rows).toBe(1);
    await page.keyboard.press('Control+y');
    await expect.poll(rows).toBe(0);
    await page.keyboard.press('Control+z');
    await expect.poll(rows).toBe(1);
    await waitSaved(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
