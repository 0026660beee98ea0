import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, storeLogin, watchKeptSaves } from './admin';
import { adminSuite } from './adminServer';
import { draft, openEditor, outlineRow, preview, waitSaved, boldInParagraph } from './pageEditor';

const suite = adminSuite();

type Node = { tag: string; props: Record<string, unknown> };

/** Records for every key when it went down, when the paragraph in the preview changed (and to what), and the next frame. */
async function watchKeys(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as {
      keys: { down: number; frame?: number }[];
      shown: { time: number; text: string }[];
    };
    // Once per page; later calls start new records.
    const installed = Array.isArray(w.keys);
    w.keys = [];
    w.shown = [];
    if (installed) return;
    document.addEventListener(
      'keydown',
      () => {
        const key: { down: number; frame?: number } = { down: performance.now() };
        w.keys.push(key);
        requestAnimationFrame(() => (key.frame = performance.now()));
      },
      true,
    );
    const frame = document.querySelector<HTMLIFrameElement>('iframe[title=Vorschau]')!;
    const target = frame.contentDocument!.querySelector('[data-el="1"]')!;
    new MutationObserver(() => w.shown.push({ time: performance.now(), text: target.textContent ?? '' })).observe(
      target,
      { subtree: true, childList: true, characterData: true },
    );
  });
}

/** Types `text` key by key; each key must be in the preview's paragraph before the frame after it is drawn. */
async function typeAndCheck(page: Page, before: string, text: string) {
  await watchKeys(page);
  await page.keyboard.type(text);
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as { keys: { frame?: number }[] }).keys.every((key) => key.frame !== undefined),
      ),
    )
    .toBe(true);
  const { keys, shown } = await page.evaluate(() => {
    const w = window as unknown as { keys: { down: number; frame: number }[]; shown: { time: number; text: string }[] };
    return { keys: w.keys, shown: w.shown };
  });
  expect(keys).toHaveLength(text.length);
  keys.forEach((key, i) => {
    const expected = before + text.slice(0, i + 1);
    const change = shown.find((item) => item.time >= key.down && item.text.endsWith(expected));
    expect(change, `key ${i + 1} (${text[i]}) in the preview`).toBeDefined();
    expect(change!.time, `key ${i + 1} shown before its frame`).toBeLessThanOrEqual(key.frame);
  });
}

describe('page editor: typing into rich text', { timeout: 120_000 }, () => {
  it('shows each key in the preview in the frame of the key, and the draft stores what was typed, bold included', async () => {
    const home = await suite.server.save('pageDraft', { name: 'Home', elements: [] });
    const doc = await suite.server.save('pageDraft', {
      name: 'Tippen',
      _parent: home._id,
      elements: [
        { tag: 'header', props: { text: 'Titel', level: 2 } },
        { tag: 'paragraph', props: { text: 'Hallo' } },
      ],
    });
    const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${doc._id}`);
    await outlineRow(page, 'paragraph')
      .getByRole('button', { name: /^Paragraph/ })
      .click();
    const field = page.locator('#element_text .ce-paragraph').first();
    await field.click();
    await page.keyboard.press('End');
    const paragraph = preview(page).locator('[data-el="1"]');

    await typeAndCheck(page, 'Hallo', ' Welt und mehr');
    expect(await paragraph.innerText()).toBe('Hallo Welt und mehr');

    // Bold 'Welt' with Editor.js's shortcut: the preview renders it with the site's strong element.
    await boldInParagraph(page, 6, 10);
    await expect
      .poll(() =>
        paragraph
          .locator('strong')
          .innerText()
          .catch(() => ''),
      )
      .toBe('Welt');
    await field.click();
    await page.keyboard.press('End');
    await typeAndCheck(page, 'Hallo Welt und mehr', '!');
    expect(await paragraph.locator('strong').innerText()).toBe('Welt');

    // The form and the outline follow, and the autosave stores exactly what the preview shows.
    await expect.poll(() => outlineRow(page, 'paragraph').innerText()).toContain('Hallo Welt und mehr!');
    await waitSaved(page);
    const stored = (await draft(suite.server, doc._id)).elements as Node[];
    expect(stored[1].props.text).toBe('Hallo **Welt** und mehr!');
    expect(stored[0]).toEqual({ tag: 'header', props: { text: 'Titel', level: 2 } });

    // Undo (the button) takes back the typing since the last save, in the field, the preview and the draft alike.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => paragraph.innerText()).toBe('Hallo');
    await expect.poll(() => field.innerText()).toBe('Hallo');
    await waitSaved(page);
    expect(((await draft(suite.server, doc._id)).elements as Node[])[1].props.text).toBe('Hallo');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves what was typed when the page is hidden before the autosave, with keepalive so it outlives the page', async () => {
    const doc = await suite.server.save('pageDraft', {
      name: 'Schliessen',
      elements: [{ tag: 'paragraph', props: { text: 'Bis bald' } }],
    });
    const context = await newContext(suite.browser);
    await storeLogin(context, suite.server);
    // The page's clock, paused while typing, keeps the 750 ms autosave from running first.
    await context.clock.install();
    const page = await context.newPage();
    await page.goto(suite.server.url(`/_/pageDrafts/${doc._id}`));
    const keptSaves = await watchKeptSaves(page);
    await outlineRow(page, 'paragraph')
      .getByRole('button', { name: /^Paragraph/ })
      .click();
    await page.locator('#element_text .ce-paragraph').first().click();
    await page.keyboard.press('End');
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.keyboard.type('!');
    // The text field's own short delay passes; the autosave's does not.
    await page.clock.runFor(400);
    await expect.poll(() => preview(page).locator('[data-el="0"]').innerText()).toBe('Bis bald!');
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
    await expect.poll(keptSaves).toEqual([true]);
    await expect
      .poll(async () => ((await draft(suite.server, doc._id)).elements as Node[])[0].props.text)
      .toBe('Bis bald!');
    await context.close();
  });
});
