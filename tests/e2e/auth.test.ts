import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../helpers/testApp';
import { adminSuite } from './adminServer';
import { LOGIN_KEY, MODULE_KEY, loginThroughUi, newContext } from './admin';

const suite = adminSuite();

describe('login', { timeout: 60_000 }, () => {
  it('shows the login screen, resets, reports a failed login and logs in with Enter', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    await page.goto(suite.server.url('/_/clients'));
    await page.getByRole('heading', { name: 'Sign in with your account' }).waitFor();
    await expect(page.getByRole('button', { name: 'LOGIN' }).isVisible()).resolves.toBe(true);

    await page.fill('input[name=username]', 'someone');
    await page.fill('input[name=password]', 'secret');
    await page.getByRole('button', { name: 'RESET' }).click();
    expect(await page.inputValue('input[name=username]')).toBe('');
    expect(await page.inputValue('input[name=password]')).toBe('');

    await page.fill('input[name=username]', 'admin');
    await page.fill('input[name=password]', 'wrong-password');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), LOGIN_KEY)).toBeNull();

    const authorization: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/') && !request.url().endsWith('/api/login'))
        authorization.push(request.headers().authorization ?? '');
    });
    // The heading can show before the list asks for its rows: wait for the first call made with the login.
    const firstCall = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.pathname.startsWith('/api/') && url.pathname !== '/api/login';
    });
    await page.fill('input[name=password]', ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Clients' }).waitFor();
    await firstCall;
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), LOGIN_KEY)) ?? '{}');
    expect(stored.user.login).toBe('admin');
    expect(authorization.length).toBeGreaterThan(0);
    expect(authorization.every((header) => header === `Bearer ${stored.token}`)).toBe(true);
    expect(await page.title()).toBe('Clients - Admin');

    // The avatar shows the initial of the login and leads to the user's own page.
    const avatar = page.locator('nav[aria-label=Main] a', { has: page.getByTestId('avatar-initial') });
    expect(await page.getByTestId('avatar-initial').innerText()).toBe('A');
    await avatar.click();
    await page.waitForURL(`**/_/users/${stored.user._id}`);
    await page.locator('#root_login').waitFor();
    expect(await page.inputValue('#root_login')).toBe('admin');
    await context.close();
  });

  it('logs out every tab, clearing the login state and the module selection', async () => {
    const context = await newContext(suite.browser);
    const first = await context.newPage();
    await loginThroughUi(first, suite.server);
    const second = await context.newPage();
    await second.goto(suite.server.url('/_/clients'));
    await second.getByRole('heading', { name: 'Clients' }).waitFor();

    await first.getByRole('button', { name: 'CMS' }).click();
    expect(await first.evaluate((key) => localStorage.getItem(key), MODULE_KEY)).toBe('CMS');

    await first.getByRole('button', { name: 'Logout' }).click();
    await first.getByRole('heading', { name: 'Sign in with your account' }).waitFor();
    await second.getByRole('heading', { name: 'Sign in with your account' }).waitFor({ timeout: 10_000 });
    expect(
      await first.evaluate(([a, b]) => [localStorage.getItem(a), localStorage.getItem(b)], [LOGIN_KEY, MODULE_KEY]),
    ).toEqual([null, null]);
    await context.close();
  });

  /** Logs in through the screen, then ends that session elsewhere (another device logs its token out). */
  async function loginAndEndElsewhere(context: BrowserContext) {
    const page = await context.newPage();
    // The check after the route change (debounced) and the dashboard's first requests are done, so
    // none of them can be the one that notices.
    const routeCheck = page.waitForResponse((response) => response.url().endsWith('/api/self'));
    await loginThroughUi(page, suite.server);
    await routeCheck;
    await page.waitForLoadState('networkidle');
    const { token } = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), LOGIN_KEY)) ?? '{}');
    const revoked = await suite.server.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: suite.server.auth(token),
    });
    expect(revoked.statusCode).toBe(200);
    return page;
  }

  it('logs out at once when the session ends elsewhere: the realtime socket says so', async () => {
    const context = await newContext(suite.browser);
    const page = await loginAndEndElsewhere(context);
    // No focus, no reload: the socket's logout message alone brings the login screen.
    await page.getByRole('heading', { name: 'Sign in with your account' }).waitFor({ timeout: 10_000 });
    expect(await page.evaluate((key) => localStorage.getItem(key), LOGIN_KEY)).toBeNull();
    await context.close();
  });

  it('clears the login state when the session check on focus is rejected', async () => {
    const context = await newContext(suite.browser);
    // The socket's own logout message and its closing are held back here (with an onClose handler
    // Playwright forwards no close), so only the check on focus can notice.
    await context.routeWebSocket(/\/api\/websocket/, (socket) => {
      const server = socket.connectToServer();
      server.onMessage((message) => {
        if (!String(message).includes('"logout"')) socket.send(message);
      });
      server.onClose(() => undefined);
    });
    const page = await loginAndEndElsewhere(context);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByRole('heading', { name: 'Sign in with your account' }).waitFor({ timeout: 10_000 });
    expect(await page.evaluate((key) => localStorage.getItem(key), LOGIN_KEY)).toBeNull();
    await context.close();
  });
});
