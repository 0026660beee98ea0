import { beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { sql } from '../../src/server/db/sql';
import { createObjectId } from '../../src/shared/format/objectId';
import { adminSuite } from './adminServer';
import { newContext, save, storeLogin } from './admin';
import { screenshot, SHOTS } from '../helpers/screenshots';

// Audit 3, finding 7: changing one's own password asks for the current one (the server refuses without it).
const suite = adminSuite();
let annaId: string;
const login = (username: string, password: string) =>
  suite.server.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

beforeAll(async () => {
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
      await screenshot(page, { path: `${SHOTS}/own-password-${name}.png`, fullPage: true });
      await save(page);
      await expect.poll(async () => (await login('anna', password)).statusCode, { timeout: 10_000 }).toBe(200);
      await context.close();
    });
  }

  for (const [name, viewport] of Object.entries({
    desktop: { width: 1440, height: 900 },
    phone: { width: 390, height: 844 },
  })) {
    it(`keeps the user signed in where they changed their own password, and signs out their other sessions (${name})`, async () => {
      const user = `pia-${name}`;
      const before = `${user}-password-1`;
      const id = (await suite.server.save('user', { login: user, roles: ['staff'], password: before }))._id;
      const [here, elsewhere] = [await newContext(suite.browser, viewport), await newContext(suite.browser, viewport)];
      const { token } = await storeLogin(here, suite.server, user, before);
      await storeLogin(elsewhere, suite.server, user, before);
      const page = await here.newPage();
      const other = await elsewhere.newPage();
      await other.goto(suite.server.url('/_'));
      await other.locator('nav[aria-label=Main]').waitFor({ state: 'attached' });
      await page.goto(suite.server.url(`/_/users/${id}`));
      await page.locator('#root_password').fill(`${user}-password-2`);
      const current = page.locator('#root_password__current');

      // A wrong current password is said at its field, which is brought into view and focused.
      await current.fill('not-my-password');
      await page.evaluate(() => window.scrollTo(0, 0));
      await save(page);
      const error = page.locator('#root_password__current__error');
      await expect.poll(() => error.textContent()).toBe('The current password is wrong');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_password__current');
      const inView = () =>
        error.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        });
      await expect.poll(inView).toBe(true);
      expect(await current.getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, { path: `${SHOTS}/own-password-wrong-${name}.png` });

      await current.fill(before);
      expect(await error.count()).toBe(0);
      await save(page);
      await expect
        .poll(() => page.getByTestId('secret-changed').textContent())
        .toBe('Password changed. You stay signed in here; your other sessions were signed out.');
      await screenshot(page, { path: `${SHOTS}/own-password-changed-${name}.png` });

      // The other session ends and says why; this one goes on (also after a reload).
      await other
        .getByRole('status')
        .filter({ hasText: 'Your password was changed. Please sign in with the new one.' })
        .waitFor();
      await screenshot(other, { path: `${SHOTS}/own-password-elsewhere-${name}.png` });
      await page.reload();
      await page.locator('#root_password').waitFor();
      expect(await page.getByRole('heading', { name: 'Sign in with your account' }).count()).toBe(0);
      const self = await suite.server.app.inject({
        method: 'GET',
        url: '/api/self',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(self.statusCode).toBe(200);
      // Signing in again on the other device clears the message.
      await other.fill('input[name=username]', user);
      await other.fill('input[name=password]', `${user}-password-2`);
      await other.keyboard.press('Enter');
      await other.locator('nav[aria-label=Main]').waitFor({ state: 'attached' });
      expect(await other.evaluate(() => localStorage.getItem('baukasten.admin.sessionEnded'))).toBeNull();
      await here.close();
      await elsewhere.close();
    });
  }

  for (const [name, viewport] of Object.entries({
    desktop: { width: 1440, height: 900 },
    phone: { width: 390, height: 844 },
  })) {
    it(`asks for the password of a new user, and only of a new one (${name})`, async () => {
      const user = `vera-${name}`;
      const context = await newContext(suite.browser, viewport);
      await storeLogin(context, suite.server);
      const page = await context.newPage();
      await page.goto(suite.server.url('/_/users/new'));
      await page.locator('#root_login').fill(user);
      const required = page.locator('label[for=root_password] [title=required]');
      expect(await required.count()).toBe(1);
      // The server refuses a user without a password, and the form says so at the field.
      await save(page);
      await page.locator('#root_password__error').filter({ hasText: 'is required' }).waitFor();
      await screenshot(page, { path: `${SHOTS}/new-user-password-${name}.png`, fullPage: true });
      expect(
        (await suite.server.app.services.documents.find(SYSTEM, 'user', { query: { login: user } })).results,
      ).toEqual([]);
      await page.locator('#root_password').fill(`${user}-password`);
      await save(page);
      await page.waitForURL(/\/_\/users\/[0-9a-f]{24}$/);
      await expect.poll(async () => (await login(user, `${user}-password`)).statusCode, { timeout: 10_000 }).toBe(200);
      // A saved user keeps their password when the field stays empty: not required there.
      await page.locator('#root_password').waitFor();
      expect(await required.count()).toBe(0);
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

  for (const [name, viewport] of Object.entries({
    desktop: { width: 1440, height: 900 },
    phone: { width: 390, height: 844 },
  })) {
    it(`shows whether a user's password is set; one stored without it can log in once the admin sets it (${name})`, async () => {
      // A user stored without a password (older data): only the database can make one.
      const legacy = createObjectId();
      const doc = { login: `legacy-${name}`, firstName: 'Lea', roles: [], projects: [] };
      await suite.server.db.query(
        sql`INSERT INTO doc_user (_id, doc) VALUES (${legacy}, ${JSON.stringify(doc)}::jsonb)`,
      );
      const context = await newContext(suite.browser, viewport);
      await storeLogin(context, suite.server);
      const page = await context.newPage();
      const status = page.getByTestId('secret-status');

      await page.goto(suite.server.url(`/_/users/${annaId}`));
      await expect.poll(() => status.innerText()).toBe('Set — leave empty to keep it');
      expect(await page.locator('#root_password').getAttribute('placeholder')).toBe('••••••••');
      await screenshot(page, { path: `${SHOTS}/password-set-${name}.png`, fullPage: true });

      await page.goto(suite.server.url(`/_/users/${legacy}`));
      await expect.poll(() => status.innerText()).toBe('Not set: this user cannot log in until a password is set');
      expect(await page.locator('#root_password').getAttribute('placeholder')).toBe('');
      await screenshot(page, { path: `${SHOTS}/password-not-set-${name}.png`, fullPage: true });
      // Saving another field keeps it unset, and says so.
      await page.locator('#root_lastName').fill('Brunner');
      const button = await save(page);
      await expect.poll(() => button.getAttribute('data-state')).toBe('success');
      await expect
        .poll(async () => (await suite.server.api('GET', `/api/document/findById?model=user&id=${legacy}`)).json)
        .toMatchObject({ lastName: 'Brunner', _secretsSet: { password: false } });
      await expect.poll(() => status.innerText()).toBe('Not set: this user cannot log in until a password is set');

      await page.locator('#root_password').fill(`legacy-${name}-password`);
      await save(page);
      await expect.poll(() => status.innerText(), { timeout: 10_000 }).toBe('Set — leave empty to keep it');
      expect(await page.locator('#root_password').inputValue()).toBe('');
      expect((await login(`legacy-${name}`, `legacy-${name}-password`)).statusCode).toBe(200);
      await context.close();
    });
  }

  it("lists whose password is set: a user stored without one reads 'Not set' until the admin sets it", async () => {
    const legacy = createObjectId();
    const doc = { login: 'ohne-passwort', firstName: 'Olga', roles: [], projects: [] };
    await suite.server.db.query(sql`INSERT INTO doc_user (_id, doc) VALUES (${legacy}, ${JSON.stringify(doc)}::jsonb)`);
    for (const [name, viewport] of Object.entries({
      desktop: { width: 1440, height: 900 },
      phone: { width: 390, height: 844 },
    })) {
      const context = await newContext(suite.browser, viewport);
      await storeLogin(context, suite.server);
      const page = await context.newPage();
      await page.goto(suite.server.url('/_/users'));
      const cell = (id: string) => page.locator(`tbody tr[data-id="${id}"] td`).nth(5);
      expect(await page.locator('thead th').nth(5).innerText()).toMatch(/^Password/);
      await expect.poll(() => cell(legacy).innerText()).toBe('Not set');
      expect(await cell(legacy).locator('[data-secret=unset]').getAttribute('title')).toBe(
        'Not set: this user cannot log in until a password is set',
      );
      expect(await cell(annaId).innerText()).toBe('Set');
      await screenshot(page, { path: `${SHOTS}/users-password-column-${viewport.width}.png`, fullPage: true });
      if (name === 'phone') {
        // Set on the server: the list follows live.
        const stored = (await suite.server.api('GET', `/api/document/findById?model=user&id=${legacy}`)).json;
        await suite.server.save('user', { ...stored, password: 'ohne-passwort-neu-1' });
        await expect.poll(() => cell(legacy).innerText(), { timeout: 10_000 }).toBe('Set');
      }
      await context.close();
    }
  });
});
