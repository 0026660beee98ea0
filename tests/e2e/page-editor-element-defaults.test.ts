import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DocumentRepository } from '../../src/server/modules/documents/repository';
import { createObjectId } from '../../src/shared/format/objectId';
import { adminSuite } from './adminServer';
import { draft, openEditor, outlineRow, preview, saveState, waitSaved } from './pageEditor';
import { screenshot, SHOTS } from '../helpers/screenshots';

// The element form's defaults, the configurator's preview, a refused publish and a refused restore in the page editor.
const suite = adminSuite();
let homeId: string;

beforeAll(async () => {
  homeId = (await suite.server.save('pageDraft', { name: 'Home', elements: [] }))._id;
  await suite.server.api('GET', `/api/cms/publishPage?id=${homeId}`);
});

type Node = { tag: string; props: Record<string, unknown> };
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];
const fields = { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: [] };
const form = { tag: 'special.form', props: { title: 'Workshop', name: 'workshop', properties: fields } };
/** The form as the server answers it: with the written order of its fields recorded (`x-order`). */
const storedForm = { ...form, props: { ...form.props, properties: { ...fields, 'x-order': ['name'] } } };
const shoot = (page: Page, name: string) => screenshot(page, { path: `${SHOTS}/${name}.png`, fullPage: false });
const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

async function selectElement(page: Page, tag: string, label: RegExp) {
  await page.getByRole('tab', { name: 'Elements' }).click();
  await outlineRow(page, tag).getByRole('button', { name: label }).click();
}

describe('the page editor and element defaults, previews, publish and restore', { timeout: 180_000 }, () => {
  for (const viewport of VIEWPORTS) {
    it(`shows a stored form's optional values as the site renders them: the schema's defaults (${viewport.width} px)`, async () => {
      const { _id: id } = await suite.server.save('pageDraft', {
        name: `Defaults ${viewport.width}`,
        _parent: homeId,
        elements: [form],
      });
      const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${id}`, viewport);
      await selectElement(page, 'special.form', /^Form/);
      const label = page.locator('#element_submitLabel');
      const message = page.locator('#element_successMessage');
      await label.waitFor();
      expect(await label.inputValue()).toBe('Senden');
      expect(await message.inputValue()).toBe('Formular abgeschickt!');
      await expect.poll(() => preview(page).getByRole('button', { name: 'Senden' }).count()).toBe(1);
      await label.scrollIntoViewIfNeeded();
      await shoot(page, `element-defaults-${viewport.width}`);
      // Showing them writes nothing: the draft follows the schema's defaults as before.
      expect(await saveState(page)).toBe('saved');
      expect(((await draft(suite.server, id)).elements as Node[])[0]).toEqual(storedForm);

      // A changed value is stored; emptied, the field stays empty while typing, also once saved.
      await label.fill('Anmelden');
      await waitSaved(page);
      expect(((await draft(suite.server, id)).elements as Node[])[0].props.submitLabel).toBe('Anmelden');
      await label.fill('');
      await waitSaved(page);
      expect(((await draft(suite.server, id)).elements as Node[])[0].props).toEqual(storedForm.props);
      expect(await label.inputValue()).toBe('');
      await label.fill('Los');
      await waitSaved(page);
      expect(((await draft(suite.server, id)).elements as Node[])[0].props.submitLabel).toBe('Los');
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const viewport of VIEWPORTS) {
    it(`draws a configurator with one section in the preview as the site does, also while its code loads (${viewport.width} px)`, async () => {
      const configurator = {
        tag: 'special.configurator',
        props: {
          name: 'offerte',
          title: 'Offerte',
          sections: [{ label: 'Grösse', options: [{ label: 'S', price: 100 }] }],
        },
      };
      const { _id: id } = await suite.server.save('pageDraft', {
        name: `Konfigurator ${viewport.width}`,
        _parent: homeId,
        elements: [configurator],
      });
      const { page, context, errors } = await openEditor(suite.browser, suite.server, '/_', viewport);
      // The configurator's code comes slowly: the preview waits for it instead of drawing the element as nothing.
      let held: Route | undefined;
      const requested = new Promise<void>((resolve) =>
        page.route(/\/assets\/Configurator-[^/]*\.js$/, (route) => {
          held = route;
          resolve();
        }),
      );
      await page.goto(suite.server.url(`/_/pageDrafts/${id}`));
      await requested;
      await page.getByRole('status', { name: 'Loading preview' }).waitFor();
      expect(await preview(page).locator('main').count()).toBe(0);
      await held!.continue();
      await preview(page)
        .getByRole('group', { name: /Grösse/ })
        .waitFor();
      expect(await preview(page).locator('main').innerText()).toMatch(/Offerte[\s\S]*Grösse[\s\S]*S[\s\S]*100,00 CHF/);
      await shoot(page, `configurator-preview-${viewport.width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const viewport of VIEWPORTS) {
    it(`says under the header why a publish was refused, with the element's form a click away (${viewport.width} px)`, async () => {
      const name = `Unbenannt-${viewport.width}`;
      const unnamed = { tag: 'special.form', props: { title: 'Workshop', properties: fields } };
      const { _id: id } = await suite.server.save('pageDraft', { name, _parent: homeId, elements: [form, unnamed] });
      const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${id}`, viewport);
      const publish = page.getByRole('button', { name: 'Publish', exact: true });
      await publish.click();
      const refused = alert(page, 'Not published:');
      await refused.waitFor();
      expect(await refused.innerText()).toBe('Not published: elements[1] Form › Form name: is required');
      await expect.poll(() => publish.getAttribute('data-state')).toBe('error');
      expect(await page.getByRole('tooltip').count()).toBe(0);
      await shoot(page, `publish-refused-${viewport.width}`);

      await page.getByRole('button', { name: 'Show element' }).click();
      await page.locator('#element_name').waitFor();
      expect(await page.locator('section[aria-label="Form properties"] #element_title').inputValue()).toBe('Workshop');
      await page.locator('#element_name').fill('workshop-zwei');
      await waitSaved(page);
      await publish.click();
      await expect.poll(() => publish.getAttribute('data-state')).toBe('success');
      expect(await refused.count()).toBe(0);
      expect((await suite.server.app.inject({ method: 'GET', url: `/${name}` })).statusCode).toBe(200);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const viewport of VIEWPORTS) {
    it(`restores an old version into the draft to be fixed there, and says which element a draft cannot hold (${viewport.width} px)`, async () => {
      const name = `Versionen-${viewport.width}`;
      const { _id: id } = await suite.server.save('pageDraft', { name, _parent: homeId, elements: [form] });
      await suite.server.api('GET', `/api/cms/publishPage?id=${id}`);
      const live = (await draft(suite.server, id)) as Record<string, unknown>;
      const repo = new DocumentRepository(suite.server.db);
      const version = async (publishedAt: string, elements: unknown[]) =>
        repo.insert('pageVersion', createObjectId(), {
          page: id,
          publishedAt,
          content: { name, _parent: homeId, _read: ['guest'], language: 'de', elements },
        });
      // Published before the element check: a form without its name, and one whose fields are no field list.
      await version('2025-01-01T00:00:00.000Z', [{ tag: 'special.form', props: { title: 'Alt' } }]);
      await version('2025-02-01T00:00:00.000Z', [
        { tag: 'special.form', props: { name: 'alt', properties: { properties: { email: 5 } } } },
      ]);

      const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${id}`, viewport);
      await outlineRow(page, 'special.form').waitFor();
      await page.getByRole('button', { name: 'Versions' }).click();
      const versions = page.getByRole('dialog', { name: 'Versions' });
      await expect.poll(() => versions.locator('[data-version]').count()).toBe(3);
      const broken = versions.locator('[data-version]').nth(1);
      await broken.getByRole('button', { name: 'Restore' }).click();
      const refused = broken.getByRole('alert');
      await refused.waitFor();
      expect(await refused.innerText()).toBe(
        'Not restored: elements[0] Form › Fields (JSON Schema) › Fields › “email”: must be an object',
      );
      await shoot(page, `restore-refused-${viewport.width}`);
      expect((await draft(suite.server, id)).elements).toEqual(live.elements);

      // Missing only a required value: it goes into the draft, and publishing says what to fix.
      await versions.locator('[data-version]').nth(2).getByRole('button', { name: 'Restore' }).click();
      await versions.waitFor({ state: 'detached' });
      await expect
        .poll(async () => (await draft(suite.server, id)).elements)
        .toEqual([{ tag: 'special.form', props: { title: 'Alt' } }]);
      await expect.poll(() => preview(page).getByRole('heading', { name: 'Alt' }).count()).toBe(1);
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await alert(page, 'Not published: elements[0] Form › Form name: is required').waitFor();
      expect((await suite.server.app.inject({ method: 'GET', url: `/${name}` })).body).toContain('Workshop');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
