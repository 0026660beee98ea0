import { mkdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite } from './adminServer';
import { newContext, save, storeLogin } from './admin';

// Audit 3, finding 7: changing one's own password asks for the current one (the server refuses without it).
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const suite = adminSuite();
let annaId: string;
const login = (username: string, password: string) =>
  suite.server.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  await suite.server.save('role', { name: 'staff', permissions: ['manage:cms', 'manage:files'] });
  annaId = (await suite.server.save('user', { login: 'anna', roles: ['staff'], password: 'anna-password-1' }))._id;
});

describe('own password', { timeout: 90_000 }, () => {
  for (const [name, viewport] of Object.entries({
    desktop: { width: 1440, height: 900 },
    phone: { width: 390, height: 844 },
  })) {
    it(`asks for the current password when a user changes their own (${name})`, async () => {
      const password = `anna-password-${name}`;
      const before = name === 'desktop' ? 'anna-password-1' : 'anna-password-desktop';
      const context = await newContext(suite.browser, viewport);
      await storeLogin(context, suite.server, 'anna', before);
      const page = await context.newPage();
      await page.goto(suite.server.url(`/_/users/${annaId}`));
      await page.locator('#root_password').waitFor();
      expect(await page.locator('#root_password__current').count()).toBe(0);
      await page.locator('#root_password').fill(password);
      const current = page.getByLabel('Current password');
      await current.waitFor();
      // Without the current password the server refuses, and the form says why.
      await save(page);
      const alert = page.getByRole('alert').filter({ hasText: 'Enter your current password to change your password' });
      await alert.first().waitFor();
      await current.fill('not-my-password');
      await save(page);
      await page.getByRole('alert').filter({ hasText: 'The current password is wrong' }).first().waitFor();
      expect((await login('anna', password)).statusCode).toBe(401);
      await current.fill(before);
      expect(await current.inputValue()).toBe(before);
      await page.screenshot({ path: `${SHOTS}/own-password-${name}.png`, fullPage: true });
      await save(page);
      await expect.poll(async () => (await login('anna', password)).statusCode, { timeout: 10_000 }).toBe(200);
      await context.close();
    });
  }

  it("sets another user's password without asking for the admin's current one", async () => {
    const context = await newContext(suite.browser);
    await storeLogin(context, suite.server);
    const page = await context.newPage();
    await page.goto(suite.server.url(`/_/users/${annaId}`));
    await page.locator('#root_password').fill('set-by-admin-1');
    expect(await page.getByLabel('Current password').count()).toBe(0);
    await save(page);
    await expect.poll(async () => (await login('anna', 'set-by-admin-1')).statusCode, { timeout: 10_000 }).toBe(200);
    await context.close();
  });
});
