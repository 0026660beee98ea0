import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite } from './adminServer';
import { newContext, rows, storeLogin } from './admin';
import { screenshot, SHOTS } from '../helpers/screenshots';
import { png } from './filesServer';

// Audit 4, finding 10: a staff user saw Add User, delete icons and a New User form the server refuses, and their
// own profile asked for the roles (403). The admin shows what the caller's rights allow, and asks nothing else.
const suite = adminSuite();
let annaId: string;
let marcoId: string;

beforeAll(async () => {
  await suite.server.save('role', { name: 'staff', permissions: ['manage:cms', 'manage:files'] });
  annaId = (await suite.server.save('user', { login: 'anna', roles: ['staff'], password: 'anna-password-1' }))._id;
  marcoId = (await suite.server.save('user', { login: 'marco', roles: [], password: 'marco-password-1' }))._id;
  await suite.server.save('redirect', { name: 'Alt', from: '/alt', to: '/neu' });
});

/** Every refused call, and every call for a model's list, the page makes. */
function watchCalls(page: Page) {
  const refused: string[] = [];
  const listed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  page.on('request', (request) => {
    if (request.url().endsWith('/api/document/find'))
      listed.push((JSON.parse(request.postData() ?? '{}') as { model?: string }).model ?? '');
  });
  return { refused, listed };
}

const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

describe('what a staff user may do with users', { timeout: 120_000 }, () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`lists their own user without Add or Delete, and edits their profile without asking for roles (${name})`, async () => {
      const context = await newContext(suite.browser, viewport);
      await storeLogin(context, suite.server, 'anna', 'anna-password-1');
      const page = await context.newPage();
      const calls = watchCalls(page);

      await page.goto(suite.server.url('/_/users'));
      await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(1);
      await page.getByRole('link', { name: 'Show' }).first().waitFor();
      expect(await page.getByRole('link', { name: 'Add User' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      // Audit 5: roles they may not read would filter by nothing but 'Unknown role': no Roles filter is offered.
      await page.getByLabel('Search').waitFor();
      expect(await page.getByLabel('Filter Roles').count()).toBe(0);
      await screenshot(page, { path: `${SHOTS}/staff-users-${name}.png` });
      // Nor does such a filter in a link narrow the list out of sight: there would be no control to clear it.
      await page.goto(suite.server.url(`/_/users?f.roles=${encodeURIComponent('"admin"')}`));
      await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(1);

      await page.goto(suite.server.url(`/_/users/${annaId}`));
      await page.locator('#root_firstName').waitFor();
      // Their own profile: SAVE (an owner updates their document), no NEW, no DELETE.
      await page.getByRole('button', { name: 'SAVE' }).waitFor();
      expect(await page.getByRole('link', { name: 'NEW' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'DELETE' }).count()).toBe(0);
      // Roles they may not list: the stored one reads as it is, without a request for the role list.
      await expect.poll(() => page.locator('#root_roles').innerText()).toBe('staff');
      await page.getByLabel('Projects').waitFor();
      await screenshot(page, { path: `${SHOTS}/staff-own-profile-${name}.png`, fullPage: true });

      // Typed by hand, the New User form is read-only and asks for no roles either.
      await page.goto(suite.server.url('/_/users/new'));
      await page.locator('#root_login').waitFor();
      expect(await page.getByRole('button', { name: 'SAVE' }).count()).toBe(0);
      await expect.poll(() => page.locator('#root_roles').innerText()).toBe('—');

      expect(calls.listed).not.toContain('role');
      expect(calls.refused).toEqual([]);
      await context.close();
    });
  }

  it('shows Add and Delete where the rights allow them: staff on redirects, admin on users', async () => {
    const staff = await newContext(suite.browser, VIEWPORTS.desktop);
    await storeLogin(staff, suite.server, 'anna', 'anna-password-1');
    const page = await staff.newPage();
    await page.goto(suite.server.url('/_/redirects'));
    await page.getByRole('link', { name: 'Add Redirect' }).waitFor();
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(await rows(page).count());
    await staff.close();

    const admin = await newContext(suite.browser, VIEWPORTS.desktop);
    await storeLogin(admin, suite.server);
    const adminPage = await admin.newPage();
    await adminPage.goto(suite.server.url('/_/users'));
    await adminPage.getByRole('link', { name: 'Add User' }).waitFor();
    await expect.poll(() => rows(adminPage).count(), { timeout: 10_000 }).toBeGreaterThan(2);
    expect(await adminPage.getByRole('button', { name: 'Delete' }).count()).toBe(await rows(adminPage).count());
    // The admin reads roles: the Roles filter offers them.
    await expect.poll(() => adminPage.getByLabel('Filter Roles').locator('option').allInnerTexts()).toContain('staff');
    await adminPage.goto(suite.server.url(`/_/users/${annaId}`));
    await adminPage.getByRole('button', { name: 'DELETE' }).waitFor();
    await adminPage.getByRole('link', { name: 'NEW' }).waitFor();
    await admin.close();
  });
});

describe('a delete the server refuses', { timeout: 120_000 }, () => {
  it('says why in the delete dialog, which stays open: a role users hold, and with shift-click the last admin', async () => {
    const context = await newContext(suite.browser, VIEWPORTS.desktop);
    await storeLogin(context, suite.server);
    const page = await context.newPage();
    const calls = watchCalls(page);
    await page.goto(suite.server.url('/_/roles'));
    const staff = rows(page).filter({ hasText: 'staff' });
    await staff.waitFor();
    await staff.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    await expect.poll(() => confirm.isEnabled(), { timeout: 5000 }).toBe(true);
    await confirm.click();
    // Anna holds staff: the server answers 409, and the dialog says so instead of closing as if it had worked.
    await expect
      .poll(() => dialog.getByRole('alert').innerText())
      .toBe('Not deleted. Role staff cannot be deleted while 1 User (anna) refers to it by its Name: change it first');
    expect(calls.refused).toEqual([expect.stringMatching(/^409 .*\/api\/document\/delete\?model=role&/)]);
    await screenshot(page, { path: `${SHOTS}/delete-refused-role.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await staff.count()).toBe(1);

    // Shift-click skips the question, not the answer: deleting the only superuser opens the dialog with the reason.
    const adminId = (await suite.server.api<{ _id: string }>('GET', '/api/self')).json._id;
    await page.goto(suite.server.url(`/_/users/${adminId}`));
    await page.getByRole('button', { name: 'DELETE' }).click({ modifiers: ['Shift'] });
    await expect
      .poll(() => dialog.getByRole('alert').innerText())
      .toMatch(/^Not deleted\. You cannot delete admin: they are the only user with admin or superuser/);
    expect(page.url()).toBe(suite.server.url(`/_/users/${adminId}`));
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await suite.server.api('GET', `/api/document/findById?model=user&id=${adminId}`)).status).toBe(200);
    await context.close();
  });
});

describe("deleting one's own user", { timeout: 120_000 }, () => {
  it('says in the question that it signs them out for good, on their page and their row; others are asked as before', async () => {
    const chef = await suite.server.save('user', { login: 'chef', roles: ['admin'], password: 'chef-password-1' });
    const context = await newContext(suite.browser, VIEWPORTS.phone);
    await storeLogin(context, suite.server, 'chef', 'chef-password-1');
    const page = await context.newPage();
    const dialog = page.getByRole('dialog');
    const note = 'This is your own user: deleting it signs you out, and you cannot sign in with it again.';

    // Before, the question was the one of any user, and the next thing they saw was the login screen.
    await page.goto(suite.server.url('/_/users'));
    await rows(page).filter({ hasText: 'chef' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => dialog.innerText()).toContain(note);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await rows(page).filter({ hasText: 'anna' }).getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
    expect(await dialog.innerText()).not.toContain(note);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(suite.server.url(`/_/users/${chef._id}`));
    await page.getByRole('button', { name: 'DELETE' }).click();
    await expect.poll(() => dialog.innerText()).toContain(note);
    await screenshot(page, { path: `${SHOTS}/delete-own-user-phone.png` });
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    await expect.poll(() => confirm.isEnabled(), { timeout: 5000 }).toBe(true);
    await confirm.click();
    await page.getByRole('heading', { name: 'Sign in with your account' }).waitFor();
    await context.close();
  });
});

describe('permissions changed while the admin is open', { timeout: 120_000 }, () => {
  it('takes them at the next session check: a revoked screen leaves the navigation and shows the not-found state', async () => {
    const role = await suite.server.save('role', { name: 'redaktion', permissions: ['manage:cms'] });
    await suite.server.save('user', { login: 'rita', roles: ['redaktion'], password: 'rita-password-1' });
    const context = await newContext(suite.browser, VIEWPORTS.desktop);
    await storeLogin(context, suite.server, 'rita', 'rita-password-1');
    const page = await context.newPage();
    const nav = page.locator('nav[aria-label=Main]');
    await page.goto(suite.server.url('/_/redirects'));
    await page.getByRole('link', { name: 'Add Redirect' }).waitFor();
    expect(await nav.locator('a[href="/_/redirects"]').count()).toBe(1);

    // The admin takes manage:cms from the role. Before, the open admin kept its links and the New Redirect form
    // with SAVE until a reload, and the server refused every save with 403.
    await suite.server.save('role', { _id: role._id, permissions: [], _version: role._version });
    await page.getByRole('link', { name: 'Add Redirect' }).click();
    await expect.poll(() => nav.locator('a[href="/_/redirects"]').count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    expect(await page.getByRole('button', { name: 'SAVE' }).count()).toBe(0);

    // Given back, it shows again at the next check (here: a change of route), with the schemas it needs.
    const now = await suite.server.api<{ _version: number }>('GET', `/api/document/findById?model=role&id=${role._id}`);
    await suite.server.save('role', { _id: role._id, permissions: ['manage:cms'], _version: now.json._version });
    await nav.locator('a[href="/_"]').first().click();
    await expect.poll(() => nav.locator('a[href="/_/redirects"]').count(), { timeout: 10_000 }).toBe(1);
    await nav.locator('a[href="/_/redirects"]').click();
    await page.getByRole('link', { name: 'Add Redirect' }).waitFor();
    await context.close();
  });
});

describe("a user's own profile without manage:files", { timeout: 60_000 }, () => {
  it('shows an avatar file deleted meanwhile as unknown, without asking for the deleted files they may not see', async () => {
    const upload = await suite.server.app.inject({
      method: 'POST',
      url: '/api/files/upload?name=marco-portrait.png',
      headers: { ...suite.server.auth(suite.server.adminToken), 'content-type': 'image/png' },
      payload: await png(120, 120),
    });
    const file = (upload.json() as { _id: string })._id;
    await suite.server.save('user', { _id: marcoId, avatar: { file } });
    expect((await suite.server.api('DELETE', `/api/document/delete?model=file&id=${file}`)).status).toBe(200);

    const context = await newContext(suite.browser, VIEWPORTS.desktop);
    await storeLogin(context, suite.server, 'marco', 'marco-password-1');
    const page = await context.newPage();
    const calls = watchCalls(page);
    await page.goto(suite.server.url(`/_/users/${marcoId}`));
    await page.getByRole('button', { name: 'SAVE' }).waitFor();
    const avatar = page.locator('#root_avatar_file');
    // Deleted files are for who manages files (the server's mayReadDeleted): to others it is an unknown file.
    await expect.poll(() => avatar.innerText(), { timeout: 10_000 }).toContain('Unknown file');
    expect(await avatar.innerText()).not.toContain(file);
    // Before, the label was asked for with the deleted files all the same: the server answered 403.
    await expect.poll(() => calls.listed.filter((model) => model === 'file').length).toBeGreaterThan(0);
    expect(calls.refused).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/own-profile-deleted-avatar.png` });
    await context.close();
  });
});
