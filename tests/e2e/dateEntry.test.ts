import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatTimestamp } from '../../src/shared/format/date';
import { newPage, VIEWPORTS } from '../helpers/browser';
import { storeLogin, swissDay } from './admin';
import { adminSuite } from './adminServer';
import { screenshot, SHOTS } from '../helpers/screenshots';

// Dates typed and shown day.month.year (spec section 9) in a browser whose language is American English,
// whose native date inputs would show 07/06/2024 and 07/06/2024, 02:30 PM.
const HOUR = 3_600_000;
const DAY = 86_400_000;
const DESKTOP = VIEWPORTS.desktop;
const PHONE = { width: 390, height: 844 };

const suite = adminSuite();
let adminId: string;
let clientId: string;

const stored = async (model: string, id: string) =>
  (await suite.server.api<Record<string, unknown>>('GET', `/api/document/findById?model=${model}&id=${id}`)).json;

/** An en-US browser in Zurich, logged in, on `path`; `saves` lists the document saves it sends. */
async function american(path: string, viewport: { width: number; height: number } = DESKTOP) {
  const context = await suite.browser.newContext({ viewport, locale: 'en-US', timezoneId: 'Europe/Zurich' });
  await storeLogin(context, suite.server);
  const { page, errors } = await newPage(context);
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/document/updateOne')) saves.push(request.postData() ?? '');
  });
  await page.goto(suite.server.url(path));
  await page.locator('#root:not([aria-busy])').waitFor();
  return { page, errors, context, saves };
}

/** The ISO timestamp of a wall-clock time in the page's zone (what the field stores for it). */
const localIso = (page: Page, year: number, month: number, day: number, hours: number, minutes: number) =>
  page.evaluate(([y, mo, d, h, mi]) => new Date(y, mo - 1, d, h, mi).toISOString(), [year, month, day, hours, minutes]);

beforeAll(async () => {
  adminId = (await suite.server.api<{ _id: string }>('GET', '/api/self')).json._id;
  clientId = (await suite.server.save('client', { name: 'Rheinblick Immobilien AG', hourlyRate: 120 }))._id;
});

describe('dates in an en-US browser', { timeout: 120_000 }, () => {
  it("an invoice's Date shows and takes 06.07.2024; an impossible date is refused at the field, unsaved", async () => {
    const invoice = await suite.server.save('invoice', {
      name: 'Jahresabschluss',
      client: clientId,
      date: '2024-07-06',
    });
    const { page, errors, context, saves } = await american(`/_/invoices/${invoice._id}`);
    const date = page.locator('#root_date');
    await expect.poll(() => date.inputValue()).toBe('06.07.2024');
    expect(await date.getAttribute('placeholder')).toBe('dd.mm.yyyy');
    expect(await page.getByRole('button', { name: 'Pick a day' }).count()).toBeGreaterThan(0);

    // 31 February: said under the field in words when it is left, and SAVE sends nothing.
    await date.fill('31.02.2026');
    await date.press('Tab');
    const error = page.locator('#root_date__error');
    await expect.poll(() => error.innerText()).toBe('There is no 31.02.2026: February 2026 has 28 days');
    expect(await date.getAttribute('aria-invalid')).toBe('true');
    expect(await date.getAttribute('aria-describedby')).toContain('root_date__error');
    expect(await date.inputValue()).toBe('31.02.2026');
    await screenshot(page, { path: `${SHOTS}/date-invoice-impossible-1440.png`, fullPage: true });
    await page.getByRole('button', { name: 'SAVE' }).click();
    await expect
      .poll(() => page.getByRole('tooltip').innerText())
      .toBe('Date: There is no 31.02.2026: February 2026 has 28 days');
    expect(saves).toEqual([]);
    expect((await stored('invoice', invoice._id)).date).toBe('2024-07-06');
    await page.setViewportSize(PHONE);
    await date.scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}/date-invoice-impossible-390.png` });
    await page.setViewportSize(DESKTOP);

    // Typed short, shown in full once left, stored as before (YYYY-MM-DD).
    await date.fill('7.7.24');
    await date.press('Tab');
    await expect.poll(() => date.inputValue()).toBe('07.07.2024');
    expect(await error.count()).toBe(0);
    expect(await date.getAttribute('aria-invalid')).toBeNull();
    await page.getByRole('button', { name: 'SAVE' }).click();
    await expect.poll(async () => (await stored('invoice', invoice._id)).date).toBe('2024-07-07');
    expect(saves).toHaveLength(1);

    // The calendar's pick lands in the field as typed text would.
    const picker = page.locator('#root_date ~ input[type=date]');
    expect(await picker.getAttribute('aria-hidden')).toBe('true');
    await picker.fill('2024-07-09', { force: true });
    await expect.poll(() => date.inputValue()).toBe('09.07.2024');
    await screenshot(page, { path: `${SHOTS}/date-invoice-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("time tracking's Start shows and takes 14:30 06.07.2024 as time and date; an impossible one is not saved", async () => {
    const day = swissDay(Date.now() - DAY);
    const start = Date.parse(`${day}T12:30:00Z`);
    const entry = await suite.server.save('trackedTime', {
      start: new Date(start).toISOString(),
      end: new Date(start + 2 * HOUR).toISOString(),
      name: 'Konzept',
      user: adminId,
      client: clientId,
    });
    const { page, errors, context, saves } = await american('/_/timetracking');
    const row = page.locator(`li[data-id="${entry._id}"]`);
    const field = row.getByLabel('Start');
    await expect.poll(() => field.inputValue()).toBe(formatTimestamp(start));
    expect(await row.getByLabel('End').inputValue()).toBe(formatTimestamp(start + 2 * HOUR));

    // A new time and date, typed as it reads, saves on Enter; the date of the day shown is dd.mm.yyyy.
    const [year, month, date] = day.split('-').map(Number);
    await field.fill(`09:15 ${formatDate(start)}`);
    await field.press('Enter');
    const nineFifteen = await localIso(page, year, month, date, 9, 15);
    await expect.poll(async () => (await stored('trackedTime', entry._id)).start).toBe(nineFifteen);
    // The time alone keeps the day.
    await field.fill('8:05');
    await field.press('Enter');
    await expect.poll(() => field.inputValue()).toBe(`08:05 ${formatDate(start)}`);
    const eightOFive = await localIso(page, year, month, date, 8, 5);
    await expect.poll(async () => (await stored('trackedTime', entry._id)).start).toBe(eightOFive);
    expect(saves).toHaveLength(2);

    // 31 February is said at the field; nothing is sent, and once left the field shows the stored start again.
    await field.fill('09:15 31.02.2026');
    await field.press('Enter');
    const message = row.getByTestId('start-error');
    await expect.poll(() => message.innerText()).toBe('There is no 31.02.2026: February 2026 has 28 days');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toBe(await message.getAttribute('id'));
    await screenshot(page, { path: `${SHOTS}/date-timetracking-impossible-1440.png` });
    await field.blur();
    await expect.poll(() => field.inputValue()).toBe(`08:05 ${formatDate(start)}`);
    // Half-typed and left: no save either (an End is never emptied).
    const end = row.getByLabel('End');
    await end.fill('17:');
    await end.blur();
    await expect
      .poll(() => row.getByTestId('end-error').innerText())
      .toBe('“17:” is incomplete: type hours:minutes, e.g. 14:30');
    for (let i = 0; i < 2; i += 1)
      await page.waitForResponse((response) => response.url().endsWith('/api/document/find'));
    expect(saves).toHaveLength(2);
    expect(await stored('trackedTime', entry._id)).toMatchObject({ start: eightOFive, end: entry.end });
    await page.setViewportSize(PHONE);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}/date-timetracking-impossible-390.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the Invoice-from-time dialog's period reads day.month.year and names an impossible day", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors, context, saves } = await american('/_/timetracking', viewport);
      await page.getByRole('button', { name: 'Create invoice' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('select[name=client]').selectOption(clientId);
      const from = dialog.locator('input[name=from]');
      const to = dialog.locator('input[name=to]');
      // The default period is last month, shown day.month.year.
      await expect.poll(() => from.inputValue()).toMatch(/^01\.\d{2}\.\d{4}$/);
      await to.fill('31.11.2026');
      await to.press('Tab');
      await expect.poll(() => dialog.innerText()).toContain('There is no 31.11.2026: November 2026 has 30 days');
      expect(await to.getAttribute('aria-invalid')).toBe('true');
      expect(await dialog.getByRole('button', { name: 'Create invoice' }).isDisabled()).toBe(true);
      await screenshot(page, { path: `${SHOTS}/date-invoice-from-time-impossible-${viewport.width}.png` });
      await from.fill('1.11.');
      await to.fill('30.11.');
      await to.press('Tab');
      await expect.poll(() => to.inputValue()).toMatch(/^30\.11\.\d{4}$/);
      expect(await from.inputValue()).toMatch(/^01\.11\.\d{4}$/);
      expect(await to.getAttribute('aria-invalid')).toBeNull();
      await expect.poll(() => dialog.getByTestId('invoice-preview').count()).toBe(1);
      await screenshot(page, { path: `${SHOTS}/date-invoice-from-time-${viewport.width}.png` });
      expect(saves).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
