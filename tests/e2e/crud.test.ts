import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSuite } from './adminServer';
import { dragByKeyboard, expectRows, newContext, rows, rowTexts, save, storeLogin } from './admin';

const suite = adminSuite();

async function adminPage(path: string) {
  const context = await newContext(suite.browser);
  await storeLogin(context, suite.server);
  const page = await context.newPage();
  await page.goto(suite.server.url(path));
  return { page, context };
}

const findById = (model: string, id: string) =>
  suite.server.api('GET', `/api/document/findById?model=${model}&id=${id}`);

describe('generic edit page', { timeout: 60_000 }, () => {
  it('creates, edits and deletes a client', async () => {
    const { page, context } = await adminPage('/_/clients');
    await page.getByRole('link', { name: 'Add Client' }).click();
    await page.waitForURL('**/_/clients/new');
    await page.locator('#root_name').fill('Rheinblick Immobilien AG');
    await page.locator('#root_email').fill('info@rheinblick.ch');
    const button = await save(page);
    await expect.poll(() => button.getAttribute('data-state')).toBe('loading');
    await page.waitForURL(/\/_\/clients\/[0-9a-f]{24}$/);
    await expect.poll(() => button.getAttribute('data-state')).toBe('success');
    await expect.poll(() => button.getAttribute('data-state'), { timeout: 3000 }).toBe('idle');
    const id = page.url().split('/').pop()!;
    expect((await findById('client', id)).json).toMatchObject({
      name: 'Rheinblick Immobilien AG',
      email: 'info@rheinblick.ch',
    });
    expect(await page.title()).toBe('Client - Admin');

    await page.locator('#root_firstname').fill('Anna');
    await save(page);
    await expect.poll(async () => (await findById('client', id)).json.firstname).toBe('Anna');

    // NEW leads to an empty form; back to the client, DELETE asks and holds for 2 s.
    await page.getByRole('link', { name: 'NEW' }).click();
    await page.waitForURL('**/_/clients/new');
    await expect.poll(() => page.inputValue('#root_name')).toBe('');
    await page.goBack();
    await page.locator('#root_name').waitFor();
    expect(await page.inputValue('#root_name')).toBe('Rheinblick Immobilien AG');
    // The page's clock, not the machine's, decides the 2 s hold: a loaded machine cannot make it look shorter.
    // Installed before the page loads (it fakes the timers the page creates), then paused.
    await page.clock.install();
    await page.reload();
    await expect.poll(() => page.inputValue('#root_name')).toBe('Rheinblick Immobilien AG');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.getByRole('button', { name: 'DELETE' }).click();
    const confirm = page.getByRole('dialog').getByRole('button', { name: 'Delete' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.clock.runFor(1900);
    expect(await confirm.isDisabled()).toBe(true);
    await page.clock.runFor(150);
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await page.clock.resume();
    await confirm.click();
    await page.waitForURL(/\/_\/clients$/);
    expect((await findById('client', id)).status).toBe(404);
    await context.close();
  });

  it('deleting from the edit page asks no more for the deleted document; another tab showing it says it is deleted, read-only', async () => {
    const client = await suite.server.save('client', { name: 'Weg GmbH' });
    const { page, context } = await adminPage(`/_/clients/${client._id}`);
    const other = await context.newPage();
    const loggedIn = new Set<Page>();
    const failed: string[] = [];
    for (const tab of [page, other]) {
      tab.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          if (String(payload).includes('"cmd":"login"')) loggedIn.add(tab);
        }),
      );
      tab.on('response', (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      });
    }
    await page.reload();
    await other.goto(suite.server.url(`/_/clients/${client._id}`));
    for (const tab of [page, other]) await expect.poll(() => tab.inputValue('#root_name')).toBe('Weg GmbH');
    // Both tabs hear of the delete on their sockets (a socket connecting later asks for everything again).
    await expect.poll(() => loggedIn.size).toBe(2);

    await page.getByRole('button', { name: 'DELETE' }).click({ modifiers: ['Shift'] });
    await page.waitForURL(/\/_\/clients$/);
    // The other tab says the document is deleted, without asking for it.
    await expect.poll(() => other.getByText(/ · deleted$/).count()).toBe(1);
    // It is shown as it was, not changed: no SAVE or DELETE (the server would answer 404), the fields read-only.
    await other
      .getByRole('status')
      .getByText(/^Deleted .* can no longer be changed\.$/)
      .waitFor();
    expect(await other.getByRole('button', { name: /^(SAVE|DELETE)$/ }).count()).toBe(0);
    expect(await other.locator('#root_name').isDisabled()).toBe(true);
    // The list's Show deleted leads to it as well: shown read-only, not 'not found'.
    // (Its state follows the address, which the router updates after the click.)
    await page.getByLabel('Show deleted').click();
    await expect.poll(() => page.getByLabel('Show deleted').isChecked()).toBe(true);
    await page.locator(`tbody tr[data-id="${client._id}"]`).getByRole('link', { name: 'Show' }).click();
    await page
      .getByRole('status')
      .getByText(/^Deleted .* can no longer be changed\.$/)
      .waitFor();
    expect(await page.locator('#root_name').inputValue()).toBe('Weg GmbH');
    expect(await page.getByRole('button', { name: /^(SAVE|DELETE)$/ }).count()).toBe(0);
    for (const tab of [page, other]) await tab.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    expect((await findById('client', client._id)).status).toBe(404);
    await context.close();
  });

  it('creates an invoice with items whose total the server computes', async () => {
    const client = await suite.server.save('client', { name: 'Basler Bäckerei GmbH' });
    const { page, context } = await adminPage('/_/invoices/new');
    await page.locator('#root_name').fill('Website-Relaunch');
    await page.locator('#root_client').selectOption({ label: 'Basler Bäckerei GmbH' });
    await page.locator('#root_date').fill('28.3.2024');
    await page.getByRole('button', { name: 'Add Invoice item' }).click();
    await page.locator('#root_items_0_name').fill('Beratung');
    await page.locator('#root_items_0_price').fill('120');
    await page.locator('#root_items_0_count').fill('6.5');
    await page.getByRole('button', { name: 'Add Invoice item' }).click();
    await page.locator('#root_items_1_name').fill('Umsetzung');
    await page.locator('#root_items_1_price').fill('110');
    await page.locator('#root_items_1_count').fill('12');
    // The total follows the lines as they are typed, before SAVE, as the server will store it.
    const total = page.locator('#root_total');
    await expect.poll(() => total.innerText()).toMatch(/2.100,00/);
    const live = await total.innerText();
    await save(page);
    await page.waitForURL(/\/_\/invoices\/[0-9a-f]{24}$/);
    const id = page.url().split('/').pop()!;
    await expect.poll(async () => (await findById('invoice', id)).json.total).toBe(2100);
    // The stored total is net (the PDF adds VAT): the edit page says so.
    await page.getByText('Total (net)', { exact: true }).first().waitFor();
    await page.reload();
    await expect.poll(() => total.innerText()).toBe(live);
    // Items reorder with the keyboard too (Space picks up, the arrows move, Space drops), told by number.
    await page.getByRole('button', { name: 'Reorder item 2' }).focus();
    await dragByKeyboard(page, 'ArrowUp', {
      picked: 'Picked up item 2.',
      over: 'Item 2 is over item 1.',
      dropped: 'Item 2 was dropped on item 1.',
    });
    await expect.poll(() => page.locator('#root_items_0_name').inputValue()).toBe('Umsetzung');
    await save(page);
    await expect
      .poll(async () =>
        ((await findById('invoice', id)).json as { items: { name: string }[] }).items.map((item) => item.name),
      )
      .toEqual(['Umsetzung', 'Beratung']);
    await page.reload();
    expect((await findById('invoice', id)).json).toMatchObject({
      client: client._id,
      status: 'open',
      // Typed 28.3.2024, stored as before.
      date: '2024-03-28',
      items: [
        { price: 110, count: 12 },
        { price: 120, count: 6.5 },
      ],
    });

    await page.goto(suite.server.url('/_/invoices'));
    await expectRows(page, ['1']);
    const text = await rows(page).first().innerText();
    expect(text).toContain('Basler Bäckerei GmbH');
    expect(text).toContain('2.100,00 €');
    expect(await page.getByRole('columnheader', { name: 'Total (net)' }).count()).toBe(1);
    expect(text).toContain('28.03.2024');
    expect(await rows(page).first().locator('[data-status]').getAttribute('data-status')).toBe('overdue');
    await context.close();
  });

  it('shows the server validation error on the SAVE button and at the field', async () => {
    const { page, context } = await adminPage('/_/clients/new');
    await page.locator('#root_email').fill('not-an-email');
    await page.locator('#root_name').fill('x');
    await page.locator('#root_name').fill('');
    const button = await save(page);
    await expect.poll(() => button.getAttribute('data-state')).toBe('error');
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    // In the form's words: the fields' labels, not the API's keys (`email: must be an e-mail address`).
    const said = await tooltip.innerText();
    expect(said).toMatch(/^(Name|E-mail) /);
    expect(said).not.toMatch(/\b(name|email):/);
    expect(await button.getAttribute('class')).toContain('animate-shake');
    expect(await page.locator('[role=alert]').count()).toBeGreaterThan(0);
    expect(page.url()).toMatch(/\/_\/clients\/new$/);
    // An error leaves its field as the field is corrected; the others stay until the next SAVE.
    const emailError = page.locator('#root_email__error');
    await expect.poll(() => emailError.innerText()).toMatch(/e-mail address/);
    await page.locator('#root_email').fill('info@rhein.ch');
    await expect.poll(() => emailError.count()).toBe(0);
    expect(await page.locator('#root_name__error').innerText()).toMatch(/required/);
    await context.close();
  });

  it('says what a field with a pattern asks, in words, never the regular expression', async () => {
    const { page, context } = await adminPage('/_/redirects/new');
    await page.locator('#root_name').fill('Alte Kontaktseite');
    await page.locator('#root_from').fill('kontakt-alt');
    await page.locator('#root_to').fill('/kontakt');
    const button = await save(page);
    await expect.poll(() => button.getAttribute('data-state')).toBe('error');
    expect(await page.getByRole('tooltip').innerText()).toBe(
      'From (path) must be a path starting with /, on one line, without control characters',
    );
    expect(await page.locator('#root_from__error').innerText()).toContain('must be a path starting with /');
    expect(await page.locator('body').innerText()).not.toMatch(/pattern|\^/);
    await page.locator('#root_from').fill('/kontakt-alt');
    await save(page);
    await page.waitForURL(/\/_\/redirects\/[0-9a-f]{24}$/);
    // The redirect list's own test expects only its rows.
    const id = page.url().split('/').pop()!;
    expect((await suite.server.api('DELETE', `/api/document/delete?model=redirect&id=${id}`)).status).toBe(200);
    await context.close();
  });

  it('keeps what is typed while SAVE runs, and saves it next with the new version', async () => {
    const client = await suite.server.save('client', { name: 'Lang AG' });
    const { page, context } = await adminPage(`/_/clients/${client._id}`);
    await expect.poll(() => page.locator('#root_name').inputValue()).toBe('Lang AG');
    // The save is held on its way to the server until the phone number is typed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/document/updateOne**', async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('#root_name').fill('Lang AG Basel');
    const button = await save(page);
    await page.locator('#root_phone').fill('+41 61 111 11 11');
    release();
    await expect.poll(async () => (await findById('client', client._id)).json.name).toBe('Lang AG Basel');
    await expect.poll(() => button.getAttribute('data-state')).not.toBe('loading');
    // The answer replaced the form: the number typed meanwhile was gone.
    expect(await page.locator('#root_phone').inputValue()).toBe('+41 61 111 11 11');
    await page.unrouteAll();
    await save(page);
    await expect.poll(async () => (await findById('client', client._id)).json.phone).toBe('+41 61 111 11 11');
    expect((await findById('client', client._id)).json.name).toBe('Lang AG Basel');
    await context.close();
  });

  it('saves over a version saved meanwhile elsewhere: their other changes are taken, the same field is asked about', async () => {
    const client = await suite.server.save('client', { name: 'Zwei Tabs AG' });
    const invoice = await suite.server.save('invoice', {
      name: 'Zwei Tabs',
      client: client._id,
      date: '2026-11-02',
      status: 'open',
      items: [{ name: 'Beratung', price: 100, count: 1 }],
    });
    const { page, context } = await adminPage(`/_/invoices/${invoice._id}`);
    const count = page.locator('#root_items_0_count');
    await expect.poll(() => count.inputValue()).toBe('1');
    await count.fill('5');
    // Meanwhile, in another tab: a new name and Paid.
    const elsewhere = (doc: Record<string, unknown>) => suite.server.save('invoice', { _id: invoice._id, ...doc });
    await elsewhere({ name: 'Zwei Tabs 2027', status: 'paid' });
    const button = await save(page);
    await expect
      .poll(async () => (await findById('invoice', invoice._id)).json)
      .toMatchObject({ name: 'Zwei Tabs 2027', status: 'paid', total: 500, items: [{ count: 5 }] });
    await expect.poll(() => button.getAttribute('data-state')).toBe('success');
    expect(await page.locator('#root_name').inputValue()).toBe('Zwei Tabs 2027');

    // Both changed the count: nothing is saved over theirs unasked; the form keeps this tab's and names the field.
    await count.fill('9');
    await elsewhere({ items: [{ name: 'Beratung', price: 100, count: 7 }] });
    await save(page);
    await expect.poll(() => button.getAttribute('data-state')).toBe('error');
    expect(await page.getByRole('tooltip').innerText()).toBe(
      'Invoice was changed by someone else meanwhile, Items › #1 › Count too. The form now holds their other ' +
        'changes and your Items › #1 › Count: check, then SAVE again',
    );
    expect(await count.inputValue()).toBe('9');
    expect((await findById('invoice', invoice._id)).json).toMatchObject({ items: [{ count: 7 }] });
    await save(page);
    await expect
      .poll(async () => (await findById('invoice', invoice._id)).json)
      .toMatchObject({ items: [{ count: 9 }] });
    await context.close();
    // The list tests below count invoices by status.
    await suite.server.api('DELETE', `/api/document/delete?model=invoice&id=${invoice._id}`);
  });

  it('keeps the form and what was typed when a refresh fails, and says so until one works', async () => {
    const client = await suite.server.save('client', { name: 'Blip AG' });
    const { page, context } = await adminPage(`/_/clients/${client._id}`);
    await expect.poll(() => page.locator('#root_name').inputValue()).toBe('Blip AG');
    await page.locator('#root_phone').fill('+41 61 222 22 22');
    // The server fails while the document changes elsewhere: the edit page's refresh gets a 500.
    await page.route('**/api/document/findById**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Database unavailable' }),
      }),
    );
    await suite.server.save('client', { ...client, firstname: 'Eva' });
    const alert = page.getByRole('alert').filter({ hasText: 'Could not refresh' });
    await expect
      .poll(() => alert.textContent())
      .toBe('Could not refresh: Database unavailable. The form shows the version loaded before, with your changes.');
    expect(await page.locator('#root_phone').inputValue()).toBe('+41 61 222 22 22');
    expect(await page.getByRole('button', { name: 'SAVE' }).isEnabled()).toBe(true);
    // The next refresh that works clears the message; what was typed stays.
    await page.unrouteAll();
    const latest = (await findById('client', client._id)).json;
    await suite.server.save('client', { ...latest, lastname: 'Meier' });
    await expect.poll(() => alert.count()).toBe(0);
    expect(await page.locator('#root_phone').inputValue()).toBe('+41 61 222 22 22');
    expect(await page.locator('#root_name').inputValue()).toBe('Blip AG');
    await context.close();
  });

  it('clears an emptied field on SAVE, and refuses an emptied required one (both were left out and kept)', async () => {
    const client = await suite.server.save('client', { name: 'Leer AG', phone: '+41 61 555 00 00' });
    const { page, context } = await adminPage(`/_/clients/${client._id}`);
    await expect.poll(() => page.locator('#root_phone').inputValue()).toBe('+41 61 555 00 00');
    await page.locator('#root_phone').fill('');
    const button = await save(page);
    await expect.poll(async () => (await findById('client', client._id)).json.phone).toBeUndefined();
    await expect.poll(() => button.getAttribute('data-state')).not.toBe('loading');
    expect(await page.locator('#root_phone').inputValue()).toBe('');

    await page.locator('#root_name').fill('');
    await save(page);
    await expect.poll(() => button.getAttribute('data-state')).toBe('error');
    expect(await page.getByRole('tooltip').innerText()).toBe('Name is required');
    expect((await findById('client', client._id)).json.name).toBe('Leer AG');
    // Typing again dismisses the refusal: it was about what had been sent.
    await page.locator('#root_name').fill('Voll AG');
    await expect.poll(() => button.getAttribute('data-state')).toBe('idle');
    expect(await page.getByRole('tooltip').count()).toBe(0);
    await context.close();
  });

  it('shows the CHF amount of a transaction with or without a EUR amount (its schema requires one of them)', async () => {
    const chf = await suite.server.save('transaction', {
      name: 'Lohnauszahlung',
      date: '2026-11-02',
      amount: 6200,
      direction: 'outgoing',
    });
    const stored = await adminPage(`/_/transactions/${chf._id}`);
    await expect.poll(() => stored.page.locator('#root_amount').inputValue()).toMatch(/^6[’'.]?200/);
    await stored.context.close();

    const { page, context } = await adminPage('/_/transactions/new');
    await page.locator('#root_name').fill('Steuerrate');
    await page.locator('#root_date').fill('07.11.2026');
    await page.locator('#root_amount').fill('1850');
    await page.locator('#root_direction').selectOption({ label: 'Outgoing' });
    await save(page);
    await page.waitForURL(/\/_\/transactions\/[0-9a-f]{24}$/);
    const id = page.url().split('/').pop()!;
    expect((await findById('transaction', id)).json).toMatchObject({ name: 'Steuerrate', amount: 1850 });
    // With a EUR amount the CHF one stays in the form too (it may follow later).
    await page.locator('#root_foreignAmount').fill('1700');
    await expect.poll(() => page.locator('#root_amount').count()).toBe(1);
    await context.close();
  });
});

describe('point-of-sale receipts', { timeout: 60_000 }, () => {
  it('are named by their date as people read it, and a price too large is named at its line, not as the total', async () => {
    const register = await suite.server.save('pointOfSale', { name: 'Kasse Empfang' });
    const receipt = await suite.server.save('posReceipt', {
      register: register._id,
      date: '2026-11-27T08:00:00.000Z',
      paymentMethod: 'twint',
      items: [{ name: 'Espresso', price: 4.5, count: 2 }],
    });
    const { page, context } = await adminPage(`/_/posReceipts/${receipt._id}`);
    const heading = page.getByRole('heading', { level: 1 });
    // It said '2026-11-27T08:00:00.000Z'.
    await expect.poll(() => heading.innerText()).toBe('Point of sales Receipts/09:00 27.11.2026');
    const remove = page.getByRole('button', { name: 'DELETE' });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').getByRole('heading').innerText()).toBe('Delete 09:00 27.11.2026?');
    await page.keyboard.press('Escape');
    // The focus goes back to DELETE (it fell to the page's start, 26 tabs from here).
    await expect.poll(() => remove.evaluate((button) => button === document.activeElement)).toBe(true);

    // Text that is no amount fails at its field; it saved the old price while the field showed the text.
    const price = page.locator('#root_items_0_price');
    await price.fill('4.5O');
    await page.locator('#root_items_0_count').fill('3');
    let button = await save(page);
    await expect.poll(() => button.getAttribute('data-state')).toBe('error');
    expect(await page.getByRole('tooltip').innerText()).toMatch(/Price/);
    expect(await price.inputValue()).toBe('4.5O');
    expect((await findById('posReceipt', receipt._id)).json.items).toEqual([
      { name: 'Espresso', price: 4.5, count: 2 },
    ]);

    await page.locator('#root_items_0_price').fill('99999999999');
    await page.locator('#root_items_0_count').fill('10');
    button = await save(page);
    await expect.poll(() => button.getAttribute('data-state')).toBe('error');
    const said = await page.getByRole('tooltip').innerText();
    expect(said).toContain('Price');
    expect(said).not.toContain('Total');
    expect((await findById('posReceipt', receipt._id)).json.items).toEqual([
      { name: 'Espresso', price: 4.5, count: 2 },
    ]);
    await context.close();
  });
});

describe('generic list page', { timeout: 60_000 }, () => {
  it('searches, sorts and pages with p', async () => {
    for (let i = 0; i < 30; i += 1)
      await suite.server.save('mailTemplate', { name: `Vorlage ${String(i).padStart(2, '0')}`, subject: 'Hallo' });
    const { page, context } = await adminPage('/_/mailTemplates');
    await page.getByRole('heading', { name: 'Mail Templates' }).waitFor();
    await rows(page).first().waitFor();
    // Default sort by name ascending, 25 per page.
    expect(await rows(page).count()).toBe(25);
    expect((await rowTexts(page))[0]).toBe('Vorlage 00');

    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/[?&]p=1/);
    const secondPage = ['Vorlage 25', 'Vorlage 26', 'Vorlage 27', 'Vorlage 28', 'Vorlage 29'];
    await expectRows(page, secondPage);
    await page.reload();
    await expectRows(page, secondPage);
    await page.getByRole('button', { name: 'Page 1' }).click();
    await expect.poll(async () => (await rowTexts(page))[0]).toBe('Vorlage 00');
    await page.goBack();
    await expectRows(page, secondPage);

    // Sort: toggle descending; changing the sort resets to page 0.
    const nameHeader = page.locator('thead').getByRole('button', { name: 'Name', exact: true });
    await nameHeader.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('p')).toBeNull();
    expect(await page.locator('th[aria-sort=descending]').innerText()).toContain('Name');
    await expect.poll(async () => (await rowTexts(page))[0]).toBe('Vorlage 29');
    await nameHeader.click();
    await expect.poll(async () => (await rowTexts(page))[0]).toBe('Vorlage 00');
    expect(await page.locator('th[aria-sort=ascending]').innerText()).toContain('Name');

    // Search, 500 ms after the last key; a search resets the page too.
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/[?&]p=1/);
    await page.getByPlaceholder('Search…').fill('Vorlage 07');
    await expectRows(page, ['Vorlage 07']);
    expect(new URL(page.url()).searchParams.get('p')).toBeNull();
    await page.getByPlaceholder('Search…').fill('nothing like this');
    await page.getByText('Keine Daten vorhanden...').waitFor();

    // A page past the end (an old link) shows the last page, in place of the history entry.
    await page.goto(suite.server.url('/_/mailTemplates?p=99'));
    await page.waitForURL(/[?&]p=1(&|$)/);
    await expectRows(page, secondPage);
    expect(await page.getByText('Page 2 of 2').count()).toBe(1);
    await context.close();
  });

  it('keeps the table head under the page header while the page scrolls; a phone scrolls nothing sideways', async () => {
    for (let i = 0; i < 30; i += 1)
      await suite.server.save('client', { name: `Kopfzeile ${i}`, email: `k${i}@example.ch` });
    const { page, context } = await adminPage('/_/clients');
    await rows(page).nth(24).waitFor();
    const frame = page.locator('div:has(> table)');
    await expect.poll(() => frame.getAttribute('data-scrolls')).toBe('no');
    await page.evaluate(() => window.scrollTo(0, 600));
    const bottom = async (selector: string) =>
      page.locator(selector).evaluate((element) => Math.round(element.getBoundingClientRect().bottom));
    const top = () => page.locator('thead').evaluate((element) => Math.round(element.getBoundingClientRect().top));
    // The head sits right below the sticky page header, not scrolled away with the rows.
    await expect.poll(top).toBe(await bottom('header:has(h1)'));

    // On a phone the rows are cards (listPhone.test.ts) whose heads are gone: nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.locator('thead').isVisible()).toBe(false);
    await expect.poll(() => frame.getAttribute('data-scrolls')).toBe('no');
    expect(await frame.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await context.close();
  });

  it('filters invoices by status with the values the API answers', async () => {
    // A client name far wider than its column is cut (full name in its title): the total stays in view.
    const name =
      'Filter AG für ausserordentlich lange Firmennamen, Grossüberbauungen und Gebäudeverwaltung Basel-Stadt';
    const client = await suite.server.save('client', { name });
    const today = new Date().toISOString().slice(0, 10);
    await suite.server.save('invoice', { name: 'Bezahlt', client: client._id, date: today, status: 'paid' });
    await suite.server.save('invoice', { name: 'Offen', client: client._id, date: today, status: 'open' });
    const { page, context } = await adminPage('/_/invoices');
    await rows(page).first().waitFor();
    await expect.poll(() => page.locator('div:has(> table)').getAttribute('data-scrolls')).toBe('no');
    expect(await rows(page).first().getByTitle(name).count()).toBe(1);
    const filter = page.getByRole('combobox', { name: 'Filter Status' });
    await filter.selectOption({ label: 'Paid' });
    await expectRows(page, ['Bezahlt'], 2);
    expect(await rows(page).first().locator('[data-status]').getAttribute('data-status')).toBe('paid');
    expect(new URL(page.url()).searchParams.get('f.status')).toBe('"paid"');
    await filter.selectOption({ label: 'Open' });
    await expect.poll(async () => (await rowTexts(page, 2)).includes('Offen')).toBe(true);
    expect(await rows(page).filter({ hasText: 'Offen' }).locator('[data-status]').getAttribute('data-status')).toBe(
      'pending',
    );
    await context.close();
  });

  it('deletes a row after the 2 s hold, or at once with shift-click', async () => {
    await suite.server.save('redirect', { name: 'Alt', from: '/alt', to: '/neu' });
    await suite.server.save('redirect', { name: 'Blog', from: '/blog', to: '/news' });
    const { page, context } = await adminPage('/_/redirects');
    await expectRows(page, ['Alt', 'Blog']);
    await rows(page).filter({ hasText: 'Alt' }).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    expect(await confirm.isDisabled()).toBe(true);
    await expect.poll(() => confirm.isEnabled(), { timeout: 3000 }).toBe(true);
    await confirm.click();
    await expectRows(page, ['Blog']);

    await rows(page)
      .first()
      .getByRole('button', { name: 'Delete' })
      .click({ modifiers: ['Shift'] });
    await page.getByText('Keine Daten vorhanden...').waitFor();
    expect(await dialog.count()).toBe(0);
    await context.close();
  });

  it('updates a list open in one tab when another tab saves', async () => {
    // Projects use the generic screens (layouts have their own editor now).
    const { page, context } = await adminPage('/_/projects');
    await page.getByText('Keine Daten vorhanden...').waitFor();
    const other = await context.newPage();
    await other.goto(suite.server.url('/_/projects/new'));
    await other.locator('#root_name').fill('Standard');
    await save(other);
    await other.waitForURL(/\/_\/projects\/[0-9a-f]{24}$/);
    await expectRows(page, ['Standard']);
    await context.close();
  });
});

describe('a screen whose code cannot load', { timeout: 60_000 }, () => {
  it('says so inside the layout with Reload, the navigation still there', async () => {
    const { page, context } = await adminPage('/_/clients');
    await page.getByRole('link', { name: 'Add Client' }).waitFor();
    // As after an update while the tab was open: the edit page's old chunk is gone.
    await page.route(/\/assets\/EditPage-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
    await page.getByRole('link', { name: 'Add Client' }).click();
    await page.getByRole('heading', { name: 'This screen could not be shown' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toContain('Reloading the page usually helps');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invoices' }).click();
    await page.waitForURL(/\/_\/invoices$/);
    await page.getByRole('button', { name: 'Reload' }).waitFor({ state: 'detached' });
    await context.close();
  });
});
