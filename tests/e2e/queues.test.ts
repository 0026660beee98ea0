import { describe, expect, it } from 'vitest';
import { newPage } from '../helpers/browser';
import { userWithRole } from '../helpers/users';
import { LOGIN_KEY, newContext, storeLogin } from './admin';
import { png, filesSuite, SHOTS } from './filesServer';
import { screenshot } from '../helpers/screenshots';

const suite = filesSuite();
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

describe('queues screen', { timeout: 90_000 }, () => {
  it('shows preset jobs appear and change state live as an upload is processed', async () => {
    const context = await newContext(suite.browser);
    const state = await suite.server.api('POST', '/api/login', { username: 'admin', password: 'admin-test-password' });
    await context.addInitScript(
      ([key, value]) => {
        if (window === window.top) localStorage.setItem(key, value);
      },
      [LOGIN_KEY, JSON.stringify(state)] as const,
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Every queue/state frame the socket receives, to prove the table is live and not reloaded.
    const frames: string[] = [];
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(String(payload))));
    await page.goto(suite.server.url('/_/queues?queue=imagePresets'));
    await page.getByRole('combobox', { name: 'Queue' }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Queue' }).inputValue()).toBe('imagePresets');
    await page.getByTestId('empty').waitFor();
    const subtitle = page.getByText(/ · live$/);
    expect(await subtitle.innerText()).toBe('No jobs in imagePresets · live');
    // The screen joined the queue on the socket before anything happens.
    await expect.poll(() => frames.some((frame) => frame.includes('"cmd":"SimpleQueue.joinQueue"'))).toBe(true);

    const seen = new Set<string>();
    const sample = await suite.server.upload('queue-sample.png', await png(1600, 1000, 30), 'image/png');
    const rows = page.locator('tbody tr[data-id]');
    for (let i = 0; i < 300; i += 1) {
      for (const value of await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-state') ?? '')))
        seen.add(value);
      const states = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-state')));
      if (states.length >= 10 && states.every((value) => value === 'completed')) break;
      await page.waitForTimeout(50);
    }
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(10);
    await expect
      .poll(() => rows.evaluateAll((trs) => trs.every((tr) => tr.getAttribute('data-state') === 'completed')), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(seen.has('active') || seen.has('created')).toBe(true);
    expect(frames.some((frame) => frame.includes('"type":"queue/state"'))).toBe(true);
    expect(await subtitle.innerText()).toBe(`${await rows.count()} latest jobs of imagePresets · live`);
    const first = rows.first();
    expect(await first.locator('td').nth(3).innerText()).toBe('100%');
    // The data reads as pairs, the file by its name (its id only in the tooltip); the JSON unfolds on demand.
    const data = first.locator('td').nth(2);
    expect((await data.getByTestId('job-data').innerText()).replace(/\s+/g, ' ')).toMatch(
      /^File: queue-sample\.png Preset name: \w+$/,
    );
    expect(await data.getByText('queue-sample.png').getAttribute('title')).toBe(`queue-sample.png · ${sample._id}`);
    await data.getByRole('button', { name: 'Show the data as JSON' }).click();
    expect(JSON.parse(await data.getByTestId('job-json').innerText())).toEqual({
      fileId: sample._id,
      presetName: expect.any(String),
    });
    await screenshot(page, { path: `${SHOTS}/queues-desktop.png` });
    await data.getByRole('button', { name: 'Hide the data as JSON' }).click();
    await data.getByTestId('job-json').waitFor({ state: 'detached' });
    // Leaving the screen leaves the queue.
    await page.locator('nav[aria-label=Main] a[href="/_/files"]').first().click();
    await page.waitForURL('**/_/files');
    await expect
      .poll(() => frames.some((frame) => frame.includes('"cmd":"SimpleQueue.leaveQueue"')), { timeout: 5000 })
      .toBe(true);
    await page.goBack();
    await rows.first().waitFor();
    await page.setViewportSize(PHONE);
    // On a phone the data folds under the id, nothing runs off the screen, and the JSON still unfolds.
    const folded = rows.first().locator('td').first();
    await expect.poll(() => folded.getByTestId('job-data').isVisible()).toBe(true);
    expect(await rows.first().locator('td').nth(2).isVisible()).toBe(false);
    expect(await folded.getByTestId('job-data').innerText()).toContain('queue-sample.png');
    expect(await rows.first().getByTestId('job-progress').innerText()).toBe('100%');
    await folded.getByRole('button', { name: 'Show the data as JSON' }).click();
    await folded.getByTestId('job-json').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, { path: `${SHOTS}/queues-phone.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a mail job's fields in the order of the mail job's schema, not the database's", async () => {
    // Stored as jsonb, the data comes back as {to, data, replyTo, template}, its variables ordered by length.
    await suite.server.app.services.mail.send({
      template: 'contactRequest',
      to: 'info@rhein-consulting.ch',
      replyTo: 'lukas.brunner@example.ch',
      data: { id: 17, firstName: 'Lukas', lastName: 'Brunner', email: 'lukas.brunner@example.ch', city: 'Basel' },
    });
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await newContext(suite.browser, viewport);
      await storeLogin(context, suite.server);
      const { page, errors } = await newPage(context);
      await page.goto(suite.server.url('/_/queues?queue=mail'));
      const row = page.locator('tbody tr[data-id]').first();
      const data = row.getByTestId('job-data').locator('visible=true');
      await data.waitFor();
      expect(await data.locator('dt').allInnerTexts()).toEqual(['Template:', 'To:', 'Reply to:', 'Data:']);
      expect(await data.locator('dd').last().getAttribute('title')).toBe(
        'id: 17, firstName: Lukas, lastName: Brunner, email: lukas.brunner@example.ch, city: Basel',
      );
      await row.getByRole('button', { name: 'Show the data as JSON' }).locator('visible=true').click();
      const json = await row.getByTestId('job-json').locator('visible=true').innerText();
      expect(Object.keys(JSON.parse(json))).toEqual(['template', 'to', 'replyTo', 'data']);
      expect(Object.keys(JSON.parse(json).data)).toEqual(['id', 'firstName', 'lastName', 'email', 'city']);
      await screenshot(page, { path: `${SHOTS}/queues-mail-${viewport.width}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('retries a failed job and cancels a waiting one from its row; each undoes the other', async () => {
    const queues = suite.server.app.services.queues;
    let failing = true;
    const gates: (() => void)[] = [];
    queues.define<{ step: string }>('outbox', {
      retryLimit: 0,
      concurrency: 1,
      async handler({ step }) {
        if (step === 'send' && failing) throw new Error('Mailbox temporarily unavailable');
        if (step === 'hold') await new Promise<void>((resolve) => gates.push(resolve));
      },
    });
    let failed = '';
    await expect.poll(async () => (failed = await queues.send('outbox', { step: 'send' })).length > 0).toBe(true);
    await expect.poll(async () => (await queues.job('outbox', failed))?.state, { timeout: 10_000 }).toBe('failed');

    const context = await newContext(suite.browser, DESKTOP);
    await storeLogin(context, suite.server);
    const { page, errors } = await newPage(context);
    await page.goto(suite.server.url('/_/queues?queue=outbox'));
    const row = (id: string) => page.locator(`tbody tr[data-id="${id}"]`);
    await expect.poll(() => row(failed).getAttribute('data-state')).toBe('failed');
    // Only a failed (or cancelled) job offers Retry; the mail server is back, so it goes through now.
    failing = false;
    await row(failed).getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => row(failed).getAttribute('data-state'), { timeout: 10_000 }).toBe('completed');
    expect(
      await row(failed)
        .getByRole('button')
        .filter({ hasText: /Retry|Cancel/ })
        .count(),
    ).toBe(0);

    // A job that waits behind a running one can be cancelled, and is then not run until it is retried.
    await queues.send('outbox', { step: 'hold' });
    await expect.poll(() => gates.length, { timeout: 10_000 }).toBe(1);
    const waiting = await queues.send('outbox', { step: 'later' });
    await page.setViewportSize(PHONE);
    await expect.poll(() => row(waiting).getAttribute('data-state')).toBe('created');
    await row(waiting).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => row(waiting).getAttribute('data-state')).toBe('cancelled');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, { path: `${SHOTS}/queues-cancelled-phone.png` });
    gates[0]();
    // The queue is free again: a second in which the cancelled job must not run.
    await page.waitForTimeout(1000);
    expect((await queues.job('outbox', waiting))?.state).toBe('cancelled');
    await row(waiting).getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => row(waiting).getAttribute('data-state'), { timeout: 10_000 }).toBe('completed');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names the files of preset jobs to a user who manages the backend but not files', async () => {
    const { server, browser } = suite;
    const backend = await userWithRole(server, server.token, 'bruno', 'backend');
    const sample = await server.upload('betrieb-sample.png', await png(320, 200, 90), 'image/png');
    const context = await newContext(browser, PHONE);
    await storeLogin(context, server, 'bruno', backend.password);
    const { page, errors } = await newPage(context);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(server.url('/_/queues?queue=imagePresets'));
    const row = page.locator('tbody tr[data-id]').filter({ hasText: 'betrieb-sample.png' }).first();
    // Before, the names were asked for with the deleted files, which needs manage:files: 403, and the ids showed.
    await expect
      .poll(
        async () =>
          (await row.count()) > 0 && (await row.getByTestId('job-data').filter({ visible: true }).innerText()),
        { timeout: 20_000 },
      )
      .toMatch(/^File:\s+betrieb-sample\.png\s/);
    expect(await page.getByText(sample._id, { exact: false }).count()).toBe(0);
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows staff without the permission the not-found state of a model they may not read; the server refuses', async () => {
    const { server, browser } = suite;
    const staff = await userWithRole(server, server.token, 'sabine', 'staff');
    const accountant = await userWithRole(server, server.token, 'rolf', 'accountant');
    // The server keeps refusing the queues to staff (manage:backend).
    const refused = await server.app.inject({ method: 'GET', url: '/api/queues', headers: server.auth(staff.token) });
    expect(refused.statusCode).toBe(403);

    const visits = [
      { login: 'sabine', password: staff.password, path: '/_/queues?queue=imagePresets', shot: 'queues' },
      { login: 'rolf', password: accountant.password, path: '/_/elements', shot: 'elements' },
      { login: 'rolf', password: accountant.password, path: '/_/imagePresets', shot: 'imagePresets' },
    ];
    for (const visit of visits) {
      for (const viewport of [DESKTOP, PHONE]) {
        const context = await newContext(browser, viewport);
        await storeLogin(context, server, visit.login, visit.password);
        const { page, errors } = await newPage(context);
        const queueCalls: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).pathname.startsWith('/api/queues')) queueCalls.push(request.url());
        });
        await page.goto(server.url(visit.path));
        await page.getByRole('heading', { name: 'Not found' }).waitFor();
        expect(await page.getByText('Nothing here, or you may not see it.').isVisible()).toBe(true);
        // Neither the screen nor its link: the navigation does not offer what the route refuses.
        const nav = page.locator('nav[aria-label=Main]');
        expect(await nav.locator(`a[href="${visit.path.split('?')[0]}"]`).count()).toBe(0);
        expect(queueCalls).toEqual([]);
        await screenshot(page, { path: `${SHOTS}/no-access-${visit.shot}-${viewport.width}.png` });
        expect(errors).toEqual([]);
        await context.close();
      }
    }

    // Staff may open the CMS screens: the same route shows the elements.
    const context = await newContext(browser, DESKTOP);
    await storeLogin(context, server, 'sabine', staff.password);
    const { page, errors } = await newPage(context);
    await page.goto(server.url('/_/elements'));
    await page.getByRole('list', { name: 'Elements' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Not found' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
