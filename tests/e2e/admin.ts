import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADMIN_PASSWORD } from '../helpers/testApp';
import { newPage, VIEWPORTS } from '../helpers/browser';
import type { AdminServer } from './adminServer';

export const LOGIN_KEY = 'baukasten.admin.login';
export const MODULE_KEY = 'baukasten.admin.module';

/** The Swiss calendar day of an instant (YYYY-MM-DD), as time tracking keys its bars and periods. */
export const swissDay = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Zurich',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(ms));

/** A context as a Swiss user has it (de-CH, Zurich time) with a desktop window; dateEntry.test.ts uses en-US. */
export function newContext(
  browser: Browser,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<BrowserContext> {
  return browser.newContext({ viewport, locale: 'de-CH', timezoneId: 'Europe/Zurich' });
}

/** Logs in through the login screen and waits for the admin to show. */
export async function loginThroughUi(
  page: Page,
  server: AdminServer,
  username = 'admin',
  password = ADMIN_PASSWORD,
  path = '/_',
) {
  await page.goto(server.url(path));
  await page.getByRole('heading', { name: 'Sign in with your account' }).waitFor();
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', password);
  await page.keyboard.press('Enter');
  await page.locator('nav[aria-label=Main]').waitFor();
}

/** Stores a login state as the login screen would, so a test can start on any admin page. */
export async function storeLogin(
  context: BrowserContext,
  server: Pick<AdminServer, 'app'>,
  username = 'admin',
  password = ADMIN_PASSWORD,
) {
  const answer = await server.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  const state = answer.json() as { token: string };
  await context.addInitScript(
    ([key, value]) => {
      if (window === window.top && !sessionStorage.getItem('e2e-login-set')) {
        sessionStorage.setItem('e2e-login-set', '1');
        localStorage.setItem(key, value);
      }
    },
    [LOGIN_KEY, JSON.stringify(state)],
  );
  return state;
}

/**
 * A new context logged in as admin (stored login, no login screen) with a page on `path`; its errors are
 * collected in `errors`. Close `context` when done.
 */
export async function openAdmin(
  suite: { readonly server: AdminServer; readonly browser: Browser },
  path: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
) {
  const context = await newContext(suite.browser, viewport);
  await storeLogin(context, suite.server);
  const { page, errors } = await newPage(context);
  await page.goto(suite.server.url(path));
  // Hydrated (main.tsx takes aria-busy off the root): a click on server-rendered markup before is lost.
  await page.locator('#root:not([aria-busy])').waitFor();
  return { page, errors, context };
}

export const rows = (page: Page) => page.locator('tbody tr[data-id]');

export async function rowTexts(page: Page, column = 1): Promise<string[]> {
  return rows(page).locator(`td:nth-child(${column})`).allInnerTexts();
}

/** Waits until the list shows exactly these first-column texts (lists refetch asynchronously). */
export async function expectRows(page: Page, expected: string[], column = 1) {
  await expect.poll(() => rowTexts(page, column), { timeout: 10_000 }).toEqual(expected);
}

export async function save(page: Page) {
  const button = page.getByRole('button', { name: 'SAVE' });
  await button.click();
  return button;
}

/**
 * Records, for every document save the page makes from now on, whether it asked the browser to keep it going
 * should the page go away (fetch's keepalive); answers a reader of the list so far.
 */
export async function watchKeptSaves(page: Page): Promise<() => Promise<boolean[]>> {
  await page.evaluate(() => {
    const saves: boolean[] = [];
    (window as unknown as { keptSaves: boolean[] }).keptSaves = saves;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('/api/document/updateOne'))
        saves.push(init?.keepalive === true);
      return original(input, init);
    };
  });
  return () => page.evaluate(() => (window as unknown as { keptSaves: boolean[] }).keptSaves);
}

/**
 * Moves the focused drag handle with the keyboard as dnd-kit's keyboard sensor takes it (Space picks up, `key`
 * moves, Space drops) and checks what its live region tells at each step: `picked` ('Picked up item 2.'),
 * `over` ('Item 2 is over item 1.') and `dropped`. The key is pressed until `over` is told: one pressed before
 * dnd-kit has measured the items moves nothing (seen under load).
 */
export async function dragByKeyboard(
  page: Page,
  key: 'ArrowUp' | 'ArrowDown',
  told: { picked: string; over: string; dropped: string },
): Promise<void> {
  // dnd-kit's live regions (one per drag-and-drop area on the page).
  const live = () => page.locator('[id^="DndLiveRegion"]').allInnerTexts();
  await page.keyboard.press('Space');
  await expect.poll(live).toContain(told.picked);
  await expect
    .poll(async () => {
      if (!(await live()).includes(told.over)) await page.keyboard.press(key);
      return live();
    })
    .toContain(told.over);
  await page.keyboard.press('Space');
  await expect.poll(live).toContain(told.dropped);
}
