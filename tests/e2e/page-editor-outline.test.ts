import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSuite } from './adminServer';
import { openEditor, preview } from './pageEditor';

const suite = adminSuite();

type Node = { tag: string; props: Record<string, unknown> };

/** 40 elements: more than the sidebar shows at once. */
const longPage = () =>
  Array.from({ length: 40 }, (_, i): Node =>
    (i + 1) % 5 === 0
      ? { tag: 'header', props: { text: `Überschrift ${i + 1}`, level: 2, alignment: 'left' } }
      : { tag: 'paragraph', props: { text: `Absatz Nummer ${i + 1} mit etwas Text.`, alignment: 'left' } },
  );

const row = (page: Page, index: number) => page.locator(`ul[aria-label=Elements] li[data-outline="${index}"]`);
const form = (page: Page) => page.locator('[data-element-form] section');

/** The element's row and the start of its form (header and first field) are on screen, below the sticky tabs. */
async function expectInSight(page: Page, rowLocator: Locator) {
  const tabs = (await page.getByRole('tablist').boundingBox())!;
  const height = page.viewportSize()!.height;
  const rowBox = (await rowLocator.boundingBox())!;
  const formBox = (await form(page).boundingBox())!;
  expect(rowBox.y).toBeGreaterThanOrEqual(tabs.y + tabs.height - 1);
  // The form opens right under its row, not below the whole outline.
  expect(Math.abs(formBox.y - (rowBox.y + rowBox.height))).toBeLessThan(12);
  expect(Math.min(formBox.y + formBox.height, formBox.y + 160)).toBeLessThanOrEqual(height);
}

const sidebarScroll = (page: Page) =>
  page.evaluate(() => document.querySelector('aside[aria-label=Sidebar]')!.scrollTop + window.scrollY);

describe('the element outline', { timeout: 180_000 }, () => {
  it("opens an element's form under its row and brings it into sight, at 1440 and 390 px", async () => {
    const { _id: id } = await suite.server.save('pageDraft', { name: 'Lang', elements: longPage() });
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${id}`, viewport);
      await row(page, 39).waitFor();

      // A row low in the outline: its form opens under it, and the outline scrolls only as far as needed.
      await row(page, 29).scrollIntoViewIfNeeded();
      await row(page, 29)
        .getByRole('button', { name: /^Header/ })
        .click();
      await form(page).waitFor();
      await expect.poll(() => form(page).getAttribute('aria-label')).toBe('Header properties');
      await expectInSight(page, row(page, 29));
      expect(await page.locator('#element_text').inputValue()).toBe('Überschrift 30');

      // A row whose form fits where it is: nothing jumps.
      await row(page, 30).scrollIntoViewIfNeeded();
      const before = await sidebarScroll(page);
      await row(page, 30)
        .getByRole('button', { name: /^Paragraph/ })
        .click();
      await expect.poll(() => form(page).innerText()).toContain('Paragraph');
      await expectInSight(page, row(page, 30));
      expect(await sidebarScroll(page)).toBe(before);

      // Selected in the preview, far from where the outline is scrolled: the outline comes to it.
      await page.evaluate(() => window.scrollTo(0, 0));
      await preview(page).getByText('Absatz Nummer 2 mit etwas Text.').click();
      await expect.poll(() => row(page, 1).getAttribute('class')).toContain('bg-accent-50');
      await expect.poll(async () => (await form(page).boundingBox())?.y ?? 9999).toBeLessThan(viewport.height - 160);
      await expectInSight(page, row(page, 1));
      await expect.poll(() => page.locator('#element_text').innerText()).toContain('Absatz Nummer 2');
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
