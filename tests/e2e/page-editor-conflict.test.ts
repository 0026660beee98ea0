import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSuite } from './adminServer';
import { draft, openEditor, outlineRow, preview, waitSaved } from './pageEditor';

const suite = adminSuite();

type Node = { tag: string; props: { text: string } };
const heading = (text: string) => ({ tag: 'header', props: { text, level: 2, alignment: 'left' } });
const texts = async (id: string) => ((await draft(suite.server, id)).elements as Node[]).map((node) => node.props.text);

/** Holds this editor's next save until `release()`, so another editor saves first (a real 409). */
async function holdNextSave(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let sent!: () => void;
  const waiting = new Promise<void>((resolve) => (sent = resolve));
  let held = false;
  const handler = async (route: Route) => {
    if (held) return route.fallback();
    held = true;
    sent();
    await released;
    await route.fallback();
  };
  await page.route('**/api/document/updateOne**', handler);
  return { waiting, release };
}

async function editHeading(page: Page, index: number, text: string) {
  await outlineRow(page, 'header')
    .nth(index)
    .getByRole('button', { name: /^Header/ })
    .click();
  await page.locator('#element_text').fill(text);
}

describe('two editors on one draft', { timeout: 120_000 }, () => {
  it('merges changes to different elements by itself and lets the user choose on the same field', async () => {
    const { _id: id } = await suite.server.save('pageDraft', {
      name: 'Team',
      elements: [heading('Erste'), heading('Zweite')],
    });
    const one = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${id}`);
    const two = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${id}`);
    for (const { page } of [one, two]) await outlineRow(page, 'header').first().waitFor();

    // Different elements: the second editor's save is based on the old version and merges.
    const held = await holdNextSave(two.page);
    await editHeading(two.page, 1, 'Zweite (zwei)');
    await held.waiting;
    await editHeading(one.page, 0, 'Erste (eins)');
    await waitSaved(one.page);
    held.release();
    await waitSaved(two.page);
    await expect.poll(() => texts(id)).toEqual(['Erste (eins)', 'Zweite (zwei)']);
    await expect.poll(() => preview(two.page).locator('h2').allInnerTexts()).toEqual(['Erste (eins)', 'Zweite (zwei)']);
    // The first editor had nothing unsaved: it shows the merged version.
    await expect.poll(() => preview(one.page).locator('h2').allInnerTexts()).toEqual(['Erste (eins)', 'Zweite (zwei)']);

    // The same field on both sides: the second editor is asked, with both versions.
    const again = await holdNextSave(two.page);
    await editHeading(two.page, 0, 'Erste von zwei');
    await again.waiting;
    await editHeading(one.page, 0, 'Erste von eins');
    await waitSaved(one.page);
    again.release();
    const dialog = two.page.getByRole('dialog', { name: 'Someone else changed this page' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Header 1 › Text');
    await dialog.getByText('Their version').click();
    await dialog.getByRole('button', { name: 'Keep chosen versions' }).click();
    await waitSaved(two.page);
    await expect.poll(() => texts(id)).toEqual(['Erste von eins', 'Zweite (zwei)']);
    expect(one.errors).toEqual([]);
    expect(two.errors).toEqual([]);
    await one.context.close();
    await two.context.close();
  });
});
