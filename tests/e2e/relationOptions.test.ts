import { beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../helpers/browser';
import { newContext, save, storeLogin } from './admin';
import { adminSuite } from './adminServer';
import { userWithRole } from '../helpers/users';
import { screenshot, SHOTS } from '../helpers/screenshots';

// x-relation `where` and `details` in the invoice form: the Transaction select offers incoming payments only,
// each with its date and amount, so three payments of one payer can be told apart.

const suite = adminSuite();
let invoiceId: string;
let paymentIds: string[];
let payoutId: string;

beforeAll(async () => {
  const client = await suite.server.save('client', { name: 'Basler Bäckerei GmbH' });
  const transaction = (doc: Record<string, unknown>) =>
    suite.server.save('transaction', { multiplier: 1, client: client._id, ...doc });
  paymentIds = [
    (await transaction({ name: 'Basler Bäckerei GmbH', date: '2024-03-12', amount: 2100, direction: 'incoming' }))._id,
    (await transaction({ name: 'Basler Bäckerei GmbH', date: '2024-05-02', amount: 980.5, direction: 'incoming' }))._id,
    (
      await transaction({
        name: 'Basler Bäckerei GmbH',
        date: '2024-06-20',
        foreignAmount: 1500,
        direction: 'incoming',
      })
    )._id,
  ];
  payoutId = (
    await transaction({
      name: 'Auszahlung Lohn März',
      date: '2024-03-25',
      amount: 4200,
      direction: 'outgoing',
      type: 'payout',
    })
  )._id;
  await transaction({ name: 'Steuern 2023', date: '2024-04-30', amount: 3100, direction: 'outgoing', type: 'tax' });
  const invoice = await suite.server.save('invoice', {
    name: 'Brot-Shop',
    client: client._id,
    date: '2024-03-01',
    status: 'open',
    items: [{ name: 'Shop', price: 2100, count: 1 }],
  });
  invoiceId = invoice._id;
});

describe('relation selects with where and details', { timeout: 120_000 }, () => {
  it("offers an invoice's incoming payments with date and amount, and no outgoing one", async () => {
    const context = await newContext(suite.browser, { width: 1440, height: 900 });
    await storeLogin(context, suite.server);
    const { page, errors } = await newPage(context);
    await page.goto(suite.server.url(`/_/invoices/${invoiceId}`));
    const select = page.getByLabel('Transaction', { exact: true });
    await expect
      .poll(() => select.locator('option').allInnerTexts(), { timeout: 10_000 })
      .toEqual([
        '—',
        'Basler Bäckerei GmbH · 12.03.2024 · 2.100,00 CHF',
        'Basler Bäckerei GmbH · 02.05.2024 · 980,50 CHF',
        'Basler Bäckerei GmbH · 20.06.2024 · 1.500,00 €',
      ]);
    const values = await select
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(values).toEqual(['', ...paymentIds]);
    expect(values).not.toContain(payoutId);

    // Typing the payer's name still finds the options (the label comes first).
    await select.focus();
    await page.keyboard.type('Basler');
    await expect.poll(() => select.inputValue()).toBe(paymentIds[0]);

    // The options are long: the select takes the form's whole row, so the chosen one reads in full.
    const half = (await page.locator('#root_client').boundingBox())!.width;
    expect((await select.boundingBox())!.width).toBeGreaterThan(half * 1.8);

    // A native select's open list is drawn outside the page: show it expanded in place for the screenshot.
    await select.evaluate((element) => element.setAttribute('size', '5'));
    await select.selectOption(paymentIds[1]);
    await screenshot(page, { path: `${SHOTS}/invoice-transaction-select-1440.png` });
    await select.evaluate((element) => element.removeAttribute('size'));

    await save(page);
    await expect
      .poll(
        async () =>
          (await suite.server.api('GET', `/api/document/findById?model=invoice&id=${invoiceId}`)).json.transaction,
      )
      .toBe(paymentIds[1]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('relation labels an accountant may not look up', { timeout: 120_000 }, () => {
  it("shows a colleague's login on an invoice line, not the user's id (x-relation shareLabel)", async () => {
    const marco = await userWithRole(suite.server, suite.server.adminToken, 'marco', 'accountant');
    const anna = await userWithRole(suite.server, suite.server.adminToken, 'anna', 'staff');
    const client = await suite.server.save('client', { name: 'Rheinblick Immobilien AG' });
    const invoice = await suite.server.save('invoice', {
      name: 'Website-Relaunch',
      client: client._id,
      date: '2024-03-01',
      status: 'open',
      items: [
        { name: 'Konzept', user: anna.id, price: 120, count: 2 },
        { name: 'Buchhaltung', user: marco.id, price: 100, count: 1 },
      ],
    });
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const context = await newContext(suite.browser, viewport);
      await storeLogin(context, suite.server, 'marco', marco.password);
      const { page, errors } = await newPage(context);
      await page.goto(suite.server.url(`/_/invoices/${invoice._id}`));
      const users = page.getByLabel('User', { exact: true });
      await expect
        .poll(() =>
          users.evaluateAll((selects) => selects.map((s) => (s as HTMLSelectElement).selectedOptions[0]?.text)),
        )
        .toEqual(['anna', 'marco']);
      expect(await page.locator('body').innerText()).not.toContain(anna.id);
      await screenshot(page, { path: `${SHOTS}/invoice-item-user-accountant-${viewport.width}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
