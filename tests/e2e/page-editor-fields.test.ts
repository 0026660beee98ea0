import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/server/db/sql';
import { adminSuite } from './adminServer';
import { draft, openEditor, outlineRow, waitSaved } from './pageEditor';
import { screenshot, SHOTS } from '../helpers/screenshots';

const suite = adminSuite();
let services: string;
let buttons: string;

beforeAll(async () => {
  const home = (await suite.server.save('pageDraft', { name: 'Home', elements: [] }))._id;
  services = (await suite.server.save('pageDraft', { name: 'Leistungen', _parent: home, elements: [] }))._id;
  const consulting = await suite.server.save('pageDraft', { name: 'Beratung', _parent: services, elements: [] });
  await suite.server.save('pageDraft', { name: 'Workshops', _parent: consulting._id, elements: [] });
  await suite.server.save('pageDraft', { name: 'Kontakt', _parent: home, elements: [] });
  buttons = (
    await suite.server.save('pageDraft', {
      name: 'Termin',
      _parent: home,
      elements: [{ tag: 'button', props: { text: 'Termin buchen', icon: 'arrow-right', alignment: 'left' } }],
    })
  )._id;
  // Stored before the schema listed the site's icons: a name the site does not ship (the site draws a sparkle).
  const pizza = JSON.stringify({ tag: 'button', props: { text: 'Pizza', icon: 'pizza', alignment: 'left' } });
  await suite.server.db.query(
    sql`UPDATE doc_page_draft SET doc = jsonb_set(doc, '{elements,1}', ${pizza}::jsonb) WHERE _id = ${buttons}`,
  );
});

const optionTexts = (select: import('playwright-core').Locator) =>
  select.locator('option').evaluateAll((options) => options.map((option) => option.textContent));

describe('page settings', { timeout: 120_000 }, () => {
  it('offers as parent page every page but the page itself and the pages below it', async () => {
    const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${services}`);
    await page.getByRole('tab', { name: 'Page' }).click();
    const parent = page.locator('#page__parent');
    await expect.poll(() => optionTexts(parent)).toEqual(['—', 'Home · /', 'Kontakt · /Kontakt', 'Termin · /Termin']);
    expect(await parent.inputValue()).not.toBe('');

    // A copy is a new page: it may go below the page it copies.
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    const copyParent = page.getByRole('dialog', { name: 'Copy page?' }).locator('#copy__parent');
    await expect.poll(() => optionTexts(copyParent)).toContain('Leistungen · /Leistungen');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers the icons the site ships in a select, and opens a button whose stored icon is not among them', async () => {
    const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${buttons}`);
    await outlineRow(page, 'button').first().click();
    const icon = page.locator('#element_icon');
    expect(await icon.evaluate((element) => element.tagName)).toBe('SELECT');
    expect(await icon.locator('option:checked').textContent()).toBe('Arrow right');
    const labels = await optionTexts(icon);
    expect(labels).toContain('Map pin');
    expect(labels).toContain('LinkedIn');
    expect(labels).not.toContain('pizza (not in the list)');
    expect(await page.locator('[data-icon-preview]').getAttribute('data-icon-preview')).toBe('arrow-right');
    // The icon itself is drawn beside the select (the site's icons load one by one, src/site/ui/icons.ts).
    await page.locator('[data-icon-preview] svg.lucide-arrow-right').waitFor();
    await screenshot(page, { path: `${SHOTS}/editor-icon-1440.png` });

    // The unknown name stays chosen, said to be outside the list, until another icon is chosen.
    await outlineRow(page, 'button').nth(1).click();
    await expect.poll(() => icon.locator('option:checked').textContent()).toBe('pizza (not in the list)');
    expect(await page.locator('[data-icon-preview]').getAttribute('data-icon-preview')).toBe('');
    await screenshot(page, { path: `${SHOTS}/editor-icon-unknown-1440.png` });
    await icon.selectOption({ label: 'Mail' });
    await waitSaved(page);
    const elements = (await draft(suite.server, buttons)).elements as { props: { icon: string } }[];
    expect(elements.map((element) => element.props.icon)).toEqual(['arrow-right', 'mail']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
