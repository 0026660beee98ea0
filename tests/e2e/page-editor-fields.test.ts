import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite } from './adminServer';
import { openEditor } from './pageEditor';

const suite = adminSuite();
let services: string;

beforeAll(async () => {
  const home = (await suite.server.save('pageDraft', { name: 'Home', elements: [] }))._id;
  services = (await suite.server.save('pageDraft', { name: 'Leistungen', _parent: home, elements: [] }))._id;
  const consulting = await suite.server.save('pageDraft', { name: 'Beratung', _parent: services, elements: [] });
  await suite.server.save('pageDraft', { name: 'Workshops', _parent: consulting._id, elements: [] });
  await suite.server.save('pageDraft', { name: 'Kontakt', _parent: home, elements: [] });
});

const optionTexts = (select: import('playwright-core').Locator) =>
  select.locator('option').evaluateAll((options) => options.map((option) => option.textContent));

describe('page settings', { timeout: 120_000 }, () => {
  it('offers as parent page every page but the page itself and the pages below it', async () => {
    const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${services}`);
    await page.getByRole('tab', { name: 'Page' }).click();
    const parent = page.locator('#page__parent');
    await expect.poll(() => optionTexts(parent)).toEqual(['—', 'Home · /', 'Kontakt · /Kontakt']);
    expect(await parent.inputValue()).not.toBe('');

    // A copy is a new page: it may go below the page it copies.
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    const copyParent = page.getByRole('dialog', { name: 'Copy page?' }).locator('#copy__parent');
    await expect.poll(() => optionTexts(copyParent)).toContain('Leistungen · /Leistungen');
    expect(errors).toEqual([]);
    await context.close();
  });
});
