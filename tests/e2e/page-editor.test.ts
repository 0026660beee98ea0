import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite } from './adminServer';
import { png } from './filesServer';
import { dragByKeyboard } from './admin';
import {
  addElement,
  drag,
  draft,
  openEditor,
  outlineRow,
  preview,
  saveState,
  waitSaved,
  boldInParagraph,
} from './pageEditor';

const suite = adminSuite();
let homeId: string;

beforeAll(async () => {
  homeId = (await suite.server.save('pageDraft', { name: 'Home', title: 'Willkommen', elements: [] }))._id;
});

type Node = { tag: string; props?: Record<string, unknown> };

describe('page editor', { timeout: 120_000 }, () => {
  it('creates a page, builds it from elements with rich text, autosaves, undoes and redoes, reorders', async () => {
    const { page, context, errors } = await openEditor(
      suite.browser,
      suite.server,
      `/_/pageDrafts/new?parent=${homeId}`,
    );
    // Nothing is stored yet: the status next to the undo buttons must not claim it is saved.
    await page.locator('#page_name').waitFor();
    expect(await saveState(page)).toBe('new');
    expect(await page.locator('[data-save-state]').innerText()).toBe('Not saved yet');
    // A new draft starts with its settings; the first name saves it and gives it its own URL.
    await page.locator('#page_name').fill('Angebot');
    await page.waitForURL(/\/_\/pageDrafts\/[0-9a-f]{24}$/, { timeout: 10_000 });
    const id = page.url().split('/').pop()!;
    await waitSaved(page);
    expect(await draft(suite.server, id)).toMatchObject({
      name: 'Angebot',
      _parent: homeId,
      language: 'de',
      _read: ['guest'],
    });

    await addElement(page, 'Hero');
    await page.locator('#element_title').fill('Beratung in Basel');
    await expect.poll(() => preview(page).locator('h1').first().innerText()).toBe('Beratung in Basel');
    await page.getByRole('button', { name: 'Close element' }).click();
    await addElement(page, 'Section');
    // With the section selected, a new element goes inside it when the user chooses so.
    await addElement(page, 'Paragraph', { inside: true });
    const text = page.locator('#element_text .ce-paragraph').first();
    await text.click();
    await page.keyboard.type('Wir sind stark');
    await text.dblclick({ position: { x: 5, y: 5 } });
    // Select the last word and make it bold.
    await boldInParagraph(page, 9, 14);
    await expect
      .poll(() =>
        preview(page)
          .locator('main strong')
          .first()
          .innerText()
          .catch(() => ''),
      )
      .toBe('stark');
    await waitSaved(page);
    await expect
      .poll(async () => ((await draft(suite.server, id)).elements as Node[] | undefined)?.map((node) => node.tag))
      .toEqual(['hero', 'section']);
    const section = ((await draft(suite.server, id)).elements as Node[])[1];
    expect((section.props!.children as Node[])[0]).toEqual({
      tag: 'paragraph',
      props: { text: 'Wir sind **stark**', alignment: 'left' },
    });

    // Undo takes back the bold, then the typing; redo brings both back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => preview(page).locator('main strong').count()).toBe(0);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => preview(page).locator('main strong').count()).toBe(1);
    await page.getByRole('button', { name: 'Undo' }).click();
    await waitSaved(page);
    await expect.poll(async () => JSON.stringify((await draft(suite.server, id)).elements)).not.toContain('**stark**');
    await page.getByRole('button', { name: 'Redo' }).click();
    await waitSaved(page);
    await expect.poll(async () => JSON.stringify((await draft(suite.server, id)).elements)).toContain('**stark**');

    // An image from the file picker and a contact form, at the end of the page.
    const upload = await suite.server.app.inject({
      method: 'POST',
      url: '/api/files/upload?name=team.png',
      headers: { ...suite.server.auth(suite.server.adminToken), 'content-type': 'image/png' },
      payload: await png(800, 500, 30),
    });
    const imageId = (upload.json() as { _id: string })._id;
    await page.getByRole('button', { name: 'Close element' }).click();
    await addElement(page, 'Image');
    await page.locator('#element_image_file').click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    await picker.locator('[role=option]', { hasText: 'team.png' }).click();
    await picker.getByRole('button', { name: 'Select', exact: true }).click();
    await picker.waitFor({ state: 'detached' });
    const image = preview(page).locator(`main img[src*="${imageId}"]`).first();
    await image.waitFor();
    await page.getByRole('button', { name: 'Close element' }).click();
    await addElement(page, 'Contact form');
    await expect.poll(() => preview(page).locator('main form').count()).toBe(1);
    // A click on the image selects its element and focuses its file field (the id comes from the image's address).
    await image.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('element_image_file');
    await waitSaved(page);
    await expect
      .poll(async () => ((await draft(suite.server, id)).elements as Node[]).map((node) => node.tag))
      .toEqual(['hero', 'section', 'image', 'contact']);
    expect(((await draft(suite.server, id)).elements as Node[])[2].props).toMatchObject({ image: { file: imageId } });

    // Drag the section above the hero in the outline.
    const from = (await outlineRow(page, 'section').getByRole('button', { name: 'Move Section' }).boundingBox())!;
    const to = (await outlineRow(page, 'hero').boundingBox())!;
    await drag(page, { x: from.x + from.width / 2, y: from.y + from.height / 2 }, { x: to.x + 40, y: to.y + 4 });
    await waitSaved(page);
    await expect
      .poll(async () => ((await draft(suite.server, id)).elements as Node[]).map((node) => node.tag))
      .toEqual(['section', 'hero', 'image', 'contact']);
    // With the keyboard (dnd-kit: Space picks up, the arrows move, Space drops): the contact form above the image,
    // told in the elements' names.
    await outlineRow(page, 'contact').getByRole('button', { name: 'Move Contact form' }).focus();
    await dragByKeyboard(page, 'ArrowUp', {
      picked: 'Picked up Contact form.',
      over: 'Contact form is over Image.',
      dropped: 'Contact form was dropped on Image.',
    });
    await waitSaved(page);
    await expect
      .poll(async () => ((await draft(suite.server, id)).elements as Node[]).map((node) => node.tag))
      .toEqual(['section', 'hero', 'contact', 'image']);
    // The focus moved with it: Space picks up the contact form again (not the image now in its old place).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move Contact form');
    await dragByKeyboard(page, 'ArrowUp', {
      picked: 'Picked up Contact form.',
      over: 'Contact form is over Hero.',
      dropped: 'Contact form was dropped on Hero.',
    });
    await waitSaved(page);
    await expect
      .poll(async () => ((await draft(suite.server, id)).elements as Node[]).map((node) => node.tag))
      .toEqual(['section', 'contact', 'hero', 'image']);
    // Clicking the hero's title in the preview selects the hero.
    await preview(page).locator('h1', { hasText: 'Beratung in Basel' }).click();
    await expect.poll(() => outlineRow(page, 'hero').getAttribute('class')).toContain('bg-accent-50');
    expect(errors).toEqual([]);
    await context.close();
  });
  it('closes an element while its rich text editor is still starting, without an error', async () => {
    const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${homeId}`);
    await page.getByRole('tab', { name: 'Elements' }).waitFor();
    // A slow machine: Editor.js takes long to start, and the element is closed before it is ready.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await addElement(page, 'Paragraph');
    await page.getByRole('button', { name: 'Close element' }).click();
    for (let i = 0; i < 2; i += 1) {
      await outlineRow(page, 'paragraph').getByRole('button', { name: 'Paragraph', exact: true }).click();
      await page.getByRole('button', { name: 'Close element' }).click();
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await waitSaved(page);
    await expect.poll(() => outlineRow(page, 'paragraph').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
