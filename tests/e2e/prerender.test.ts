import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite, type AdminServer } from './adminServer';
import { expectRows, LOGIN_KEY, newContext, rowTexts } from './admin';

/** A logged-in browser as the login screen leaves it: the login state in storage and the session cookie. */
async function loggedIn(context: BrowserContext, server: AdminServer) {
  const answer = await server.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'admin', password: 'admin-test-password' },
  });
  const [name, value] = String(answer.headers['set-cookie']).split(';')[0].split('=');
  await context.addCookies([{ name, value, domain: '127.0.0.1', path: '/_', httpOnly: true, sameSite: 'Strict' }]);
  await context.addInitScript(([key, state]) => localStorage.setItem(key, state), [LOGIN_KEY, answer.body]);
}

const suite = adminSuite();
const NAMES = ['Aeschen Apotheke AG', 'Basler Bäckerei GmbH', 'Claraplatz Optik', 'Dreiländereck Treuhand'];

beforeAll(async () => {
  for (const name of NAMES) await suite.server.save('client', { name });
});

describe('list pages rendered on the server', { timeout: 60_000 }, () => {
  it('show their rows before any script runs', async () => {
    const context = await suite.browser.newContext({ javaScriptEnabled: false });
    await loggedIn(context, suite.server);
    const page = await context.newPage();
    await page.goto(suite.server.url('/_/clients?sort=name'));
    expect(await rowTexts(page, 2)).toEqual(NAMES);
    expect(await page.getByRole('heading', { name: 'Clients' }).count()).toBe(1);
    expect(await page.locator('nav[aria-label=Main]').count()).toBe(1);
    await context.close();
  });

  it('come alive in the browser (hydration without errors): sorting and searching work', async () => {
    const context = await newContext(suite.browser);
    await loggedIn(context, suite.server);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(suite.server.url('/_/clients?sort=name'));
    await page.locator('#root:not([aria-busy])').waitFor();
    await expectRows(page, NAMES, 2);

    await page.locator('thead').getByRole('button', { name: 'Name', exact: true }).click();
    await expectRows(page, [...NAMES].reverse(), 2);
    expect(page.url()).toContain('sort=-name');
    await page.getByRole('searchbox').fill('bäck');
    await expectRows(page, ['Basler Bäckerei GmbH'], 2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
