import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite } from './adminServer';
import { newContext, rows, storeLogin } from './admin';
import { screenshot, SHOTS } from '../helpers/screenshots';

// Audit 4, finding 12: at 390 px the invoice list pushed Status and Total off-screen. Under 640 px a row is a
// two-line card (`x-compact`): name and total, then client, date and status; the desktop table is unchanged.
const suite = adminSuite();

beforeAll(async () => {
  const client = await suite.server.save('client', { name: 'Spalenberg Druckerei und Verlag GmbH' });
  const invoice = (name: string, price: number, status: string) =>
    suite.server.save('invoice', {
      name,
      client: client._id,
      date: '2024-03-01',
      status,
      items: [{ name: 'Arbeit', price, count: 1 }],
    });
  await invoice('Drucksachen und Geschäftsbericht mit einem langen Namen', 1825, 'paid');
  await invoice('Website-Relaunch', 12355.5, 'open');
  // Cards whose first column is the title or a date, and a detail after a `·` that is a cut text or relation.
  const transaction = (doc: Record<string, unknown>) =>
    suite.server.save('transaction', { direction: 'incoming', ...doc });
  await transaction({
    name: 'Zahlung Rechnung 2024-17',
    date: '2024-03-04',
    client: client._id,
    amount: 1825,
    foreignAmount: 1900.5,
  });
  await transaction({ name: 'Euro-Zahlung', date: '2024-03-05', client: client._id, foreignAmount: 320 });
  await transaction({ name: 'Steuern', date: '2024-03-06', direction: 'outgoing', amount: 400 });
  await suite.server.save('offer', { name: 'Website', client: client._id, date: '2024-03-01', items: [] });
  await suite.server.save('redirect', { name: 'Alte Seite', from: '/alt/seite/mit/langem/pfad', to: '/neu' });
});

/**
 * Each card's cells by line, read from their boxes: where each line's first cell's content starts and, per line,
 * the tops and heights of its cells (the `·` before a cell is part of the cell's box).
 */
function cardLines(page: Page) {
  return rows(page).evaluateAll((trs) =>
    trs.map((tr) => {
      // Where a cell's content starts: its box's left plus its padding (an indented cell's box starts at the edge).
      const cells = [...tr.querySelectorAll('td')]
        .map((td) => {
          const box = td.getBoundingClientRect();
          const left = box.left + parseFloat(getComputedStyle(td).paddingLeft);
          return { left, top: box.top, width: box.width, height: box.height };
        })
        .filter((box) => box.width > 0 && box.height > 0);
      const lines: { left: number; tops: number[]; heights: number[] }[] = [];
      for (const box of cells) {
        const line = lines.find((each) => Math.abs(each.tops[0]! - box.top) < 12);
        if (line) {
          line.left = Math.min(line.left, box.left);
          line.tops.push(box.top);
          line.heights.push(box.height);
        } else lines.push({ left: box.left, tops: [box.top], heights: [box.height] });
      }
      return {
        text: (tr as HTMLElement).innerText.replace(/\s+/g, ' '),
        rowLeft: tr.getBoundingClientRect().left,
        lines,
      };
    }),
  );
}

describe('the generic list on a phone', { timeout: 120_000 }, () => {
  it('shows each invoice as a card whose total and status fit the screen, sorted by a select (390)', async () => {
    const context = await newContext(suite.browser, { width: 390, height: 844 });
    await storeLogin(context, suite.server);
    const page = await context.newPage();
    await page.goto(suite.server.url('/_/invoices'));
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(2);
    expect(await page.locator('thead').isVisible()).toBe(false);

    for (const row of await rows(page).all()) {
      for (const text of [/€$/, /^(Paid|Open|Pending|Overdue)$/]) {
        const cell = row.locator('td:visible').filter({ hasText: text }).last();
        const box = (await cell.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        expect(box.x).toBeGreaterThanOrEqual(0);
      }
      // Two lines: the card is no taller than two lines of text and their padding.
      expect((await row.boundingBox())!.height).toBeLessThan(70);
    }
    expect(await rows(page).filter({ hasText: 'Drucksachen' }).locator('[data-status]').isVisible()).toBe(true);
    // Nothing scrolls sideways: not the page, not the list's frame.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const frame = page.locator('table').locator('xpath=..');
    expect(await frame.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
    await screenshot(page, { path: `${SHOTS}/list-phone-invoices-390.png` });

    // The column heads are gone: the sort is a select.
    await page.getByLabel('Sort', { exact: true }).selectOption({ label: 'Sort: Total (net) ↓' });
    await expect.poll(() => rows(page).first().innerText()).toContain('Website-Relaunch');
    await page.getByLabel('Sort', { exact: true }).selectOption({ label: 'Sort: Total (net) ↑' });
    await expect.poll(() => rows(page).first().innerText()).toContain('Drucksachen');
    expect(page.url()).toContain('total');

    // A card opens its invoice.
    await rows(page)
      .first()
      .click({ position: { x: 40, y: 12 } });
    await page.waitForURL(/\/_\/invoices\/[0-9a-f]{24}$/);
    await context.close();
  });

  // Audit s12: a transaction's card had its date indented, the `·` before the client on a line of its own and
  // the client below the date and the EUR amount.
  it('lays every card with x-compact columns out in two tidy lines (390)', async () => {
    const context = await newContext(suite.browser, { width: 390, height: 844 });
    await storeLogin(context, suite.server);
    const page = await context.newPage();
    for (const [plural, count] of [
      ['transactions', 3],
      ['invoices', 2],
      ['offers', 1],
      ['redirects', 1],
      ['clients', 1],
      ['users', 1],
    ] as const) {
      await page.goto(suite.server.url(`/_/${plural}`));
      await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(count);
      const cards = await cardLines(page);
      const left = cards[0]!.lines[0]!.left;
      for (const card of cards) {
        const where = `${plural}: ${card.text}`;
        expect(card.lines.length, where).toBeLessThanOrEqual(2);
        for (const line of card.lines) {
          // Both lines of every card start at the card's padding, neither indented further.
          expect(Math.abs(line.left - left), where).toBeLessThan(1);
          expect(line.left - card.rowLeft, where).toBeLessThan(20);
          // One line of text: every part at the same top, none taller than a line (no `·` above its value).
          for (const top of line.tops) expect(Math.abs(top - line.tops[0]!), where).toBeLessThan(2);
          expect(Math.max(...line.heights), where).toBeLessThan(36);
        }
      }
      await screenshot(page, { path: `${SHOTS}/list-phone-${plural}-390.png` });
    }
    await context.close();
  });

  it('says on a phone whether a transaction came in or went out (390)', async () => {
    const context = await newContext(suite.browser, { width: 390, height: 844 });
    await storeLogin(context, suite.server);
    const page = await context.newPage();
    await page.goto(suite.server.url('/_/transactions'));
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(3);
    // A payout and a payment of the same amount otherwise read alike: 'Steuern 400,00 CHF', '06.03.2024'.
    const texts = (await rows(page).allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
    expect(texts.find((text) => text.includes('Steuern'))).toContain('Outgoing');
    expect(texts.filter((text) => text.includes('Incoming'))).toHaveLength(2);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('keeps the desktop table with every column (1440)', async () => {
    const context = await newContext(suite.browser, { width: 1440, height: 900 });
    await storeLogin(context, suite.server);
    const page = await context.newPage();
    await page.goto(suite.server.url('/_/invoices'));
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(2);
    expect(await page.locator('thead th').allInnerTexts()).toEqual(
      expect.arrayContaining(['Number', 'Name', 'Client', 'Date', 'Status', 'Total (net)']),
    );
    expect(await page.getByLabel('Sort', { exact: true }).isVisible()).toBe(false);
    // One line per row, every cell in it.
    expect((await rows(page).first().boundingBox())!.height).toBeLessThan(50);
    expect(await rows(page).first().locator('td:visible').count()).toBe(7);
    await screenshot(page, { path: `${SHOTS}/list-phone-invoices-1440.png` });
    await context.close();
  });
});
