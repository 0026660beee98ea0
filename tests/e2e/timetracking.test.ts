import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/server/db/sql';
import { formatTimestamp } from '../../src/shared/format/date';
import { END_BEFORE_START_MESSAGE, FUTURE_START_MESSAGE } from '../../src/shared/rules/trackedTime';
import { userWithRole } from '../helpers/users';
import { newContext, storeLogin, swissDay, watchKeptSaves } from './admin';
import { adminSuite } from './adminServer';
import { screenshot, SHOTS } from '../helpers/screenshots';

// The time-tracking screen (spec sections 2, 4, 7, 9) against the real suite.server, in Chromium.
const HOUR = 3_600_000;
const DAY = 86_400_000;

const suite = adminSuite();
let adminId: string;
let clientId: string;

const iso = (ms: number) => new Date(ms).toISOString();
const entryOf = async (id: string) =>
  (await suite.server.api<Record<string, unknown>>('GET', `/api/document/findById?model=trackedTime&id=${id}`)).json;

beforeAll(async () => {
  adminId = (await suite.server.api<{ _id: string }>('GET', '/api/self')).json._id;
  clientId = (await suite.server.save('client', { name: 'Rheinblick Immobilien AG' }))._id;
  await suite.server.save('client', { name: 'Basler Bäckerei GmbH' });
});

async function trackingPage(width = 1440, height = 900) {
  const context = await newContext(suite.browser, { width, height });
  await storeLogin(context, suite.server);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(suite.server.url('/_/timetracking'));
  await page.getByRole('heading', { name: 'Time tracking' }).waitFor();
  return { page, context, errors };
}

const rows = (page: Page) => page.locator('[data-testid=entries] li[data-id]');
const dayHours = (page: Page, day: string) =>
  page.locator(`[data-testid=day-bar][data-day="${day}"]`).getAttribute('data-hours').then(Number);

/** What switching to another tab or app and back tells the page. */
const setVisibility = (page: Page, state: 'hidden' | 'visible') =>
  page.evaluate((to) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => to });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);

/**
 * Closes the tab as the user would: 'beforeunload' when the page asked first, and the user then stays (or, with
 * `leave`, leaves anyway).
 */
function closeTab(page: Page, choice: 'stay' | 'leave' = 'stay'): Promise<string> {
  const answer = new Promise<string>((resolve) => {
    page.once('dialog', (question) => {
      resolve(question.type());
      void (choice === 'leave' ? question.accept() : question.dismiss());
    });
    page.once('close', () => resolve('closed without a question'));
  });
  return page.close({ runBeforeUnload: true }).then(() => answer);
}

describe('time tracking', { timeout: 120_000 }, () => {
  it('shows the own entries of the last 7 days with per-day bars rounded up to quarter hours', async () => {
    // Midday two days ago (Swiss time), so both entries fall on the same calendar day whatever the hour now.
    const twoDaysAgo = Date.parse(`${swissDay(Date.now() - 2 * DAY)}T11:00:00Z`);
    await suite.server.save('trackedTime', {
      start: iso(twoDaysAgo),
      end: iso(twoDaysAgo + HOUR + 5 * 60_000), // 1:05 -> 1,25 h
      name: 'Workshop',
      user: adminId,
      client: clientId,
    });
    await suite.server.save('trackedTime', {
      start: iso(twoDaysAgo - 2 * HOUR),
      end: iso(twoDaysAgo - 2 * HOUR + 45 * 60_000), // exactly 0,75 h
      name: 'Konzept',
      user: adminId,
    });
    await suite.server.save('trackedTime', {
      start: iso(Date.now() - 9 * DAY),
      end: iso(Date.now() - 9 * DAY + HOUR),
      name: 'Zu alt',
      user: adminId,
    });
    const other = await userWithRole(suite.server, suite.server.adminToken, 'marco', 'accountant');
    await suite.server.api(
      'POST',
      '/api/document/updateOne?model=trackedTime',
      { start: iso(Date.now() - HOUR), end: iso(Date.now()), name: 'Fremd', user: other.id },
      other.token,
    );

    const { page, context, errors } = await trackingPage();
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(
      await rows(page)
        .locator('input[aria-label=Name]')
        .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
    ).toEqual(['Workshop', 'Konzept']);
    expect(await page.getByTestId('day-bar').count()).toBe(7);
    expect(await dayHours(page, swissDay(twoDaysAgo))).toBe(2);
    expect(await page.getByTestId('week-total').innerText()).toBe('2,00 h');
    // The longest day fills 95 % of the chart; the others are empty.
    const heights = await page
      .getByTestId('day-bar-fill')
      .evaluateAll((bars) => bars.map((bar) => (bar as HTMLElement).style.height));
    expect(heights.filter((h) => h === '95%')).toHaveLength(1);
    expect(heights.filter((h) => h === '0%')).toHaveLength(6);
    const first = rows(page).first();
    expect(await first.getByTestId('rounded').innerText()).toBe('1,25 h');
    expect(await first.getByTestId('duration').innerText()).toBe('1:05:00');
    expect(await first.getByRole('combobox', { name: 'Client' }).inputValue()).toBe(clientId);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts, ticks, saves the name on blur and fields on change, stops and deletes', async () => {
    const { page, context, errors } = await trackingPage();
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.getByRole('button', { name: 'Start tracking' }).click();
    const running = page.locator('[data-testid=entries] li[data-running=true]');
    await running.waitFor();
    expect(await rows(page).first().getAttribute('data-running')).toBe('true');
    const id = (await running.getAttribute('data-id'))!;
    const stored = await entryOf(id);
    expect(stored).toMatchObject({ name: '', user: adminId, multiplier: 1 });
    expect(stored.end ?? null).toBeNull();

    // The running duration ticks every second; a started entry counts as a quarter hour.
    const duration = running.getByTestId('duration');
    const before = await duration.innerText();
    expect(before).toMatch(/^0:00:0\d$/);
    await expect.poll(() => duration.innerText(), { timeout: 5000 }).not.toBe(before);
    expect(await running.getByTestId('rounded').innerText()).toBe('0,25 h');
    await expect.poll(() => page.getByTestId('week-total').innerText()).toBe('2,25 h');
    expect(await dayHours(page, swissDay(Date.now()))).toBe(0.25);

    // The name is kept locally while focused (the list refreshes every second) and saved on blur.
    const name = running.getByRole('textbox', { name: 'Name' });
    await name.click();
    await name.fill('Konzept Startseite');
    for (let i = 0; i < 2; i += 1)
      await page.waitForResponse((response) => response.url().endsWith('/api/document/find'));
    expect(await name.inputValue()).toBe('Konzept Startseite');
    expect((await entryOf(id)).name).toBe('');
    await name.press('Tab');
    await expect.poll(async () => (await entryOf(id)).name).toBe('Konzept Startseite');

    // Selects save on change.
    await running.getByRole('combobox', { name: 'Client' }).selectOption({ label: 'Rheinblick Immobilien AG' });
    await expect.poll(async () => (await entryOf(id)).client).toBe(clientId);
    await running.getByRole('combobox', { name: 'Multiplier' }).selectOption({ label: 'Nervig' });
    await expect.poll(async () => (await entryOf(id)).multiplier).toBe(1.5);
    expect(
      await running
        .getByRole('combobox', { name: 'Multiplier' })
        .locator('option')
        .evaluateAll((options) => options.map((o) => `${(o as HTMLOptionElement).value} ${o.textContent}`)),
    ).toEqual(['1 Normal', '1.2 Okay', '1.5 Nervig', '1.54 65€ to 100€', '1.846 65€ to 120€', '2 Ätzend']);

    await screenshot(page, { path: `${SHOTS}/timetracking-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('tracked-days').waitFor();
    await screenshot(page, { path: `${SHOTS}/timetracking-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Stop sets the end to now; the row stops ticking.
    await running.getByRole('button', { name: 'Stop' }).click();
    const row = page.locator(`li[data-id="${id}"]`);
    await expect.poll(() => row.getAttribute('data-running')).toBe('false');
    const stopped = await entryOf(id);
    expect(typeof stopped.end).toBe('string');
    expect(Date.parse(stopped.end as string)).toBeGreaterThan(Date.parse(stopped.start as string));
    const frozen = await row.getByTestId('duration').innerText();
    await page.waitForResponse((response) => response.url().endsWith('/api/document/find'));
    await page.waitForResponse((response) => response.url().endsWith('/api/document/find'));
    expect(await row.getByTestId('duration').innerText()).toBe(frozen);

    // Shift-click on delete skips the confirmation.
    await row.getByRole('button', { name: 'Delete' }).click({ modifiers: ['Shift'] });
    await expect.poll(() => row.count()).toBe(0);
    expect((await suite.server.api('GET', `/api/document/findById?model=trackedTime&id=${id}`)).status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a user without manage:payment that time tracking is not theirs', async () => {
    const staff = await userWithRole(suite.server, suite.server.adminToken, 'anna', 'staff');
    const context = await newContext(suite.browser);
    await storeLogin(context, suite.server, 'anna', staff.password);
    const page = await context.newPage();
    await page.goto(suite.server.url('/_/timetracking'));
    await page.getByTestId('not-allowed').waitFor();
    // The permission as the trackedTime schema names it.
    expect(await page.getByTestId('not-allowed').innerText()).toBe(
      'Time tracking needs the permission manage:payment; an administrator can give it to your role.',
    );
    expect(await page.getByRole('button', { name: 'Start tracking' }).count()).toBe(0);
    await context.close();
  });

  it('names the client of an entry after the client was deleted, and on the invoice using it', async () => {
    const gone = await suite.server.save('client', { name: 'Alte Kundin AG' });
    const entry = await suite.server.save('trackedTime', {
      start: iso(Date.now() - 2 * HOUR),
      end: iso(Date.now() - HOUR),
      name: 'Abschluss',
      user: adminId,
      client: gone._id,
    });
    const invoice = await suite.server.save('invoice', { name: 'Abschluss', client: gone._id, date: '2026-11-02' });
    expect((await suite.server.api('DELETE', `/api/document/delete?model=client&id=${gone._id}`)).status).toBe(200);

    const { page, context, errors } = await trackingPage();
    const select = page.locator(`li[data-id="${entry._id}"]`).getByRole('combobox', { name: 'Client' });
    expect(await select.inputValue()).toBe(gone._id);
    await expect.poll(() => select.locator('option:checked').innerText()).toBe('Alte Kundin AG (deleted)');

    await page.goto(suite.server.url('/_/invoices'));
    await expect
      .poll(() => page.locator(`tr[data-id="${invoice._id}"]`).innerText())
      .toContain('Alte Kundin AG (deleted)');
    await page.goto(suite.server.url(`/_/invoices/${invoice._id}`));
    const client = page.locator('#root_client');
    await expect.poll(() => client.locator('option:checked').innerText()).toBe('Alte Kundin AG (deleted)');
    expect(errors).toEqual([]);
    await context.close();
  });
  it('keeps the end of a finished entry when one Backspace leaves its End field half-typed', async () => {
    const entry = await suite.server.save('trackedTime', {
      start: iso(Date.now() - 3 * HOUR),
      end: iso(Date.now() - HOUR),
      name: 'Keyboard test',
      user: adminId,
    });
    const { page, context, errors } = await trackingPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/document/updateOne')) sent.push(request.postData() ?? '');
    });
    const row = page.locator(`li[data-id="${entry._id}"]`);
    const end = row.getByLabel('End');
    await end.click();
    await end.press('Backspace');
    // The list refreshes every second: two refreshes later nothing was saved and the entry is still finished.
    for (let i = 0; i < 2; i += 1)
      await page.waitForResponse((response) => response.url().endsWith('/api/document/find'));
    expect(sent).toEqual([]);
    expect(await row.getAttribute('data-running')).toBe('false');
    expect((await entryOf(entry._id)).end).toBe(entry.end);
    await end.blur();
    await expect.poll(() => end.inputValue()).not.toBe('');
    expect(errors).toEqual([]);
    await context.close();
    await suite.server.api('DELETE', `/api/document/delete?model=trackedTime&id=${entry._id}`);
  });

  it('marks a billed entry with its invoice and offers no changes to it', async () => {
    const billedClient = (await suite.server.save('client', { name: 'Klybeck Werkstatt GmbH', hourlyRate: 100 }))._id;
    const entry = await suite.server.save('trackedTime', {
      start: iso(Date.now() - 3 * HOUR),
      end: iso(Date.now() - 2 * HOUR),
      name: 'Monatsende',
      user: adminId,
      client: billedClient,
    });
    const made = await suite.server.api<{ invoice: string }>('POST', '/api/payment/invoiceFromTime', {
      client: billedClient,
      from: swissDay(Date.now() - DAY),
      to: swissDay(Date.now()),
    });
    expect(made.status).toBe(200);
    const number = (
      await suite.server.api<{ id: number }>('GET', `/api/document/findById?model=invoice&id=${made.json.invoice}`)
    ).json.id;

    const { page, context, errors } = await trackingPage();
    const row = page.locator(`li[data-id="${entry._id}"]`);
    const badge = row.getByTestId('billed');
    await expect.poll(() => badge.innerText()).toBe(`Invoice ${number}`);
    expect(await badge.getAttribute('href')).toBe(`/_/invoices/${made.json.invoice}`);
    expect(await row.getAttribute('data-billed')).toBe('true');
    expect(await row.getByRole('textbox', { name: 'Name' }).getAttribute('readonly')).not.toBeNull();
    expect(await row.getByLabel('Start').getAttribute('readonly')).not.toBeNull();
    expect(await row.getByLabel('End').getAttribute('readonly')).not.toBeNull();
    expect(await row.getByRole('combobox', { name: 'Client' }).isDisabled()).toBe(true);
    expect(await row.getByRole('combobox', { name: 'Multiplier' }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: /^Billed on invoice/ }).isDisabled()).toBe(true);
    // A finished entry shows no stop button (it looked like an empty checkbox).
    expect(await row.getByRole('button', { name: 'Stop' }).count()).toBe(0);
    await screenshot(page, { path: `${SHOTS}/timetracking-billed-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, { path: `${SHOTS}/timetracking-billed-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await badge.click();
    await page.waitForURL(`**/_/invoices/${made.json.invoice}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the delete dialog open with the reason when the entry was billed meanwhile', async () => {
    const billedClient = (await suite.server.save('client', { name: 'Dreispitz Atelier GmbH', hourlyRate: 120 }))._id;
    const entry = await suite.server.save('trackedTime', {
      start: iso(Date.now() - 5 * HOUR),
      end: iso(Date.now() - 4 * HOUR),
      name: 'Ausstellung',
      user: adminId,
      client: billedClient,
    });
    const { page, context, errors } = await trackingPage();
    const row = page.locator(`li[data-id="${entry._id}"]`);
    await row.waitFor();
    // Someone invoices the time after this tab asked to delete the entry.
    let invoice: { id: number } | undefined;
    await page.route('**/api/document/delete?model=trackedTime*', async (route) => {
      const made = await suite.server.api<{ invoice: string }>('POST', '/api/payment/invoiceFromTime', {
        client: billedClient,
        from: swissDay(Date.now() - DAY),
        to: swissDay(Date.now()),
      });
      invoice = (
        await suite.server.api<{ id: number }>('GET', `/api/document/findById?model=invoice&id=${made.json.invoice}`)
      ).json;
      await route.continue();
    });
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    await expect.poll(() => confirm.isEnabled(), { timeout: 4000 }).toBe(true);
    await confirm.click();
    await expect.poll(() => dialog.getByRole('alert').count()).toBe(1);
    expect(await dialog.getByRole('alert').innerText()).toMatch(
      new RegExp(`^Not deleted\\. Billed on invoice ${invoice?.id} of .*: a billed entry cannot be deleted\\.`),
    );
    // The entry stays, now marked billed; the page itself shows no error.
    await expect.poll(() => row.getAttribute('data-billed')).toBe('true');
    expect((await entryOf(entry._id)).name).toBe('Ausstellung');
    expect(await page.locator('[role=alert]').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await dialog.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts one timer per tap and stops the running one when another starts', async () => {
    const { page, context, errors } = await trackingPage();
    await page.locator('[data-testid=entries], [data-testid=empty]').first().waitFor();
    const running = page.locator('[data-testid=entries] li[data-running=true]');
    const start = page.getByRole('button', { name: 'Start tracking' });
    await start.dblclick();
    await running.first().waitFor();
    await expect.poll(() => start.isDisabled()).toBe(false);
    // Two more refreshes: still one running entry, in the list and on the server.
    for (let i = 0; i < 2; i += 1)
      await page.waitForResponse((response) => response.url().endsWith('/api/document/find'));
    expect(await running.count()).toBe(1);
    const runningOnServer = async () =>
      (
        await suite.server.api<{ results: { _id: string }[] }>('POST', '/api/document/find', {
          model: 'trackedTime',
          query: { user: adminId, end: null },
        })
      ).json.results.map((entry) => entry._id);
    const first = (await running.getAttribute('data-id'))!;
    expect(await runningOnServer()).toEqual([first]);

    await start.click();
    await expect.poll(async () => (await running.getAttribute('data-id')) !== first).toBe(true);
    const second = (await running.getAttribute('data-id'))!;
    expect(await runningOnServer()).toEqual([second]);
    // The first stopped where the second started.
    expect((await entryOf(first)).end).toBe((await entryOf(second)).start);
    await running.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => running.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('totals exactly the seven day bars shown, not older entries of the query window', async () => {
    // The list reads entries of the last 7×24 h (from the hour): one early in that window starts before the first bar.
    const since = Math.floor(Date.now() / HOUR) * HOUR - 7 * DAY;
    const early = await suite.server.save('trackedTime', {
      start: iso(since + 60_000),
      end: iso(since + 60_000 + 2 * HOUR),
      name: 'Vor den Balken',
      user: adminId,
    });
    const { page, context, errors } = await trackingPage();
    await page.locator(`li[data-id="${early._id}"]`).waitFor();
    const bars = await page
      .getByTestId('day-bar')
      .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-hours'))));
    expect(bars).toHaveLength(7);
    const sum = bars.reduce((a, b) => a + b, 0);
    const shown = `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(sum)} h`;
    expect(await page.getByTestId('week-total').innerText()).toBe(shown);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stops a timer left running for more than 24 h at the limit, says so and offers to correct its End', async () => {
    // A timer forgotten over the weekend: the server refuses an end 30 h after the start.
    const start = iso(Date.now() - 30 * HOUR);
    const limit = iso(Date.parse(start) + 24 * HOUR);
    const entry = await suite.server.save('trackedTime', { start, name: 'Wochenende', user: adminId });
    const refused = await suite.server.api('POST', '/api/document/updateOne?model=trackedTime', {
      _id: entry._id,
      end: iso(Date.now()),
    });
    expect(refused.status).toBe(400);

    const { page, context, errors } = await trackingPage();
    const row = page.locator(`li[data-id="${entry._id}"]`);
    await expect.poll(() => row.getAttribute('data-running')).toBe('true');
    // Before the click, the row says what Stop will do.
    expect(await row.getByTestId('over-limit').innerText()).toBe('over 24 h');
    const stop = row.getByRole('button', { name: 'Stop at the 24 h limit' });
    expect(await stop.getAttribute('title')).toBe('Stop at the 24 h limit (running for more than 24 h)');

    await screenshot(page, { path: `${SHOTS}/timetracking-over-limit-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, { path: `${SHOTS}/timetracking-over-limit-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    // One click stops it, at start + 24 h; the notice says so with that time.
    await stop.click();
    await expect.poll(() => row.getAttribute('data-running')).toBe('false');
    expect((await entryOf(entry._id)).end).toBe(limit);
    expect((await entryOf(entry._id)).duration).toBe(24);
    const notice = page.getByTestId('capped-stop');
    const text = await notice.innerText();
    expect(text).toContain('Stopped at the 24 h limit');
    expect(text).toMatch(/“Wochenende” had been running for 30:00:\d\d, longer than one entry may last \(24 h\)/);
    expect(text).toContain(`It now ends 24 h after its start, at ${formatTimestamp(limit)}.`);
    expect(text).toContain('If you stopped working earlier, correct its End.');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await row.getByTestId('rounded').innerText()).toBe('24,00 h');
    await screenshot(page, { path: `${SHOTS}/timetracking-capped-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, { path: `${SHOTS}/timetracking-capped-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // "Correct End" takes the user to the End field of that entry.
    await notice.getByRole('button', { name: 'Correct End' }).click();
    expect(await row.getByLabel('End').evaluate((input) => input === document.activeElement)).toBe(true);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => notice.count()).toBe(0);

    // "Start tracking" stops such a timer the same way before the new one starts (it started nothing before).
    const forgottenStart = iso(Date.now() - 26 * HOUR);
    const forgotten = await suite.server.save('trackedTime', { start: forgottenStart, name: '', user: adminId });
    const old = page.locator(`li[data-id="${forgotten._id}"]`);
    await expect.poll(() => old.getAttribute('data-running')).toBe('true');
    await page.getByRole('button', { name: 'Start tracking' }).click();
    await expect.poll(() => old.getAttribute('data-running')).toBe('false');
    expect((await entryOf(forgotten._id)).end).toBe(iso(Date.parse(forgottenStart) + 24 * HOUR));
    const running = page.locator('[data-testid=entries] li[data-running=true]');
    await expect.poll(() => running.count()).toBe(1);
    expect(await notice.innerText()).toMatch(/The timer had been running for 26:00:\d\d/);
    await running.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => running.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a Start in the future', { timeout: 120_000 }, () => {
  /** What a user types for an instant in the browser's zone: time, then date. */
  const typed = (page: Page, ms: number) =>
    page.evaluate((at) => {
      const d = new Date(at);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${pad(d.getHours())}:${pad(d.getMinutes())} ${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
    }, ms);

  it('is refused at the Start field of a running entry, and nothing is saved', async () => {
    const entry = await suite.server.save('trackedTime', {
      start: iso(Date.now() - HOUR),
      name: 'Läuft',
      user: adminId,
    });
    const { page, context, errors } = await trackingPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/document/updateOne')) sent.push(request.postData() ?? '');
    });
    const row = page.locator(`li[data-id="${entry._id}"]`);
    const start = row.getByLabel('Start');
    const stored = await start.inputValue();
    await start.fill(await typed(page, Date.now() + 3 * HOUR));
    await start.press('Enter');
    const message = row.getByTestId('start-error');
    await expect.poll(() => message.innerText()).toBe(FUTURE_START_MESSAGE);
    expect(await start.getAttribute('aria-invalid')).toBe('true');
    expect(await start.getAttribute('aria-describedby')).toBe(await message.getAttribute('id'));
    expect(await page.getByRole('alert').count()).toBe(0);
    await screenshot(page, { path: `${SHOTS}/timetracking-future-start-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, { path: `${SHOTS}/timetracking-future-start-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    // Left, the field shows the stored start again and the message says why; nothing went to the server.
    await start.blur();
    await expect.poll(() => start.inputValue()).toBe(stored);
    expect(await message.innerText()).toBe(FUTURE_START_MESSAGE);
    expect(sent).toEqual([]);
    expect((await entryOf(entry._id)).start).toBe(entry.start);

    // A start now or earlier saves, and the message goes.
    const earlier = Math.floor((Date.now() - 2 * HOUR) / 60_000) * 60_000;
    await start.fill(await typed(page, earlier));
    await start.press('Enter');
    await expect.poll(async () => (await entryOf(entry._id)).start).toBe(iso(earlier));
    await expect.poll(() => message.count()).toBe(0);
    expect(await start.getAttribute('aria-invalid')).toBeNull();
    await row.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => row.getAttribute('data-running')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses an End before the Start at the field without sending it (no refused request)', async () => {
    const entry = await suite.server.save('trackedTime', {
      start: iso(Date.now() - 3 * HOUR),
      end: iso(Date.now() - HOUR),
      name: 'Rückwärts',
      user: adminId,
    });
    const { page, context, errors } = await trackingPage();
    const sent: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/document/updateOne')) sent.push(request.postData() ?? '');
    });
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    const row = page.locator(`li[data-id="${entry._id}"]`);
    const end = row.getByLabel('End');
    const stored = await end.inputValue();
    await end.fill(await typed(page, Date.now() - 4 * HOUR));
    await end.press('Enter');
    const message = row.getByTestId('end-error');
    await expect.poll(() => message.innerText()).toBe(END_BEFORE_START_MESSAGE);
    expect(await end.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').count()).toBe(0);
    await end.blur();
    await expect.poll(() => end.inputValue()).toBe(stored);
    // Two refreshes later still nothing was sent, and nothing was refused.
    for (let i = 0; i < 2; i += 1)
      await page.waitForResponse((response) => response.url().endsWith('/api/document/find'));
    expect(sent).toEqual([]);
    expect(refused).toEqual([]);
    expect((await entryOf(entry._id)).end).toBe(entry.end);

    // A Start moved past the End is refused at the Start the same way.
    const start = row.getByLabel('Start');
    await start.fill(await typed(page, Date.now() - 30 * 60_000));
    await start.press('Enter');
    await expect.poll(() => row.getByTestId('start-error').innerText()).toBe('Start must not be after the end');
    await start.blur();

    // A valid End saves, and the message goes.
    const later = Math.floor((Date.now() - 2 * HOUR) / 60_000) * 60_000;
    await end.fill(await typed(page, later));
    await end.press('Enter');
    await expect.poll(async () => (await entryOf(entry._id)).end).toBe(iso(later));
    await expect.poll(() => row.getByTestId('end-error').count()).toBe(0);
    expect(sent).toHaveLength(1);
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    await suite.server.api('DELETE', `/api/document/delete?model=trackedTime&id=${entry._id}`);
  });

  it('moves a finished entry to the night before: a Start or End refused alone is saved with the other one', async () => {
    // Tracked today 10:00–11:00 (Swiss time), really worked the night before yesterday, 22:30–01:15.
    const today = Date.parse(`${swissDay(Date.now())}T09:00:00Z`);
    const entry = await suite.server.save('trackedTime', {
      start: iso(today),
      end: iso(today + HOUR),
      name: 'Nachtschicht',
      user: adminId,
    });
    const nightStart = Date.parse(`${swissDay(Date.now() - 2 * DAY)}T12:00:00Z`) + 9.5 * HOUR; // 22:30 there
    const nightEnd = nightStart + 2.75 * HOUR; // 01:15 the day after
    const { page, context, errors } = await trackingPage(390, 844);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    const row = page.locator(`li[data-id="${entry._id}"]`);
    const start = row.getByLabel('Start');
    const end = row.getByLabel('End');
    // The Start first: with today's End the entry would last more than a day, so it is refused at the Start.
    await start.fill(await typed(page, nightStart));
    await start.press('Enter');
    await expect.poll(() => row.getByTestId('start-error').innerText()).toMatch(/^An entry may last at most 24 h/);
    await start.blur();
    // The End next: refused alone (before today's Start), it is saved together with the Start typed before.
    await end.fill(await typed(page, nightEnd));
    await end.press('Enter');
    await expect
      .poll(async () => {
        const stored = await entryOf(entry._id);
        return [stored.start, stored.end, stored.duration];
      })
      .toEqual([iso(nightStart), iso(nightEnd), 2.75]);
    await expect.poll(() => row.getByTestId('start-error').count()).toBe(0);
    expect(await row.getByTestId('end-error').count()).toBe(0);
    await expect.poll(() => start.inputValue()).toBe(await typed(page, nightStart));
    await screenshot(page, { path: `${SHOTS}/timetracking-moved-night-phone.png`, fullPage: true });

    // Back to a day later, End first this time: refused alone (longer than a day), saved with the Start after it.
    await end.fill(await typed(page, nightEnd + DAY));
    await end.press('Enter');
    await expect.poll(() => row.getByTestId('end-error').innerText()).toMatch(/^An entry may last at most 24 h/);
    await end.blur();
    await start.fill(await typed(page, nightStart + DAY));
    await start.press('Enter');
    await expect
      .poll(async () => {
        const stored = await entryOf(entry._id);
        return [stored.start, stored.end];
      })
      .toEqual([iso(nightStart + DAY), iso(nightEnd + DAY)]);
    // Every refusal was said at the field, none came from the server.
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    await suite.server.api('DELETE', `/api/document/delete?model=trackedTime&id=${entry._id}`);
  });

  it('shows a long client name whole at 1440 and a labelled Stop on the phone', async () => {
    const long = await suite.server.save('client', { name: 'Münsterhügel Architektur AG' });
    const entry = await suite.server.save('trackedTime', {
      start: iso(Date.now() - HOUR),
      name: 'Entwurf',
      user: adminId,
      client: long._id,
    });
    const { page, context, errors } = await trackingPage();
    const row = page.locator(`li[data-id="${entry._id}"]`);
    const select = row.getByRole('combobox', { name: 'Client' });
    await expect.poll(() => select.inputValue()).toBe(long._id);
    // Until the client list arrives the select shows the id alone, without a name for its tooltip.
    await expect.poll(() => select.getAttribute('title')).toBe('Münsterhügel Architektur AG');
    // The chosen name fits between the select's padding and its arrow.
    const fit = await select.evaluate((element) => {
      const el = element as HTMLSelectElement;
      const style = getComputedStyle(el);
      const context2d = document.createElement('canvas').getContext('2d')!;
      context2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context2d.measureText(el.selectedOptions[0].text).width;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text, room };
    });
    expect(fit.text).toBeLessThanOrEqual(fit.room);
    // On wide screens Stop is the icon alone, named for screen readers and by its tooltip.
    const stop = row.getByRole('button', { name: 'Stop' });
    expect(await stop.getAttribute('title')).toBe('Stop');
    expect(await stop.locator('svg').count()).toBe(1);
    await screenshot(page, { path: `${SHOTS}/timetracking-long-client-desktop.png` });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => stop.innerText()).toBe('Stop');
    const box = (await stop.boundingBox())!;
    expect(box.width).toBeGreaterThan(40);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}/timetracking-stop-phone.png` });
    await stop.click();
    await expect.poll(() => row.getAttribute('data-running')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();
    await suite.server.api('DELETE', `/api/document/delete?model=trackedTime&id=${entry._id}`);
  });

  it('stops an entry stored with one before the rule at its start, says so and offers to correct its Start', async () => {
    const entry = await suite.server.save('trackedTime', {
      start: iso(Date.now() - HOUR),
      name: 'Altlast',
      user: adminId,
    });
    const ahead = iso(Math.floor((Date.now() + 5 * HOUR) / 60_000) * 60_000);
    await suite.server.db.query(
      sql`UPDATE doc_tracked_time SET doc = jsonb_set(doc, '{start}', ${JSON.stringify(ahead)}::jsonb) WHERE _id = ${entry._id}`,
    );
    const { page, context, errors } = await trackingPage();
    const row = page.locator(`li[data-id="${entry._id}"]`);
    await expect.poll(() => row.getAttribute('data-running')).toBe('true');
    // Before the click, the row says what Stop will do.
    expect(await row.getByTestId('starts-ahead').innerText()).toBe('starts later');
    const stop = row.getByRole('button', { name: 'Stop at its start (its Start is in the future)' });
    await screenshot(page, { path: `${SHOTS}/timetracking-starts-later-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}/timetracking-starts-later-phone.png` });
    await page.setViewportSize({ width: 1440, height: 900 });
    await stop.click();
    await expect.poll(() => row.getAttribute('data-running')).toBe('false');
    expect(await entryOf(entry._id)).toMatchObject({ start: ahead, end: ahead, duration: 0 });
    const notice = page.getByTestId('capped-stop');
    const text = await notice.innerText();
    expect(text).toContain('Stopped at its start');
    expect(text).toContain(
      `“Altlast” starts in the future, at ${formatTimestamp(ahead)}, and an entry cannot end before it starts: it now ends there and lasts 0 h.`,
    );
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await row.getByLabel('Start').getAttribute('class')).toContain('border-amber-400');
    await screenshot(page, { path: `${SHOTS}/timetracking-stopped-at-start-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, { path: `${SHOTS}/timetracking-stopped-at-start-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await notice.getByRole('button', { name: 'Correct Start' }).click();
    expect(await row.getByLabel('Start').evaluate((input) => input === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  // Audit s12: a name typed and not yet blurred was lost without a question on a reload or closing the tab.
  it('saves a typed name when the page is hidden and asks before closing the tab while one is unsaved', async () => {
    const entry = await suite.server.save('trackedTime', {
      start: iso(Date.now() - 30 * 60_000),
      end: iso(Date.now() - 10 * 60_000),
      name: 'Entwurf',
      user: adminId,
    });
    const { page, context, errors } = await trackingPage();
    const row = page.locator(`li[data-id="${entry._id}"]`);
    const name = row.getByRole('textbox', { name: 'Name' });
    // Which saves ask the browser to keep them going when the page goes away (fetch's keepalive).
    const keptSaves = await watchKeptSaves(page);
    await name.click();
    await name.fill('Entwurf Startseite');
    // Switching to another tab or app hides the page: the name is saved though the field keeps its focus, by a
    // request the browser keeps going should the tab close now.
    await setVisibility(page, 'hidden');
    await expect.poll(async () => (await entryOf(entry._id)).name).toBe('Entwurf Startseite');
    expect(await keptSaves()).toEqual([true]);
    expect(await name.evaluate((input) => input === document.activeElement)).toBe(true);
    await setVisibility(page, 'visible');
    expect(errors).toEqual([]);

    // More typed, not saved yet: closing the tab asks first.
    await name.press('End');
    await name.pressSequentially(' v2');
    expect(await closeTab(page)).toBe('beforeunload');
    await context.close();
    // The entry is not one of the later tests' (nor of their day totals).
    expect((await suite.server.api('DELETE', `/api/document/delete?model=trackedTime&id=${entry._id}`)).status).toBe(
      200,
    );
  });

  // As a typed Name: a Start or End typed and neither confirmed with Enter nor left was lost with the tab.
  it('saves a typed Start or End when the page is hidden or left, never a half-typed one, and asks before closing over either', async () => {
    const begun = Math.floor((Date.now() - 5 * HOUR) / 60_000) * 60_000;
    const entry = await suite.server.save('trackedTime', {
      start: iso(begun),
      end: iso(begun + 2 * HOUR),
      name: 'Zeiten',
      user: adminId,
    });
    const { page, context, errors } = await trackingPage();
    const row = page.locator(`li[data-id="${entry._id}"]`);
    const start = row.getByLabel('Start');
    const end = row.getByLabel('End');
    const keptSaves = await watchKeptSaves(page);
    // Typed, no Enter, the field keeps its focus: hiding the page saves it by a request that outlives the page.
    await start.click();
    await start.fill(await typed(page, begun - HOUR));
    await setVisibility(page, 'hidden');
    await expect.poll(async () => (await entryOf(entry._id)).start).toBe(iso(begun - HOUR));
    expect(await keptSaves()).toEqual([true]);
    expect(await start.evaluate((input) => input === document.activeElement)).toBe(true);
    await setVisibility(page, 'visible');
    await expect.poll(() => row.getByTestId('duration').innerText()).toBe('3:00:00');

    // Half a time: nothing is saved as the page hides, and the stored End stays.
    await end.click();
    await end.fill('14:3');
    await setVisibility(page, 'hidden');
    for (let i = 0; i < 2; i += 1)
      await page.waitForResponse((response) => response.url().endsWith('/api/document/find'));
    expect(await keptSaves()).toEqual([true]);
    expect((await entryOf(entry._id)).end).toBe(entry.end);
    await setVisibility(page, 'visible');
    // But closing the tab asks first, rather than losing what is typed.
    expect(await closeTab(page)).toBe('beforeunload');
    expect(errors).toEqual([]);
    await context.close();

    // A complete time and date typed asks too, and leaving anyway saves it as the page unloads.
    const later = await trackingPage();
    const laterEnd = later.page.locator(`li[data-id="${entry._id}"]`).getByLabel('End');
    await laterEnd.click();
    await laterEnd.fill(await typed(later.page, begun + HOUR));
    expect(await closeTab(later.page, 'leave')).toBe('beforeunload');
    await expect.poll(async () => (await entryOf(entry._id)).end).toBe(iso(begun + HOUR));
    expect(later.errors).toEqual([]);
    await later.context.close();

    // The stored End typed another way (a two-digit year) is no change: the tab closes without a question.
    const same = await trackingPage();
    const sameEnd = same.page.locator(`li[data-id="${entry._id}"]`).getByLabel('End');
    await sameEnd.click();
    await sameEnd.fill((await typed(same.page, begun + HOUR)).replace(/\.20(\d\d)$/, '.$1'));
    expect(await closeTab(same.page)).toBe('closed without a question');
    expect(same.errors).toEqual([]);
    await same.context.close();
    expect((await suite.server.api('DELETE', `/api/document/delete?model=trackedTime&id=${entry._id}`)).status).toBe(
      200,
    );
  });
});
