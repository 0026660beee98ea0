import { beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { zonedDay } from '../../src/shared/format/zonedDays';
import { openAdmin } from './admin';
import { adminSuite } from './adminServer';
import { openInvoice, useDemoBilling } from './billing';
import { screenshot, SHOTS } from '../helpers/screenshots';

// The money workflows an audit walked (s10 fix D): an offer made into an invoice, a payment entered by hand that
// pays its invoice, and numbers shown German style (count '6,25', the payment reference grouped as on the PDF).
const WIDTHS = [1440, 390] as const;

const suite = adminSuite();
let clientId: string;

beforeAll(async () => {
  await useDemoBilling(suite.server);
  clientId = (await suite.server.save('client', { name: 'Audit Treuhand GmbH', hourlyRate: 180 }))._id;
});

const open = (path: string, width: number) => openAdmin(suite, path, { width, height: width === 390 ? 844 : 900 });

const read = async (model: string, id: string) =>
  (await suite.server.api<Record<string, unknown>>('GET', `/api/document/findById?model=${model}&id=${id}`)).json;

describe('money workflows in the admin', { timeout: 180_000 }, () => {
  for (const width of WIDTHS) {
    it(`turns an offer into an invoice with Create invoice and opens it (${width})`, async () => {
      const offer = await suite.server.save('offer', {
        name: `Beratung Q4 ${width}`,
        client: clientId,
        subject: 'Angebot',
        date: '2026-10-01',
        items: [
          { name: 'Workshop', description: 'Halbtag vor Ort', price: 180, count: 6.25 },
          { name: 'Bericht', price: 950, count: 1 },
        ],
      });
      const { page, errors, context } = await open(`/_/offers/${offer._id}`, width);
      const create = page.getByRole('button', { name: 'Create invoice' });
      await create.waitFor();
      await screenshot(page, { path: `${SHOTS}/offer-create-invoice-${width}.png` });
      // A change not saved yet is saved first: the invoice holds what the user sees.
      await expect.poll(() => page.locator('#root_name').inputValue()).toBe(`Beratung Q4 ${width}`);
      await page.locator('#root_name').fill(`Beratung Q4 ${width} (angepasst)`);
      await create.click();
      await page.waitForURL(/\/_\/invoices\/[0-9a-f]{24}$/);
      expect((await read('offer', offer._id)).name).toBe(`Beratung Q4 ${width} (angepasst)`);
      const invoiceId = page.url().split('/').pop()!;
      expect(await read('invoice', invoiceId)).toMatchObject({
        name: `Beratung Q4 ${width} (angepasst)`,
        client: clientId,
        status: 'open',
        items: [
          { name: 'Workshop', description: 'Halbtag vor Ort', price: 180, count: 6.25 },
          { name: 'Bericht', price: 950, count: 1 },
        ],
        total: 2075,
      });
      // The new invoice's count reads German style, like the price beside it.
      const count = page.locator('#root_items_0_count');
      await expect.poll(() => count.inputValue(), { timeout: 10_000 }).toBe('6,25');
      expect(await page.locator('#root_items_0_price').inputValue()).toBe('180,00');
      await screenshot(page, { path: `${SHOTS}/invoice-from-offer-${width}.png`, fullPage: true });
      // The invoice names its offer, read-only, as a link to it.
      const offerLink = page.locator('#root_offer a');
      await expect.poll(() => offerLink.innerText(), { timeout: 10_000 }).toContain(`Beratung Q4 ${width} (angepasst)`);
      const invoiceNumber = (await read('invoice', invoiceId)).id as number;
      await offerLink.click();
      await page.waitForURL(new RegExp(`/_/offers/${offer._id}$`));
      // Back on the offer: it says it was invoiced, and Create invoice asks before making a second one.
      const invoiced = page.getByTestId('offer-invoiced');
      await expect.poll(() => invoiced.innerText(), { timeout: 10_000 }).toBe(`Invoiced: Invoice ${invoiceNumber}`);
      await create.click();
      const dialog = page.getByRole('dialog');
      await expect
        .poll(() => dialog.innerText())
        .toContain(`Invoice ${invoiceNumber} was already created from this offer. Create another?`);
      await screenshot(page, { path: `${SHOTS}/offer-invoice-again-${width}.png` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(page.url()).toMatch(new RegExp(`/_/offers/${offer._id}$`));
      await create.click();
      await dialog.getByRole('button', { name: 'Create another' }).click();
      await page.waitForURL(
        (url) => /\/_\/invoices\/[0-9a-f]{24}$/.test(url.pathname) && !url.pathname.endsWith(invoiceId),
      );
      const second = page.url().split('/').pop()!;
      expect(await read('invoice', second)).toMatchObject({ offer: offer._id, status: 'open' });
      // The offer names the newest of its invoices.
      await page.goto(suite.server.url(`/_/offers/${offer._id}`));
      await expect.poll(() => invoiced.innerText(), { timeout: 10_000 }).not.toBe(`Invoiced: Invoice ${invoiceNumber}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const width of WIDTHS) {
    it(`starts a new invoice, offer and transaction dated today; marks the CHF amount as it behaves (${width})`, async () => {
      const before = zonedDay(Date.now());
      const { page, errors, context } = await open('/_/offers/new', width);
      const date = page.locator('#root_date');
      const today = () => [before, zonedDay(Date.now())];
      // Shown day.month.year.
      const shown = () => today().map((day) => day.split('-').reverse().join('.'));
      await expect.poll(() => date.inputValue(), { timeout: 10_000 }).toBeOneOf(shown());
      // Saved as it stands, the offer keeps that day.
      await page.locator('#root_name').fill(`Neues Angebot ${width}`);
      const client = page.locator('#root_client');
      await expect.poll(() => client.locator('option', { hasText: 'Audit Treuhand GmbH' }).count()).toBe(1);
      await client.selectOption({ label: 'Audit Treuhand GmbH' });
      await page.getByRole('button', { name: 'SAVE' }).click();
      await page.waitForURL(/\/_\/offers\/[0-9a-f]{24}$/);
      expect((await read('offer', page.url().split('/').pop()!)).date).toBeOneOf(today());
      for (const path of ['/_/invoices/new', '/_/transactions/new']) {
        await page.goto(suite.server.url(path));
        await expect.poll(() => date.inputValue(), { timeout: 10_000 }).toBeOneOf(shown());
      }
      // On the transaction: the CHF amount is required only while no EUR amount is given, and says so.
      const label = page.locator('label[for=root_amount]');
      await expect.poll(() => label.innerText()).toMatch(/^Amount \(CHF\)\s*\*\s*or Amount \(EUR\)$/);
      await screenshot(page, { path: `${SHOTS}/transaction-new-${width}.png` });
      await page.locator('#root_foreignAmount').fill('1.081,00');
      await expect.poll(() => label.innerText()).toBe('Amount (CHF)');
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('shows the payment reference grouped as the PDF prints it, and reads a typed count back with a comma', async () => {
    const invoice = await suite.server.save('invoice', {
      name: 'Referenz',
      client: clientId,
      date: '2026-10-01',
      status: 'open',
      items: [{ name: 'Beratung', price: 180, count: 2 }],
    });
    await suite.server.app.services.documents.save(SYSTEM, 'invoice', {
      _id: invoice._id,
      reference: '210000000003139471430009017',
    });
    for (const width of WIDTHS) {
      const { page, errors, context } = await open(`/_/invoices/${invoice._id}`, width);
      const reference = page.locator('#root_reference');
      await expect.poll(() => reference.innerText(), { timeout: 10_000 }).toBe('21 00000 00003 13947 14300 09017');
      const count = page.locator('#root_items_0_count');
      await count.fill('6.5');
      await count.blur();
      expect(await count.inputValue()).toBe('6,5');
      await reference.scrollIntoViewIfNeeded();
      await screenshot(page, { path: `${SHOTS}/invoice-reference-${width}.png` });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('a payment entered by hand that covers its invoice sets it paid in the list', async () => {
    const invoice = await openInvoice(suite.server, {
      client: clientId,
      name: 'Audit Beratung Q4',
      date: '2026-11-26',
      price: 1000,
    });
    const { page, errors, context } = await open('/_/transactions/new', 1440);
    await page.locator('#root_name').fill('Zahlung Audit Treuhand');
    await page.locator('#root_date').fill('27.11.2026');
    await page.locator('#root_direction').selectOption({ label: 'Incoming' });
    await page.locator('#root_foreignAmount').fill('1.081,00');
    await page.locator('#root_amount').fill('1.010,50');
    const link = page.locator('#root_invoice');
    const option = link.locator('option', { hasText: 'Audit Beratung Q4' });
    await expect.poll(() => option.count()).toBe(1);
    await link.selectOption({ label: await option.innerText() });
    await page.getByRole('button', { name: 'SAVE' }).click();
    await page.waitForURL(/\/_\/transactions\/[0-9a-f]{24}$/);
    const paymentId = page.url().split('/').pop()!;
    expect(await read('invoice', invoice.id)).toMatchObject({ status: 'paid', transaction: paymentId });
    await page.goto(suite.server.url('/_/invoices'));
    const row = page.locator('tr', { hasText: 'Audit Beratung Q4' });
    await expect.poll(() => row.locator('[data-status]').getAttribute('data-status'), { timeout: 10_000 }).toBe('paid');
    await screenshot(page, { path: `${SHOTS}/invoices-after-manual-payment-1440.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
});
