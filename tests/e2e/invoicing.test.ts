import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceReference } from '../../src/server/modules/payment/qrReference';
import { formatPaymentReference } from '../../src/shared/format/paymentReference';
import { DEMO_SITE_CONFIG } from '../../src/server/seed/demoData';
import { openAdmin, rows } from './admin';
import { adminSuite } from './adminServer';
import { invoiceStatus, openInvoice, useDemoBilling } from './billing';
import { screenshot, SHOTS } from '../helpers/screenshots';

// "Create invoice" from tracked time and the bank statement import (issue 10, items 4 and 7), in Chromium.
const IBAN = (DEMO_SITE_CONFIG.billing as { iban: string }).iban.replace(/\s/g, '');

const suite = adminSuite();
let adminId: string;
let clientId: string;
let noRateId: string;

/** A camt.054 credit notification with one credit per entry (as in tests/api/bankStatement.test.ts). */
function camt054(entries: { id: string; amount: string; reference?: string; debtor: string; date?: string }[]): string {
  const credit = (e: (typeof entries)[number]) => `
    <Ntry>
      <Amt Ccy="EUR">${e.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
      <BookgDt><Dt>${e.date ?? '2026-04-09'}</Dt></BookgDt><ValDt><Dt>${e.date ?? '2026-04-09'}</Dt></ValDt>
      <NtryDtls><TxDtls>
        <Refs><AcctSvcrRef>${e.id}</AcctSvcrRef></Refs>
        <Amt Ccy="EUR">${e.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd>
        <RltdPties><Dbtr><Pty><Nm>${e.debtor}</Nm></Pty></Dbtr></RltdPties>
        ${
          e.reference
            ? `<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp><Ref>${e.reference}</Ref></CdtrRefInf></Strd></RmtInf>`
            : '<RmtInf><Ustrd>Danke</Ustrd></RmtInf>'
        }
      </TxDtls></NtryDtls>
    </Ntry>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>MSG-E2E</MsgId><CreDtTm>2026-04-10T06:00:00</CreDtTm></GrpHdr>
    <Ntfctn><Id>NTF-E2E</Id><Acct><Id><IBAN>${IBAN}</IBAN></Id></Acct>${entries.map(credit).join('')}</Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`;
}

beforeAll(async () => {
  await useDemoBilling(suite.server);
  adminId = (await suite.server.api<{ _id: string }>('GET', '/api/self')).json._id;
  clientId = (await suite.server.save('client', { name: 'Rheinblick Immobilien AG', hourlyRate: 120 }))._id;
  noRateId = (await suite.server.save('client', { name: 'Basler Bäckerei GmbH' }))._id;
  const track = (start: string, end: string | null, name: string, client: string, multiplier = 1) =>
    suite.server.save('trackedTime', { start, end, name, client, multiplier, user: adminId });
  await track('2026-02-03T09:00:00.000Z', '2026-02-03T11:05:00.000Z', 'Workshop', clientId); // 2:05 -> 2,25 h
  await track('2026-02-10T13:00:00.000Z', '2026-02-10T13:30:00.000Z', 'Konzept', clientId, 1.5); // 0,5 h at 180
  await track('2026-03-02T08:00:00.000Z', '2026-03-02T09:00:00.000Z', 'März', clientId); // outside the period
  await track('2026-02-12T08:00:00.000Z', '2026-02-12T09:00:00.000Z', 'Brot', noRateId);
});

const open = (path: string, viewport?: { width: number; height: number }) => openAdmin(suite, path, viewport);
const status = (id: string) => invoiceStatus(suite.server, id);

const dialog = (page: Page) => page.getByRole('dialog');

async function choose(page: Page, client: string, from: string, to: string) {
  await dialog(page).locator('select[name=client]').selectOption(client);
  await dialog(page).locator('input[name=from]').fill(from);
  await dialog(page).locator('input[name=to]').fill(to);
  // A typed day counts once the field is left.
  await dialog(page).locator('input[name=to]').press('Tab');
}

describe('invoicing in the admin', { timeout: 120_000 }, () => {
  let invoiceId: string;
  let invoiceNumber: number;

  it('creates an open invoice from tracked time on the time-tracking screen and opens it', async () => {
    const { page, errors, context } = await open('/_/timetracking');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await dialog(page).waitFor();
    // A client without an hourly rate: the dialog says so and offers no Create (the server would refuse it).
    await choose(page, noRateId, '01.02.2026', '28.02.2026');
    await expect.poll(() => dialog(page).getByTestId('invoice-preview').innerText()).toContain('1 entry');
    await expect
      .poll(() => dialog(page).getByTestId('invoice-no-rate').innerText())
      .toBe(
        "This client has no hourly rate yet: set it on the client's page (Hourly rate) and save, then create the invoice.",
      );
    // Invoices have no draft status: what it makes is an open invoice.
    expect(await dialog(page).innerText()).toContain('tracked time into an open invoice.');
    expect(await dialog(page).innerText()).not.toMatch(/draft/i);
    expect(await dialog(page).getByRole('button', { name: 'Create invoice' }).isDisabled()).toBe(true);

    await choose(page, clientId, '01.02.2026', '28.02.2026');
    await expect
      .poll(() => dialog(page).getByTestId('invoice-preview').innerText())
      .toBe('2 entries not yet invoiced · 2,75 h · about 360,00 € net');
    expect(await dialog(page).getByRole('alert').count()).toBe(0);
    await screenshot(dialog(page), { path: `${SHOTS}/invoice-from-time-1440.png` });
    await screenshot(page, { path: `${SHOTS}/invoice-from-time-page-1440.png` });
    await dialog(page).getByRole('button', { name: 'Create invoice' }).click();
    await page.waitForURL(/\/_\/invoices\/[0-9a-f]{24}$/);
    invoiceId = page.url().split('/').pop()!;

    const invoice = (
      await suite.server.api<Record<string, unknown>>('GET', `/api/document/findById?model=invoice&id=${invoiceId}`)
    ).json;
    expect(invoice).toMatchObject({ client: clientId, status: 'open', total: 360 });
    expect(invoice.items).toEqual([
      expect.objectContaining({ name: 'Workshop', count: 2.25, price: 120 }),
      expect.objectContaining({ name: 'Konzept', count: 0.5, price: 180 }),
    ]);
    invoiceNumber = Number(invoice.id);
    // The edit page shows the new invoice with its items.
    await page.getByRole('button', { name: 'SAVE' }).waitFor();
    await expect
      .poll(() => page.locator('input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)), {
        timeout: 10_000,
      })
      .toEqual(expect.arrayContaining(['Workshop', 'Konzept']));
    await screenshot(page, { path: `${SHOTS}/invoice-created-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("links a client without an hourly rate to the client's page, closing the dialog", async () => {
    const { page, errors, context } = await open('/_/timetracking');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await choose(page, noRateId, '01.02.2026', '28.02.2026');
    const link = dialog(page).getByRole('link', { name: "the client's page" });
    await link.waitFor();
    await screenshot(dialog(page), { path: `${SHOTS}/invoice-from-time-no-rate-1440.png` });
    await link.click();
    await page.waitForURL(new RegExp(`/_/clients/${noRateId}$`));
    await dialog(page).waitFor({ state: 'detached' });
    await page.locator('#root_hourlyRate').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("loads none of the date fields' code on the clients list; Create invoice's dialog opens as before", async () => {
    /** Whether a script the page loaded holds the date fields' code (their calendar label, their pattern). */
    const dateCodeLoaded = (page: Page) => scriptsHold(page, ['Pick a day and time', 'hours:minutes day.month.year']);
    const { page, errors, context } = await open('/_/clients');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(await dateCodeLoaded(page)).toBe(false);
    // The dialog, loaded as it opens, shows its period; and the check above does find the code where it is.
    await page.getByRole('link', { name: 'Time tracking' }).first().click();
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await expect.poll(() => dialog(page).locator('input[name=from]').inputValue()).toMatch(/^01\.\d{2}\.\d{4}$/);
    expect(await dateCodeLoaded(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says there is nothing left to invoice the second time, also from the client page', async () => {
    const { page, errors, context } = await open('/_/timetracking');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await choose(page, clientId, '01.02.2026', '28.02.2026');
    await expect
      .poll(() => dialog(page).getByTestId('invoice-preview').innerText())
      .toMatch(/^Nothing left to invoice/);
    expect(await dialog(page).getByRole('button', { name: 'Create invoice' }).isDisabled()).toBe(true);
    await context.close();

    const phone = await open(`/_/clients/${clientId}`, { width: 390, height: 844 });
    await phone.page.getByRole('button', { name: 'Create invoice' }).click();
    const select = dialog(phone.page).locator('select[name=client]');
    await expect.poll(() => select.inputValue()).toBe(clientId);
    await dialog(phone.page).getByRole('button', { name: 'All until today' }).click();
    // Only the March entry is left.
    await expect
      .poll(() => dialog(phone.page).getByTestId('invoice-preview').innerText())
      .toMatch(/^1 entry not yet invoiced · 1,00 h/);
    await screenshot(phone.page, { path: `${SHOTS}/invoice-from-time-390.png` });
    expect([...errors, ...phone.errors]).toEqual([]);
    await phone.context.close();
  });

  it('imports a camt.054 file from the invoices list: the invoice is matched and paid', async () => {
    const reference = invoiceReference(IBAN, invoiceNumber);
    const xml = camt054([
      { id: 'E2E-1', amount: '389.16', reference, debtor: 'Rheinblick Immobilien AG' },
      { id: 'E2E-2', amount: '42.00', debtor: 'Unbekannt' },
    ]);
    const { page, errors, context } = await open('/_/invoices');
    const status = page.locator(`tbody tr[data-id="${invoiceId}"] [data-status]`);
    await expect.poll(() => status.getAttribute('data-status')).toBe('pending');

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import bank statement' }).click();
    await (await chooser).setFiles({ name: 'camt054.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) });
    const matched = dialog(page).getByTestId('statement-matched');
    await expect.poll(() => matched.innerText()).toContain(`Invoice ${invoiceNumber}`);
    expect(await matched.innerText()).toContain('389,16 €');
    // The reference reads as on the QR-bill and the invoice's form, in blocks, not 27 digits in a row.
    expect(await matched.innerText()).toContain(formatPaymentReference(reference));
    expect(await dialog(page).getByTestId('statement-unmatched').innerText()).toContain('Unbekannt');
    await screenshot(dialog(page), { path: `${SHOTS}/bank-statement-1440.png` });
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    // The list refetched: the invoice is paid.
    await expect.poll(() => status.getAttribute('data-status')).toBe('paid');
    expect(
      (await suite.server.api<{ status: string }>('GET', `/api/document/findById?model=invoice&id=${invoiceId}`)).json
        .status,
    ).toBe('paid');

    // A broken file: the 400's text shows in the dialog.
    const again = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import bank statement' }).click();
    await (
      await again
    ).setFiles({ name: 'broken.xml', mimeType: 'application/xml', buffer: Buffer.from('<Document><BkToCstmr') });
    await expect
      .poll(() => dialog(page).getByRole('alert').innerText())
      .toMatch(/^Nothing was booked\n\nBank statement not readable/);
    expect(errors).toEqual([]);
    await context.close();

    // The same file again on a phone: nothing is booked twice.
    const phone = await open('/_/invoices', { width: 390, height: 844 });
    await phone.page.getByRole('button', { name: 'Import bank statement' }).waitFor();
    await phone.page.getByTestId('bank-statement-file').setInputFiles({
      name: 'camt054.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(xml),
    });
    await expect.poll(() => dialog(phone.page).getByTestId('statement-already').innerText()).toMatch(/^1 credit was/);
    expect(await dialog(phone.page).getByTestId('statement-matched').innerText()).toContain('Matched 0');
    await screenshot(phone.page, { path: `${SHOTS}/bank-statement-390.png` });
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.context.close();
  });
});

describe('invoice and offer PDF links', { timeout: 120_000 }, () => {
  it('opens the PDF from the edit page and the list row, and shows the 422 message instead of a broken PDF', async () => {
    const addressed = await suite.server.save('client', {
      name: 'Hafen Logistik AG',
      address: { street: 'Hafenstrasse', streetNumber: '7', zip: '4057', city: 'Basel', country: 'Schweiz' },
    });
    const items = [{ name: 'Beratung', count: 2, price: 150 }];
    const good = await suite.server.save('invoice', {
      name: 'PDF gut',
      client: addressed._id,
      date: '2026-04-01',
      items,
    });
    const bad = await suite.server.save('invoice', {
      name: 'PDF ohne Adresse',
      client: clientId,
      date: '2026-04-01',
      items,
    });
    const offer = await suite.server.save('offer', {
      name: 'Offerte PDF',
      client: addressed._id,
      date: '2026-04-01',
      items,
    });
    const { page, errors, context } = await open(`/_/invoices/${good._id}`);

    // Edit page: a PDF button in the header opens the rendered PDF in a new tab.
    const pdfButton = page.locator(`button[data-link="/api/payment/invoice?id=${good._id}"]`);
    await pdfButton.waitFor();
    expect(await pdfButton.innerText()).toBe('PDF');
    // Saved from the browser's PDF viewer (its Download button), the file has the server's name, not a blob's.
    const [tab] = await Promise.all([context.waitForEvent('page'), pdfButton.click()]);
    await expect.poll(() => tab.frames().find((frame) => frame.url().startsWith('chrome-extension:'))).toBeTruthy();
    const viewer = tab.frames().find((frame) => frame.url().startsWith('chrome-extension:'))!;
    const [saved] = await Promise.all([tab.waitForEvent('download'), viewer.locator('#save').click()]);
    expect(saved.suggestedFilename()).toBe(`Rechnung-${String(good.id)}-Hafen-Logistik-AG.pdf`);
    expect((await readFile((await saved.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    await tab.close();

    // List rows: an icon per row; a client without address gives the server's message, and no tab stays open.
    await page.goto(suite.server.url('/_/invoices'));
    const badRow = page.locator(`tr[data-id="${bad._id}"]`);
    const badLink = badRow.getByRole('button', { name: 'PDF' });
    await badLink.waitFor();
    expect(await page.locator(`tr[data-id="${good._id}"]`).getByRole('button', { name: 'PDF' }).count()).toBe(1);
    await badLink.click();
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts())
      .toContainEqual(expect.stringContaining('Address is incomplete: fill in street, zip, city, country'));
    await expect.poll(() => context.pages().length).toBe(1);

    // Offers: the same link on the edit page.
    await page.goto(suite.server.url(`/_/offers/${offer._id}`));
    const offerButton = page.locator(`button[data-link="/api/offer/${offer._id}"]`);
    const [offerTab] = await Promise.all([context.waitForEvent('page'), offerButton.click()]);
    await expect.poll(() => offerTab.url()).toBe(suite.server.url(`/_/api/offer/${offer._id}`));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a credit below the amount due as partly paid: booked, the invoice stays open', async () => {
    const saved = await suite.server.save('invoice', {
      name: 'Teilzahlung',
      client: clientId,
      date: '2026-04-01',
      status: 'open',
      items: [{ name: 'Beratung', price: 100, count: 1 }],
    });
    const number = Number((saved as { id?: number }).id);
    const xml = camt054([
      { id: 'E2E-P1', amount: '8.10', reference: invoiceReference(IBAN, number), debtor: 'Rheinblick' },
    ]);
    const { page, errors, context } = await open('/_/invoices');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import bank statement' }).click();
    await (await chooser).setFiles({ name: 'camt054.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) });
    const partial = dialog(page).getByTestId('statement-partial');
    await expect.poll(() => partial.innerText()).toContain(`Invoice ${number}`);
    const text = await partial.innerText();
    expect(text).toContain('Partly paid 1');
    expect(text).toContain('Received 8,10 € of 108,10 € due · 100,00 € still open');
    expect(await dialog(page).getByTestId('statement-matched').innerText()).toContain('Matched 0');
    await screenshot(dialog(page), { path: `${SHOTS}/bank-statement-partial-1440.png` });
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    expect(
      (await suite.server.api<{ status: string }>('GET', `/api/document/findById?model=invoice&id=${saved._id}`)).json
        .status,
    ).toBe('open');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a bank statement import that fails', { timeout: 120_000 }, () => {
  it('books nothing when one credit is refused, names it, and asks for a corrected file', async () => {
    const invoiceOf = (name: string) =>
      openInvoice(suite.server, { client: clientId, name, date: '2026-04-03', price: 100 });
    const [first, second] = [await invoiceOf('Ganz oder gar nicht 1'), await invoiceOf('Ganz oder gar nicht 2')];
    const credits = (secondDate: string) =>
      camt054([
        { id: 'E2E-A1', amount: '108.10', reference: invoiceReference(IBAN, first.number), debtor: 'Rheinblick' },
        {
          id: 'E2E-A2',
          amount: '108.10',
          reference: invoiceReference(IBAN, second.number),
          debtor: 'Rheinblick',
          date: secondDate,
        },
      ]);
    const { page, errors, context } = await open('/_/invoices');
    let sent = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/payment/bankStatement')) sent++;
    });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import bank statement' }).click();
    await (
      await chooser
    ).setFiles({ name: 'camt054.xml', mimeType: 'application/xml', buffer: Buffer.from(credits('2026-02-30')) });
    const alert = dialog(page).getByRole('alert');
    const refusal = `Nothing was booked\n\nCredit 2 of 2 (108,10 € of 2026-02-30, Rheinblick, reference ${invoiceReference(IBAN, second.number)}, bank id E2E-A2) was refused: date: must be a date (YYYY-MM-DD)`;
    await expect.poll(() => alert.innerText()).toBe(refusal);
    expect(await dialog(page).getByTestId('statement-failed').innerText()).toContain(
      'The file is booked as a whole or not at all.',
    );
    // The first credit was fine, but nothing of the file was booked.
    expect([await status(first.id), await status(second.id)]).toEqual(['open', 'open']);
    await screenshot(dialog(page), { path: `${SHOTS}/bank-statement-refused-1440.png` });
    // The file itself was refused: the same file would fail again, so the dialog offers another file.
    expect(await dialog(page).getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await dialog(page).getByTestId('statement-failed').innerText()).toContain('Correct the file');
    await dialog(page).getByRole('button', { name: 'Import another' }).waitFor();
    expect(sent).toBe(1);
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();

    // On a phone, the bank's corrected file; the connection drops on the first try, the second books both.
    const phone = await open('/_/invoices', { width: 390, height: 844 });
    let dropped = false;
    await phone.page.route('**/api/payment/bankStatement', async (route) => {
      if (dropped) return route.continue();
      dropped = true;
      return route.abort('connectionreset');
    });
    await phone.page.getByRole('button', { name: 'Import bank statement' }).waitFor();
    await phone.page.getByTestId('bank-statement-file').setInputFiles({
      name: 'camt054.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(credits('2026-02-28')),
    });
    // The product's words for it, not the browser's ('Failed to fetch').
    await expect.poll(() => dialog(phone.page).getByRole('alert').innerText()).toBe(`Network error\n\n${NO_SERVER}`);
    // Done turns from the primary button (while sending) into a secondary one beside Try again.
    const done = dialog(phone.page).getByRole('button', { name: 'Done' });
    await expect
      .poll(() => done.evaluate((button) => getComputedStyle(button).backgroundColor))
      .toBe('rgb(255, 255, 255)');
    await screenshot(phone.page, { path: `${SHOTS}/bank-statement-network-390.png` });
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await dialog(phone.page).getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => dialog(phone.page).getByTestId('statement-matched').innerText()).toContain('Matched 2');
    expect([await status(first.id), await status(second.id)]).toEqual(['paid', 'paid']);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});

const NO_SERVER = 'The server could not be reached, or the connection broke before its answer came.';

describe('a bank statement import without an answer from the server', { timeout: 120_000 }, () => {
  it("says 'Network error' when the server cannot be reached, keeps the file, and books it on Try again", async () => {
    const saved = await suite.server.save('invoice', {
      name: 'Netzwerk',
      client: clientId,
      date: '2026-04-04',
      status: 'open',
      items: [{ name: 'Beratung', price: 100, count: 1 }],
    });
    const number = Number((saved as { id?: number }).id);
    const xml = camt054([
      { id: 'E2E-N1', amount: '108.10', reference: invoiceReference(IBAN, number), debtor: 'Rheinblick' },
    ]);
    const { page, errors, context } = await open('/_/invoices');
    // The server is down: first nothing answers, then the proxy in front of it answers 502 with its own page.
    const answers: ('refused' | 'gateway' | 'server')[] = ['refused', 'gateway', 'server'];
    const sent: string[] = [];
    await page.route('**/api/payment/bankStatement', async (route) => {
      sent.push(route.request().postData() ?? '');
      const next = answers.shift();
      if (next === 'refused') return route.abort('connectionrefused');
      if (next === 'gateway')
        return route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad Gateway</body></html>' });
      return route.continue();
    });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import bank statement' }).click();
    await (
      await chooser
    ).setFiles({ name: 'camt054-april.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) });
    const failed = dialog(page).getByTestId('statement-failed');
    await expect.poll(() => failed.getByRole('alert').innerText()).toBe(`Network error\n\n${NO_SERVER}`);
    expect(await failed.innerText()).toContain('Some credits may be booked already. Try again');
    expect(await dialog(page).innerText()).not.toContain('Failed to fetch');
    // The chosen file stays: its name above, and Try again sends it as it was.
    expect(await dialog(page).innerText()).toContain('camt054-april.xml');
    await screenshot(dialog(page), { path: `${SHOTS}/bank-statement-network-1440.png` });

    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    await expect
      .poll(() => failed.getByRole('alert').innerText())
      .toBe('Network error\n\nFailed with status 502: the server could not be reached.');
    expect(await dialog(page).innerText()).not.toContain('Bad Gateway');
    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => dialog(page).getByTestId('statement-matched').innerText()).toContain('Matched 1');
    expect(sent).toEqual([xml, xml, xml]);
    const paid = await suite.server.api<{ status: string }>(
      'GET',
      `/api/document/findById?model=invoice&id=${saved._id}`,
    );
    expect(paid.json.status).toBe('paid');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says so when a file holds no credit, instead of three empty sections', async () => {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { page, errors, context } = await open('/_/invoices', viewport);
      await page.getByRole('button', { name: 'Import bank statement' }).waitFor();
      // The list page loads the dialog's code only when a file is picked.
      await page.waitForLoadState('networkidle');
      expect(await scriptsHold(page, ['No credits in this file'])).toBe(false);
      await page
        .getByTestId('bank-statement-file')
        .setInputFiles({ name: 'camt054-leer.xml', mimeType: 'application/xml', buffer: Buffer.from(camt054([])) });
      await expect
        .poll(() => dialog(page).getByTestId('statement-empty').innerText())
        .toBe('No credits in this file\n\nThe file was read, but it holds no incoming payment: nothing was booked.');
      expect(await scriptsHold(page, ['No credits in this file'])).toBe(true);
      expect(await dialog(page).getByTestId('statement-matched').count()).toBe(0);
      await screenshot(page, { path: `${SHOTS}/bank-statement-empty-${viewport.width}.png` });
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

/** Whether a script the page loaded holds one of `texts` (so its code was loaded). */
async function scriptsHold(page: Page, texts: string[]): Promise<boolean> {
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => url.endsWith('.js')),
  );
  const bodies = await Promise.all(scripts.map(async (url) => (await fetch(url)).text()));
  return bodies.some((body) => texts.some((text) => body.includes(text)));
}

describe('a bank statement import whose dialog is closed while it runs', { timeout: 120_000 }, () => {
  it('says before closing that the import goes on, goes on, and opens with its result when it is done', async () => {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const saved = await suite.server.save('invoice', {
        name: `Hintergrund ${viewport.width}`,
        client: clientId,
        date: '2026-04-05',
        status: 'open',
        items: [{ name: 'Beratung', price: 100, count: 1 }],
      });
      const number = Number((saved as { id?: number }).id);
      const xml = camt054([
        {
          id: `E2E-B-${viewport.width}`,
          amount: '108.10',
          reference: invoiceReference(IBAN, number),
          debtor: 'Rheinblick',
        },
      ]);
      const { page, errors, context } = await open('/_/invoices', viewport);
      // The server's answer waits until the test lets it through.
      let answer!: () => void;
      const held = new Promise<void>((resolve) => (answer = resolve));
      await page.route('**/api/payment/bankStatement', async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole('button', { name: 'Import bank statement' }).waitFor();
      await page
        .getByTestId('bank-statement-file')
        .setInputFiles({ name: 'camt054-mai.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) });
      const goesOn = dialog(page).getByTestId('statement-goes-on');
      await expect
        .poll(() => goesOn.innerText())
        .toBe('You can close this window: the import goes on, and its result opens here when it is done.');
      // While importing, the footer's button closes; 'Done' would say the import is over.
      const footerClose = dialog(page).getByRole('button', { name: 'Close', exact: true }).last();
      expect(await footerClose.innerText()).toBe('Close');
      expect(await dialog(page).getByRole('button', { name: 'Done' }).count()).toBe(0);
      await screenshot(page, { path: `${SHOTS}/bank-statement-importing-${viewport.width}.png` });

      // Closed (the footer's button, or Escape on the phone): the list says the import goes on.
      if (viewport.width === 1440) await footerClose.click();
      else await page.keyboard.press('Escape');
      await expect.poll(() => dialog(page).count()).toBe(0);
      const running = page.getByTestId('bank-statement-running');
      expect(await running.innerText()).toBe('Importing bank statement…');
      await screenshot(page, { path: `${SHOTS}/bank-statement-in-background-${viewport.width}.png` });
      // Its button opens the dialog again (no second import), which closes again.
      await running.click();
      await goesOn.waitFor();
      await dialog(page).getByRole('button', { name: 'Close', exact: true }).first().click();
      await expect.poll(() => dialog(page).count()).toBe(0);

      // The answer comes: the dialog opens with it, and the invoice is paid.
      answer();
      await expect.poll(() => dialog(page).getByTestId('statement-matched').innerText()).toContain('Matched 1');
      expect(await dialog(page).innerText()).toContain('camt054-mai.xml');
      expect(await running.count()).toBe(0);
      const paid = await suite.server.api<{ status: string }>(
        'GET',
        `/api/document/findById?model=invoice&id=${saved._id}`,
      );
      expect(paid.json.status).toBe('paid');
      await screenshot(page, { path: `${SHOTS}/bank-statement-in-background-done-${viewport.width}.png` });
      await dialog(page).getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => dialog(page).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Import bank statement' }).count()).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('booking a suggested credit in the bank statement dialog', { timeout: 120_000 }, () => {
  it('books a suggestion on its invoice, and says why when the invoice was paid meanwhile', async () => {
    const invoiceOf = (name: string, price: number) =>
      openInvoice(suite.server, { client: clientId, name, date: '2026-04-02', price });
    // No references, the client's name and exactly the gross amounts due (net + 8.1 % VAT).
    // The second credit fits two invoices of the same amount: the older one is suggested, the other offered too.
    const booked = await invoiceOf('Vorschlag', 250);
    const twin = await invoiceOf('Vorschlag Zwilling', 320);
    const stale = await invoiceOf('Vorschlag bezahlt', 320);
    const xml = camt054([
      { id: 'E2E-S1', amount: '270.25', debtor: 'Rheinblick Immobilien AG' },
      { id: 'E2E-S2', amount: '345.92', debtor: 'Rheinblick Immobilien AG' },
    ]);

    const { page, errors, context } = await open('/_/invoices');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import bank statement' }).click();
    await (await chooser).setFiles({ name: 'camt054.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) });
    const suggested = dialog(page).getByTestId('statement-suggested');
    await expect.poll(() => suggested.innerText()).toContain('Suggested 2');
    const first = suggested.getByRole('button', { name: `Book on invoice ${booked.number}` });
    const second = suggested.getByRole('button', { name: `Book on invoice ${stale.number}` });
    const buttons = await suggested.getByTestId('statement-book').allInnerTexts();
    expect(buttons.map((text) => text.trim())).toEqual(
      [booked, twin, stale].map((invoice) => `Book on invoice ${invoice.number}`),
    );
    await screenshot(dialog(page), { path: `${SHOTS}/bank-statement-suggested-1440.png` });
    await screenshot(page, { path: `${SHOTS}/bank-statement-suggested-page-1440.png` });

    // The connection drops on the first try: the product's words, and booking again is safe.
    await page.route('**/api/payment/bankStatement/suggestion?*', (route) => route.abort('connectionreset'), {
      times: 1,
    });
    await first.click();
    await expect
      .poll(() => suggested.getByRole('alert').innerText())
      .toBe(`Network error. ${NO_SERVER} Book it again: a credit already booked is never booked twice.`);
    await first.click();
    const matched = dialog(page).getByTestId('statement-matched');
    await expect.poll(() => matched.innerText()).toContain(`Invoice ${booked.number}`);
    expect(await matched.innerText()).toContain('Matched 1');
    expect(await suggested.innerText()).toContain('Suggested 1');
    expect(await status(booked.id)).toBe('paid');

    // The other invoice is paid by hand meanwhile: the server refuses, the dialog says why, nothing is booked.
    await suite.server.save('invoice', { _id: stale.id, status: 'paid' });
    await second.click();
    await expect
      .poll(() => suggested.getByRole('alert').innerText())
      .toBe(`Not booked: Invoice ${stale.number} is no longer open`);
    expect(await suggested.innerText()).toContain('Suggested 1');
    await screenshot(dialog(page), { path: `${SHOTS}/bank-statement-suggested-booked-1440.png` });
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    // The list refetched: the booked invoice shows as paid.
    const row = page.locator(`tbody tr[data-id="${booked.id}"] [data-status]`);
    await expect.poll(() => row.getAttribute('data-status')).toBe('paid');
    const payments = await suite.server.api<{ results: { bankReference?: string; invoice?: string }[] }>(
      'POST',
      '/api/document/find',
      { model: 'transaction', query: { bankReference: { $in: ['E2E-S1', 'E2E-S2'] } } },
    );
    expect(payments.json.results).toEqual([expect.objectContaining({ bankReference: 'E2E-S1', invoice: booked.id })]);
    expect(errors).toEqual([]);
    await context.close();

    // On a phone: the suggestion and its button fit the width.
    await suite.server.save('invoice', { _id: stale.id, status: 'open' });
    const phone = await open('/_/invoices', { width: 390, height: 844 });
    await phone.page.getByRole('button', { name: 'Import bank statement' }).waitFor();
    await phone.page.getByTestId('bank-statement-file').setInputFiles({
      name: 'camt054.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(xml),
    });
    const phoneSuggested = dialog(phone.page).getByTestId('statement-suggested');
    await expect.poll(() => phoneSuggested.innerText()).toContain('Suggested 1');
    await phoneSuggested.getByRole('button', { name: `Book on invoice ${stale.number}` }).scrollIntoViewIfNeeded();
    await screenshot(phone.page, { path: `${SHOTS}/bank-statement-suggested-390.png` });
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phoneSuggested.getByRole('button', { name: `Book on invoice ${stale.number}` }).click();
    await expect.poll(() => dialog(phone.page).getByTestId('statement-matched').innerText()).toContain('Matched 1');
    expect([await status(stale.id), await status(twin.id)]).toEqual(['paid', 'open']);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
