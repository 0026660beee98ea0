import { describe, expect, it } from 'vitest';
import { sql } from '../../src/server/db/sql';
import { createObjectId } from '../../src/shared/format/objectId';
import { VIEWPORTS } from '../helpers/browser';
import { adminSuite } from './adminServer';
import { expectRows, newContext, rows, save, storeLogin } from './admin';
import { screenshot, SHOTS } from '../helpers/screenshots';

// What the generic list and edit screens show for data the schema did not foresee: related documents that are
// deleted or gone, enum values no longer listed, empty lists; and how contact requests and mail templates read.
const suite = adminSuite();
const OBJECT_ID = /[0-9a-f]{24}/;

async function adminPage(path: string, viewport?: { width: number; height: number }) {
  const context = await newContext(suite.browser, viewport);
  await storeLogin(context, suite.server);
  const page = await context.newPage();
  await page.goto(suite.server.url(path));
  return { page, context };
}

const invoice = (name: string, client: string) =>
  suite.server.save('invoice', {
    name,
    client,
    date: '2026-10-01',
    status: 'open',
    items: [{ name: 'Arbeit', price: 100, count: 1 }],
  });

describe('labels of related documents in lists', { timeout: 60_000 }, () => {
  it('names a deleted client as deleted and a vanished one as an unknown client, in cells and filters, never by id', async () => {
    const live = await suite.server.save('client', { name: 'Rheinblick Immobilien AG' });
    const deleted = await suite.server.save('client', { name: 'Alte Kundin AG' });
    const gone = await suite.server.save('client', { name: 'Verschwunden GmbH' });
    const idle = await suite.server.save('client', { name: 'Ohne Rechnung AG' });
    await invoice('Website-Relaunch', live._id);
    await invoice('Altes Projekt', deleted._id);
    await invoice('Verlorenes Projekt', gone._id);
    expect((await suite.server.api('DELETE', `/api/document/delete?model=client&id=${deleted._id}`)).status).toBe(200);
    // A key whose document is not there at all (older data, an import): only the database can make one.
    await suite.server.db.query(sql`DELETE FROM doc_client WHERE _id = ${gone._id}`);

    const { page, context } = await adminPage('/_/invoices?sort=name');
    await expectRows(page, ['Altes Projekt', 'Verlorenes Projekt', 'Website-Relaunch'], 2);
    expect(await rows(page).locator('td:nth-child(3)').allInnerTexts()).toEqual([
      'Alte Kundin AG (deleted)',
      'Unknown client',
      'Rheinblick Immobilien AG',
    ]);
    const filter = page.getByLabel('Filter Client');
    expect(await filter.locator('option').allInnerTexts()).toEqual([
      'Client: all',
      'Alte Kundin AG (deleted)',
      'Rheinblick Immobilien AG',
      'Unknown client',
    ]);
    expect(await page.locator('table').innerText()).not.toMatch(OBJECT_ID);

    // Filtered by a client no invoice names (a link): the dropdown names it, and the list is empty.
    await page.goto(suite.server.url(`/_/invoices?f.client=${encodeURIComponent(JSON.stringify(idle._id))}`));
    await page.getByTestId('empty').waitFor();
    await expect
      .poll(() => filter.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text))
      .toBe('Ohne Rechnung AG');
    expect(await page.getByText('0 entries').count()).toBe(1);
    expect(await filter.innerText()).not.toMatch(OBJECT_ID);

    // Filtered by a client nothing names (a link): its entry reads apart from the vanished client's, and is chosen.
    for (const viewport of [VIEWPORTS.desktop, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      await page.goto(suite.server.url(`/_/invoices?f.client=${encodeURIComponent(JSON.stringify(createObjectId()))}`));
      await page.getByTestId('empty').waitFor();
      await expect
        .poll(() => filter.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text))
        .toBe('Unknown client (2)');
      expect(await filter.locator('option').allInnerTexts()).toEqual([
        'Client: all',
        'Alte Kundin AG (deleted)',
        'Rheinblick Immobilien AG',
        'Unknown client',
        'Unknown client (2)',
      ]);
      await screenshot(page, { path: `${SHOTS}/filter-unknown-client-${viewport.width}.png` });
      // The other one shows the invoice of the vanished client.
      await filter.selectOption({ label: 'Unknown client' });
      await expectRows(page, ['Verlorenes Projekt'], 2);
    }
    await page.setViewportSize(VIEWPORTS.desktop);

    // The invoice's own form names the vanished client too.
    await page.goto(suite.server.url('/_/invoices?sort=name'));
    await rows(page).filter({ hasText: 'Verlorenes Projekt' }).click();
    await expect
      .poll(() => page.locator('#root_client').evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text))
      .toBe('Unknown client');
    await context.close();
  });
});

describe('empty lists', { timeout: 60_000 }, () => {
  it("say 'Keine Daten vorhanden...' and count 0 entries, for an empty model and a search without matches", async () => {
    const { page, context } = await adminPage('/_/posReceipts');
    await expect.poll(() => page.getByTestId('empty').innerText()).toBe('Keine Daten vorhanden...');
    await expect.poll(() => page.getByText('0 entries').count()).toBe(1);

    await suite.server.save('client', { name: 'Basler Bäckerei GmbH' });
    await page.goto(suite.server.url('/_/clients'));
    await rows(page).first().waitFor();
    await page.getByPlaceholder('Search…').fill('zzzkeintreffer');
    await expect.poll(() => page.getByTestId('empty').innerText(), { timeout: 5000 }).toBe('Keine Daten vorhanden...');
    await expect.poll(() => page.getByText('0 entries').count()).toBe(1);
    await context.close();
  });

  it('centre their text in the list on a phone, where the rows are cards', async () => {
    const { page, context } = await adminPage('/_/posReceipts', VIEWPORTS.phone);
    const empty = page.getByTestId('empty');
    await expect.poll(() => empty.innerText()).toBe('Keine Daten vorhanden...');
    const [box, frame] = await Promise.all([
      empty.evaluate((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const text = range.getBoundingClientRect();
        return { left: text.left, right: text.right };
      }),
      page.locator('table').evaluate((table) => table.getBoundingClientRect().toJSON() as DOMRect),
    ]);
    // The text sits in the middle of the list's frame (it sat at the left edge, the row as wide as its text).
    expect(Math.abs(box.left - frame.left - (frame.right - box.right))).toBeLessThan(4);
    await context.close();
  });
});

describe('a select whose stored value is not among its options', { timeout: 60_000 }, () => {
  it('keeps showing an enum value the schema no longer lists, and a save never clears it unasked', async () => {
    const transaction = await suite.server.save('transaction', {
      date: '2026-10-05',
      name: 'Bonus Anna',
      amount: 500,
      direction: 'outgoing',
      type: 'payout',
    });
    // A type from before the schema's list changed.
    await suite.server.db.query(
      sql`UPDATE doc_transaction SET doc = jsonb_set(doc, '{type}', '"bonus"') WHERE _id = ${transaction._id}`,
    );
    const { page, context } = await adminPage(`/_/transactions/${transaction._id}`);
    const type = page.locator('#root_type');
    const chosen = () => type.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text);
    await expect.poll(chosen).toBe('bonus (not in the list)');

    // Saved as it is: the server refuses the value at its field; nothing is cleared.
    await page.locator('#root_name').fill('Bonus Anna 2026');
    await save(page);
    await page
      .getByText(/must be one of/)
      .first()
      .waitFor();
    const stored = async () =>
      (await suite.server.api('GET', `/api/document/findById?model=transaction&id=${transaction._id}`)).json;
    expect(await stored()).toMatchObject({ name: 'Bonus Anna', type: 'bonus' });

    // Another type, then the old one again: still offered; then a listed one is saved.
    await type.selectOption({ label: 'Tax' });
    await type.selectOption({ label: 'bonus (not in the list)' });
    await expect.poll(chosen).toBe('bonus (not in the list)');
    await type.selectOption({ label: 'Tax' });
    await save(page);
    await expect.poll(async () => (await stored()).type).toBe('tax');
    expect((await stored()).name).toBe('Bonus Anna 2026');
    await context.close();
  });
});

describe('contact requests and mail templates', { timeout: 60_000 }, () => {
  it('titles a contact request by number, sender and date, in its header and its delete question', async () => {
    const sent = await suite.server.app.inject({
      method: 'POST',
      url: '/api/cms/contact',
      payload: {
        firstName: 'Greta',
        lastName: 'Zwahlen',
        email: 'greta@example.ch',
        message: 'Rückruf bitte',
        agb: true,
      },
    });
    expect(sent.statusCode).toBeLessThan(300);
    const { page, context } = await adminPage('/_/contactRequests');
    const row = rows(page).filter({ hasText: 'Zwahlen' });
    const [{ id, _createdAt }] = (
      await suite.server.api<{ results: { id: number; _createdAt: string }[] }>('POST', '/api/document/find', {
        model: 'contactRequest',
        query: { 'data.lastName': 'Zwahlen' },
      })
    ).json.results;
    const day = new Intl.DateTimeFormat('de-CH', {
      timeZone: 'Europe/Zurich',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date(_createdAt));
    const title = `#${id} · Greta Zwahlen · ${day}`;
    await row.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByRole('dialog').getByRole('heading').innerText()).toBe(`Delete ${title}?`);
    await page.keyboard.press('Escape');
    await row.click();
    const heading = page.locator('header h1');
    await expect.poll(() => heading.innerText()).toContain(title);
    // Whole at every width: on a phone it goes to a line of its own under the list's name instead of being cut.
    const uncut = () =>
      heading.evaluate((h1) => {
        const last = h1.lastElementChild!.getBoundingClientRect();
        return h1.scrollWidth <= h1.clientWidth && last.right <= h1.getBoundingClientRect().right + 0.5;
      });
    await screenshot(page, { path: `${SHOTS}/contact-request-1440.png` });
    expect(await uncut()).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(uncut).toBe(true);
    expect(await heading.locator(':scope > span').last().innerText()).toBe(title);
    await screenshot(page, { path: `${SHOTS}/contact-request-390.png` });
    await context.close();
  });

  it("shows the mail's subject, filled with the sample data, above the HTML preview, following each edit", async () => {
    const template = await suite.server.save('mailTemplate', {
      name: 'contactRequest',
      subject: 'Neue Kontaktanfrage: {{subject}}',
      html: '<p>Anfrage von {{name}}</p>',
    });
    const { page, context } = await adminPage(`/_/mailTemplates/${template._id}`);
    const subject = page.getByTestId('preview-subject');
    await expect.poll(() => subject.innerText()).toMatch(/Subject\s+Neue Kontaktanfrage: Anfrage Website für Bäckerei/);
    await page.locator('#root_subject').fill('Anfrage von {{name}} ({{email}})');
    await expect.poll(() => subject.innerText()).toMatch(/Anfrage von Lukas Brunner \(lukas\.brunner@example\.ch\)/);
    await page.locator('#root_subject').fill('{{#open}}');
    await expect.poll(() => subject.innerText()).toMatch(/Template error/);
    await context.close();
  });

  it('warns under the preview about placeholders no mail provides, and the server refuses them for its own mail', async () => {
    // The contact request's template (the test above may have made it: names are unique).
    const found = await suite.server.api<{ results: { _id: string }[] }>('POST', '/api/document/find', {
      model: 'mailTemplate',
      query: { name: 'contactRequest' },
    });
    const template = await suite.server.save('mailTemplate', {
      ...(found.json.results[0] ?? { _id: 'new' }),
      name: 'contactRequest',
      subject: 'Anfrage {{id}}',
      html: '<p>Anfrage von {{name}}</p>',
    });
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const { page, context } = await adminPage(`/_/mailTemplates/${template._id}`, viewport);
      const warning = page.getByRole('alert').filter({ hasText: 'Unknown placeholder' });
      await page.locator('#root_subject').waitFor();
      expect(await warning.count()).toBe(0);
      await page.locator('#root_subject').fill('Hallo {{unbekannt}} {{name}}');
      await expect
        .poll(() => warning.innerText())
        .toMatch(/Unknown placeholder \{\{unbekannt\}\}: no mail provides it/);
      // Rendered as nothing in the preview: that is what the warning is about.
      await expect.poll(() => page.getByTestId('preview-subject').innerText()).toMatch(/Hallo\s+Lukas Brunner/);
      // Above the preview, where it stays in view however tall the mail is.
      const top = async (locator: typeof warning) => (await locator.boundingBox())!.y;
      expect(await top(warning)).toBeLessThan(await top(page.getByTestId('preview-subject')));
      await warning.scrollIntoViewIfNeeded();
      await screenshot(page, { path: `${SHOTS}/mail-template-unknown-${size}.png` });
      await page.getByRole('button', { name: 'SAVE' }).click();
      await expect
        .poll(() => page.locator('body').innerText())
        .toContain('uses a variable this mail does not provide: {{unbekannt}}');
      await page.locator('#root_subject').fill('Hallo {{name}}');
      await expect.poll(() => warning.count()).toBe(0);
      await context.close();
    }
    const stored = await suite.server.api('GET', `/api/document/findById?model=mailTemplate&id=${template._id}`);
    expect((stored.json as { subject: string }).subject).toBe('Anfrage {{id}}');
  });
});

describe('landmarks of the admin', { timeout: 60_000 }, () => {
  it('has one main landmark around the screen, on a list page and an edit page', async () => {
    const redirect = await suite.server.save('redirect', { name: 'Landmarke', from: '/landmarke', to: '/neu' });
    const { page, context } = await adminPage('/_/redirects');
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('main').getByRole('table').count()).toBe(1);
    await page.goto(suite.server.url(`/_/redirects/${redirect._id}`));
    await page.locator('#root_from').waitFor();
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('main').locator('#root_from').count()).toBe(1);
    // The navigation stays outside it.
    expect(await page.getByRole('main').getByRole('navigation').count()).toBe(0);
    await context.close();
  });
});
