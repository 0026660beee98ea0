import { describe, expect, it } from 'vitest';
import { adminSuite } from './adminServer';
import { draft, openEditor, outlineRow, preview, saveState, waitSaved } from './pageEditor';

const suite = adminSuite();

type Node = { tag: string; props: Record<string, unknown> };

describe('pasting elements', { timeout: 120_000 }, () => {
  it('pastes an element its schema accepts, and refuses one that is not (a form whose fields are no field list), changing nothing', async () => {
    const fields = {
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name' },
        email: { type: 'string', title: 'E-Mail', format: 'email' },
      },
      required: ['name'],
    };
    const elements: Node[] = [
      { tag: 'header', props: { text: 'Anmeldung', level: 1, alignment: 'left' } },
      { tag: 'special.form', props: { title: 'Workshop', name: 'workshop', properties: fields } },
    ];
    // As the server answers it: with the written order of the form's fields recorded (`x-order`).
    const storedForm = {
      ...elements[1],
      props: { ...elements[1].props, properties: { ...fields, 'x-order': ['name', 'email'] } },
    };
    const { _id: id } = await suite.server.save('pageDraft', { name: 'Anmeldung', elements });
    const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${id}`);
    const formRow = outlineRow(page, 'special.form');
    await formRow.waitFor();
    const alert = page.getByRole('alert').filter({ hasText: 'Not pasted' });
    const clipboard = (text: string) => page.evaluate((value) => navigator.clipboard.writeText(value), text);
    const tags = async () => ((await draft(suite.server, id)).elements as Node[]).map((node) => node.tag);

    // The row's copy button puts the element on the clipboard as JSON.
    await formRow.hover();
    await formRow.getByRole('button', { name: 'Copy Form' }).click();
    await expect
      .poll(async () => JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as unknown)
      .toEqual(storedForm);

    // Its field list made into something that is not one: refused, named, nothing pasted or saved.
    const broken = structuredClone(elements[1]);
    (broken.props.properties as typeof fields).properties.email = 'E-Mail-Adresse' as never;
    await clipboard(JSON.stringify(broken));
    await page.getByRole('button', { name: 'Paste', exact: true }).click();
    await alert.waitFor();
    expect(await alert.innerText()).toBe(
      'Not pasted: Form › Fields (JSON Schema) › Fields › “email”: must be an object',
    );
    expect(await outlineRow(page, 'special.form').count()).toBe(1);
    expect(await saveState(page)).toBe('saved');
    expect(await page.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);

    // Ctrl+V outside a text field takes the same check: text that is no element is refused too.
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', 'Anmeldung Workshop');
      document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    });
    await expect
      .poll(() => alert.innerText())
      .toBe(
        'Not pasted: The clipboard holds text, not a copied element. Copy an element with its copy button in the outline, then paste.',
      );
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    expect(await alert.count()).toBe(0);
    expect(await tags()).toEqual(['header', 'special.form']);

    // The element as copied is pasted after the selected one, and saved.
    await outlineRow(page, 'header')
      .getByRole('button', { name: /^Header/ })
      .click();
    await clipboard(JSON.stringify(elements[1]));
    await page.getByRole('button', { name: 'Paste', exact: true }).click();
    await expect.poll(() => outlineRow(page, 'special.form').count()).toBe(2);
    await waitSaved(page);
    expect(await tags()).toEqual(['header', 'special.form', 'special.form']);
    expect(((await draft(suite.server, id)).elements as Node[])[1]).toEqual(storedForm);
    expect(await alert.count()).toBe(0);

    // An element copied from a layout carries its position there: a page's element has none (the server refused it).
    await clipboard(JSON.stringify({ tag: 'spacer', props: {}, position: 1000 }));
    await page.getByRole('button', { name: 'Paste', exact: true }).click();
    await expect.poll(() => outlineRow(page, 'spacer').count()).toBe(1);
    await waitSaved(page);
    expect(((await draft(suite.server, id)).elements as Node[])[2]).toEqual({ tag: 'spacer', props: {} });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pastes with Ctrl+V after an element was selected in the preview', async () => {
    const { _id: id } = await suite.server.save('pageDraft', {
      name: 'Vorschau',
      elements: [{ tag: 'paragraph', props: { text: 'Wir beraten Sie gern.', alignment: 'left' } }],
    });
    const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${id}`);
    await outlineRow(page, 'paragraph').waitFor();
    await page.evaluate(
      (value) => navigator.clipboard.writeText(value),
      JSON.stringify({ tag: 'header', props: { text: 'Kontakt', level: 2, alignment: 'left' } }),
    );
    // The keys are in the preview's frame once its paragraph was clicked (and so selected).
    await preview(page).getByText('Wir beraten Sie gern.').click();
    await expect.poll(() => outlineRow(page, 'paragraph').getAttribute('class')).toContain('bg-accent-50');
    await page.keyboard.press('Control+v');
    await expect.poll(() => outlineRow(page, 'header').count()).toBe(1);
    await waitSaved(page);
    await expect
      .poll(async () => ((await draft(suite.server, id)).elements as Node[]).map((node) => node.tag))
      .toEqual(['paragraph', 'header']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
