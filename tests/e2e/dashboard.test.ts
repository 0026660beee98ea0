import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/seed/demo';
import { newPage } from '../helpers/browser';
import { newContext, storeLogin } from './admin';
import { adminSuite } from './adminServer';
import { screenshot, SHOTS } from '../helpers/screenshots';

/** The home page `/_` with the demo data: the reports the server computes, per role (spec section 6). */
describe('dashboard', () => {
  const suite = adminSuite();

  beforeAll(async () => {
    await seedDemo(suite.server.app.services, { env: { DEMO_USERS_PASSWORD: '1' } });
  });

  async function open(login: string, password: string | undefined, viewport = { width: 1440, height: 900 }) {
    const context = await newContext(suite.browser, viewport);
    await (password ? storeLogin(context, suite.server, login, password) : storeLogin(context, suite.server));
    const { page, errors } = await newPage(context);
    await page.goto(suite.server.url('/_'));
    return { page, errors, context };
  }

  it('shows an admin every widget with the figures the server computed', async () => {
    const revenue = (await suite.server.api<{ income: number }>('GET', '/api/payment/revenue')).json;
    const { page, errors, context } = await open('admin', undefined);
    const income = page.getByTestId('revenue-income');
    await expect
      .poll(() => income.textContent())
      .toContain(new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(revenue.income));
    for (const widget of ['own-revenue', 'monthly', 'invoices', 'redirects'])
      await page.getByTestId(widget).first().waitFor();
    expect(await page.getByTestId('income-bar').count()).toBe(12);
    // Money like the other cards: the chart's scale too.
    expect(await page.getByTestId('chart-max').textContent()).toMatch(/^max \d{1,3}(\.\d{3})*,\d{2} CHF$/);
    // What clients owe on the two open demo invoices, VAT included as on their PDFs: 1.972,83 + 1.199,91.
    await expect.poll(() => page.getByTestId('invoices-open').textContent()).toBe('3.172,74 €');
    expect(await page.getByTestId('invoices').textContent()).toContain('2 open, incl. VAT');
    await screenshot(page, { path: `${SHOTS}/dashboard-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();

    const phone = await open('admin', undefined, { width: 390, height: 844 });
    await phone.page.getByTestId('revenue-income').waitFor();
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone.page, { path: `${SHOTS}/dashboard-390.png`, fullPage: true });
    await phone.context.close();
  });

  it('shows the demo business costs as expenses, says what Expenses counts, and names tax and AHV together', async () => {
    const revenue = (await suite.server.api<{ expenses: number; tax: number }>('GET', '/api/payment/revenue')).json;
    // The demo books rent, software, telephone and insurance: outgoing without a type.
    expect(revenue.expenses).toBeGreaterThan(0);
    const money = (value: number) =>
      `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(value)} CHF`;
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { page, errors, context } = await open('marco', 'demo-marco', viewport);
      const expenses = page.getByTestId('revenue-expenses');
      await expect.poll(() => expenses.textContent()).toBe(money(revenue.expenses));
      expect(await page.getByTestId('revenue-expenses-hint').textContent()).toBe('Outgoing without a type');
      const revenueCard = await page.getByTestId('revenue').innerText();
      expect(revenueCard).toContain('Tax and AHV');
      expect(revenueCard).not.toMatch(/^Tax$/m);
      expect(await page.getByTestId('own-revenue').innerText()).toContain('Tax and AHV');
      expect(await page.getByTestId('revenue-tax').textContent()).toBe(money(revenue.tax));
      // The chart draws them: some month has an expenses bar.
      const bars = await page
        .getByTestId('expenses-bar')
        .evaluateAll((rects) => rects.map((rect) => Number(rect.getAttribute('height'))));
      expect(Math.max(...bars)).toBeGreaterThan(0);
      await screenshot(page, { path: `${SHOTS}/dashboard-marco-${viewport.width}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('shows staff without manage:payment only what is theirs (no money figures)', async () => {
    const { page, errors, context } = await open('anna', 'demo-anna');
    await page.getByTestId('redirects').waitFor();
    expect(await page.getByTestId('revenue').count()).toBe(0);
    expect(await page.getByTestId('own-revenue').count()).toBe(0);
    expect(await page.getByTestId('invoices').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
