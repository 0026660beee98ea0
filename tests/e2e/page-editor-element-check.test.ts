import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DocumentRepository } from '../../src/server/modules/documents/repository';
import { createObjectId } from '../../src/shared/format/objectId';
import { adminSuite } from './adminServer';
import { addElement, draft, openEditor, outlineRow, preview, saveState, waitSaved } from './pageEditor';
import { screenshot, SHOTS } from '../helpers/screenshots';

// The element checks of the page editor (the server's, and the form's at its fields), with screenshots to look at.
const suite = adminSuite();
let homeId: string;

beforeAll(async () => {
  homeId = (await suite.server.save('pageDraft', { name: 'Home', elements: [] }))._id;
  await suite.server.api('GET', `/api/cms/publishPage?id=${homeId}`);
});

type Node = { tag: string; props: Record<string, unknown> };
const fields = {
  type: 'object',
  properties: { name: { type: 'string', title: 'Name' }, email: { type: 'string', title: 'E-Mail', format: 'email' } },
  required: ['name'],
};
const header = { tag: 'header', props: { text: 'Anmeldung', level: 1, alignment: 'left' } };
const form = { tag: 'special.form', props: { title: 'Workshop', name: 'workshop', properties: fields } };
/** The form as the server answers it: with the written order of its fields recorded (`x-order`). */
const storedForm = { ...form, props: { ...form.props, properties: { ...fields, 'x-order': ['name', 'email'] } } };
const BROKEN = 'Fields › “email”: must be an object';

const shoot = (page: Page, name: string) => screenshot(page, { path: `${SHOTS}/${name}.png`, fullPage: false });
const notSaved = (page: Page) => page.getByRole('alert').filter({ hasText: 'Not saved:' });
const jsonField = (page: Page) => page.locator('#element_properties');
const fieldError = (page: Page) => page.locator('#element_properties__error');

async function selectForm(page: Page) {
  await page.getByRole('tab', { name: 'Elements' }).click();
  await outlineRow(page, 'special.form').getByRole('button', { name: /^Form/ }).click();
  await jsonField(page).waitFor();
}

describe('element checks in the page editor', { timeout: 180_000 }, () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`shows a form's fields that are no field list at the field and as the refused save, and saves the fix (${viewport.width} px)`, async () => {
      const { _id: id } = await suite.server.save('pageDraft', {
        name: `Anmeldung ${viewport.width}`,
        _parent: homeId,
        elements: [header, form],
      });
      const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${id}`, viewport);
      await selectForm(page);
      expect(await fieldError(page).count()).toBe(0);

      // Valid JSON, but no field list: said at the field at once, and the draft is not saved.
      const broken = structuredClone(fields) as Record<string, unknown>;
      (broken.properties as Record<string, unknown>).email = 'E-Mail-Adresse';
      await jsonField(page).fill(JSON.stringify(broken, null, 2));
      await expect.poll(() => fieldError(page).innerText()).toBe(BROKEN);
      await notSaved(page).waitFor({ timeout: 10_000 });
      expect(await notSaved(page).innerText()).toBe(`Not saved: elements[1] Form › Fields (JSON Schema) › ${BROKEN}`);
      expect(await saveState(page)).toBe('error');
      expect(((await draft(suite.server, id)).elements as Node[])[1]).toEqual(storedForm);
      // Edited into another value with the same problem: still said (an error used to leave its field once edited).
      (broken.properties as Record<string, unknown>).email = 'E-Mail';
      await jsonField(page).fill(JSON.stringify(broken, null, 2));
      await expect.poll(() => fieldError(page).count()).toBe(1);
      expect(await fieldError(page).innerText()).toBe(BROKEN);
      await expect.poll(() => saveState(page), { timeout: 10_000 }).toBe('error');
      await fieldError(page).scrollIntoViewIfNeeded();
      await shoot(page, `element-check-json-${viewport.width}`);

      // Fixed: the error goes from the field and the header, and the draft is saved.
      await jsonField(page).fill(JSON.stringify(fields, null, 2));
      await waitSaved(page);
      expect(await fieldError(page).count()).toBe(0);
      expect(await notSaved(page).count()).toBe(0);
      expect(((await draft(suite.server, id)).elements as Node[])[1]).toEqual(storedForm);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`keeps a form's fields in the order they are written, in the preview, the draft and the public page (${viewport.width} px)`, async () => {
      const name = `Reihenfolge-${viewport.width}`;
      const { _id: id } = await suite.server.save('pageDraft', {
        name,
        _parent: homeId,
        _read: ['guest'],
        elements: [header, form],
      });
      const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${id}`, viewport);
      await selectForm(page);
      // The recorded order is the server's: the JSON shows the fields only.
      expect(JSON.parse(await jsonField(page).inputValue())).toEqual(fields);
      const inputs = () =>
        preview(page)
          .locator('form input')
          .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('name')));
      await expect.poll(inputs).toEqual(['name', 'email']);

      // Written as Vorname, Nachname, E-Mail: jsonb would store e-mail, vorname, nachname.
      const written = {
        type: 'object',
        properties: {
          vorname: { type: 'string', title: 'Vorname' },
          nachname: { type: 'string', title: 'Nachname' },
          email: { type: 'string', title: 'E-Mail', format: 'email' },
        },
        required: ['vorname'],
      };
      await jsonField(page).fill(JSON.stringify(written, null, 2));
      await expect.poll(inputs).toEqual(['vorname', 'nachname', 'email']);
      await waitSaved(page);
      const saved = ((await draft(suite.server, id)).elements as Node[])[1].props.properties as Record<string, unknown>;
      expect(Object.keys(saved.properties as object)).toEqual(['vorname', 'nachname', 'email']);
      expect(saved['x-order']).toEqual(['vorname', 'nachname', 'email']);
      await shoot(page, `element-check-field-order-${viewport.width}`);

      // Opened again, the editor shows and previews the written order.
      await page.reload();
      await selectForm(page);
      expect(Object.keys(JSON.parse(await jsonField(page).inputValue()).properties)).toEqual([
        'vorname',
        'nachname',
        'email',
      ]);
      await expect.poll(inputs).toEqual(['vorname', 'nachname', 'email']);
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect
        .poll(async () => (await suite.server.app.inject({ method: 'GET', url: `/${name}` })).statusCode)
        .toBe(200);
      const html = (await suite.server.app.inject({ method: 'GET', url: `/${name}` })).body;
      expect([...html.matchAll(/<input[^>]*\sname="([^"]+)"/g)].map((match) => match[1])).toEqual([
        'vorname',
        'nachname',
        'email',
      ]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`saves a new form without its name as a draft, and says at Publish that the name is missing (${viewport.width} px)`, async () => {
      const name = `Workshop-${viewport.width}`;
      const { _id: id } = await suite.server.save('pageDraft', { name, _parent: homeId, elements: [header] });
      const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${id}`, viewport);
      await outlineRow(page, 'header').waitFor();
      await addElement(page, 'Form');
      await jsonField(page).waitFor();
      await waitSaved(page);
      expect(((await draft(suite.server, id)).elements as Node[]).map((node) => node.tag)).toEqual([
        'header',
        'special.form',
      ]);

      const publish = page.getByRole('button', { name: 'Publish', exact: true });
      await publish.click();
      await expect.poll(() => publish.getAttribute('data-state')).toBe('error');
      expect(await page.getByRole('alert').filter({ hasText: 'Not published:' }).innerText()).toBe(
        'Not published: elements[1] Form › Form name: is required',
      );
      expect((await suite.server.app.inject({ method: 'GET', url: `/${name}` })).statusCode).toBe(404);
      await shoot(page, `element-check-publish-${viewport.width}`);

      // Another element changed: the form's name is still missing, so the refusal stays.
      const notPublished = page.getByRole('alert').filter({ hasText: 'Not published:' });
      await page.getByRole('tab', { name: 'Elements' }).click();
      await outlineRow(page, 'header')
        .getByRole('button', { name: /^Header/ })
        .click();
      await page.locator('#element_text').fill('Anmeldung zum Workshop');
      await waitSaved(page);
      expect(await notPublished.count()).toBe(1);
      expect(await publish.getAttribute('data-state')).toBe('error');

      // The refused element opened from the bar and its name typed: the refusal goes at once (before the
      // draft is saved), and Publish is no longer red.
      await notPublished.locator('..').getByRole('button', { name: 'Show element' }).click();
      await page.locator('#element_name').fill('workshop');
      await expect.poll(() => notPublished.count()).toBe(0);
      expect(await publish.getAttribute('data-state')).toBe('idle');
      await shoot(page, `element-check-publish-answered-${viewport.width}`);
      await waitSaved(page);
      await publish.click();
      await expect.poll(() => publish.getAttribute('data-state')).toBe('success');
      expect((await suite.server.app.inject({ method: 'GET', url: `/${name}` })).statusCode).toBe(200);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('opens a draft stored before the check with a broken form: the field says what to fix, and the fix saves', async () => {
    const id = createObjectId();
    await new DocumentRepository(suite.server.db).insert('pageDraft', id, {
      name: 'Alt',
      _parent: homeId,
      _path: '/Alt',
      elements: [header, { ...form, props: { ...form.props, properties: { properties: { email: 5 } } } }],
    });
    const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${id}`);
    await selectForm(page);
    expect(await fieldError(page).innerText()).toBe(BROKEN);

    // Another change is not saved while the form stays broken; the message names the form.
    await outlineRow(page, 'header')
      .getByRole('button', { name: /^Header/ })
      .click();
    await page.locator('#element_text').fill('Anmeldung Workshop');
    await notSaved(page).waitFor({ timeout: 10_000 });
    expect(await notSaved(page).innerText()).toBe(
      'Not saved: elements[1] Form › Fields (JSON Schema) › Fields › “email”: must be an object',
    );

    // The header's button opens the form at fault, which says what is wrong at the field.
    await page.getByRole('button', { name: 'Show element' }).click();
    await expect.poll(() => fieldError(page).innerText()).toBe(BROKEN);
    expect(await page.locator('section[aria-label="Form properties"]').isVisible()).toBe(true);
    await jsonField(page).fill(JSON.stringify(fields));
    await waitSaved(page);
    expect(await page.getByRole('button', { name: 'Show element' }).count()).toBe(0);
    expect(
      ((await draft(suite.server, id)).elements as Node[]).map((node) => node.props.text ?? node.props.name),
    ).toEqual(['Anmeldung Workshop', 'workshop']);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`refuses to paste a list item its schema refuses, saying why under the list (${viewport.width} px)`, async () => {
      const configurator = {
        tag: 'special.configurator',
        props: { name: 'offerte', sections: [{ label: 'Grösse', options: [{ label: 'S', price: 100 }] }] },
      };
      const { _id: id } = await suite.server.save('pageDraft', {
        name: `Offerte ${viewport.width}`,
        _parent: homeId,
        elements: [configurator],
      });
      const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${id}`, viewport);
      await page.getByRole('tab', { name: 'Elements' }).click();
      await outlineRow(page, 'special.configurator')
        .getByRole('button', { name: /^Configurator/ })
        .click();
      const sections = page.locator('section[aria-labelledby="element_sections__title"]');
      await sections.waitFor();
      const refusal = sections.getByRole('alert').filter({ hasText: 'Not pasted' });
      const clipboard = (text: string) => page.evaluate((value) => navigator.clipboard.writeText(value), text);

      await clipboard(JSON.stringify({ label: 'Farbe', options: [{ label: 'Rot', price: -5 }] }));
      await sections.getByRole('button', { name: 'Paste', exact: true }).first().click();
      await refusal.waitFor();
      expect(await refusal.innerText()).toBe(
        'Not pasted: Section › Options › Option 1 › Price: must be at least 0,00 CHF',
      );
      expect(await saveState(page)).toBe('saved');
      await refusal.scrollIntoViewIfNeeded();
      await shoot(page, `element-check-list-paste-${viewport.width}`);

      await refusal.getByRole('button', { name: 'Dismiss' }).click();
      expect(await refusal.count()).toBe(0);
      await clipboard(JSON.stringify({ label: 'Farbe', options: [{ label: 'Rot', price: 5 }] }));
      await sections.getByRole('button', { name: 'Paste', exact: true }).first().click();
      const labels = async () =>
        (((await draft(suite.server, id)).elements as Node[])[0].props.sections as { label: string }[]).map(
          (section) => section.label,
        );
      await expect.poll(labels, { timeout: 10_000 }).toEqual(['Grösse', 'Farbe']);
      expect(await refusal.count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`does not save a layout with a form missing its name (saved is live): the field and the header say so (${viewport.width} px)`, async () => {
      const navigation = { tag: 'navigation', props: { links: [] } };
      const { _id: id } = await suite.server.save('layout', {
        name: `Standard ${viewport.width}`,
        elements: [{ position: 0, element: navigation }],
      });
      const stored = async () =>
        (
          await suite.server.api<{ elements: { element: Node }[] }>(
            'GET',
            `/api/document/findById?model=layout&id=${id}`,
          )
        ).json.elements;
      const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/layouts/${id}`, viewport);
      await outlineRow(page, 'navigation').waitFor();
      await addElement(page, 'Form');
      // The form asks for the name at once, and the save is refused for it: nothing reaches the public site.
      const nameError = page.locator('#element_name__error');
      await expect.poll(() => nameError.innerText()).toBe('is required');
      await notSaved(page).waitFor({ timeout: 10_000 });
      expect(await notSaved(page).innerText()).toBe('Not saved: elements[1] Form › Form name: is required');
      expect(await notSaved(page).locator('..').getByRole('button', { name: 'Show element' }).count()).toBe(1);
      expect(await saveState(page)).toBe('error');
      expect((await stored()).map(({ element }) => element.tag)).toEqual(['navigation']);
      await shoot(page, `element-check-layout-${viewport.width}`);

      await page.locator('#element_name').fill('anmeldung');
      await waitSaved(page);
      expect(await nameError.count()).toBe(0);
      expect(await notSaved(page).count()).toBe(0);
      expect((await stored()).map(({ element }) => element.tag)).toEqual(['navigation', 'special.form']);
      expect((await stored())[1].element.props.name).toBe('anmeldung');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
