import type { Browser, FrameLocator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AdminServer } from './adminServer';
import { watchErrors } from '../helpers/browser';
import { newContext, storeLogin } from './admin';

/** Helpers of the page editor's browser tests. */
export async function openEditor(
  browser: Browser,
  server: AdminServer,
  path: string,
  viewport?: { width: number; height: number },
) {
  const context = await newContext(browser, viewport);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url('') });
  await storeLogin(context, server);
  const page = await context.newPage();
  const errors: string[] = [];
  watchErrors(page, errors);
  await page.goto(server.url(path));
  return { page, context, errors };
}

export const preview = (page: Page): FrameLocator => page.frameLocator('iframe[title=Vorschau]');

export const saveState = (page: Page) => page.locator('[data-save-state]').getAttribute('data-save-state');

/** Waits until the editor has pushed everything (autosave) and the server has it. */
export async function waitSaved(page: Page) {
  await expect.poll(() => saveState(page), { timeout: 10_000 }).toBe('saved');
}

/** Adds an element from the add menu: after the selected one, or with `inside` into the selected container. */
export async function addElement(page: Page, label: string, { inside = false } = {}) {
  await page.getByRole('tab', { name: 'Elements' }).click();
  await page.getByRole('button', { name: 'Add element' }).click();
  if (inside)
    await page
      .getByRole('radiogroup', { name: 'Where to add' })
      .getByText(/^Inside /)
      .click();
  await page.getByRole('button', { name: label, exact: true }).click();
}

export const outlineRow = (page: Page, tag: string) => page.locator(`ul[aria-label=Elements] li[data-tag="${tag}"]`);

export async function draft(server: AdminServer, id: string) {
  return (await server.api<Record<string, unknown>>('GET', `/api/document/findById?model=pageDraft&id=${id}`)).json;
}

/** Drags with the mouse in small steps, as dnd-kit's pointer sensor needs. */
export async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y + 6, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

/** Selects characters `start` to `end` of the element form's first paragraph and makes them bold with Editor.js's shortcut. */
export async function boldInParagraph(page: Page, start: number, end: number) {
  await page.evaluate(
    ([from, to]) => {
      const node = document.querySelector('#element_text .ce-paragraph')!.firstChild!;
      const range = document.createRange();
      range.setStart(node, from);
      range.setEnd(node, to);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
    },
    [start, end],
  );
  await page.keyboard.press('Control+b');
}
