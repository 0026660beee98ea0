import { mkdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite } from './adminServer';
import { newContext, rows, storeLogin } from './admin';

// Audit 4, finding 12: at 390 px the invoice list pushed Status and Total off-screen. Under 640 px a row is a
// two-line card (`x-compact`): name and total, then client, date and status; the desktop table is unchanged.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const suite = adminSuite();

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
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
});

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
    await page.screenshot({ path: `${SHOTS}/list-phone-invoices-390.png` });

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
    await page.screenshot({ path: `${SHOTS}/list-phone-invoices-1440.png` });
    await context.close();
  });
});
