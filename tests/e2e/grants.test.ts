import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite } from './adminServer';
import { newContext, rows, storeLogin } from './admin';
import { screenshot, SHOTS } from '../helpers/screenshots';

// A user manager who is not admin or superuser grants only what they hold (src/shared/rules/grants.ts). The
// server refuses the rest with 403; the admin no longer offers it: no admin or superuser among the roles to add,
// no Delete of a user or role above them, no password to type for such a user, no permission they lack.
const suite = adminSuite();
const ids: Record<string, string> = {};

beforeAll(async () => {
  const roles = {
    ops: ['manage:backend'],
    helpdesk: ['manage:backend'],
    staff: ['manage:cms', 'manage:files'],
    accountant: ['manage:payment'],
  };
  for (const [name, permissions] of Object.entries(roles))
    ids[name] = (await suite.server.save('role', { name, permissions }))._id;
  for (const [login, role] of [
    ['olga', 'ops'],
    ['anna', 'staff'],
    ['karl', 'helpdesk'],
  ])
    ids[login] = (await suite.server.save('user', { login, roles: [role], password: `${login}-password-1` }))._id;
  ids.admin = (await suite.server.api<{ _id: string }>('GET', '/api/self')).json._id;
});

/** Every answer of 400 or more the page gets: the admin asks nothing the server refuses. */
function refusals(page: Page) {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  return refused;
}

const deletable = async (page: Page) => {
  const names: string[] = [];
  for (const row of await rows(page).all())
    if ((await row.getByRole('button', { name: 'Delete' }).count()) > 0)
      names.push((await row.locator('td').first().innerText()).trim());
  return names.sort();
};

describe('a user manager without admin or superuser', { timeout: 120_000 }, () => {
  it('is offered only what they may grant, and nothing of users above them', async () => {
    const context = await newContext(suite.browser);
    await storeLogin(context, suite.server, 'olga', 'olga-password-1');
    const page = await context.newPage();
    const refused = refusals(page);

    // Delete only on users who hold nothing beyond olga's manage:backend (karl, olga herself).
    await page.goto(suite.server.url('/_/users'));
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(4);
    await expect.poll(() => deletable(page), { timeout: 10_000 }).toEqual(['karl', 'olga']);
    await screenshot(page, { path: `${SHOTS}/grants-users.png` });

    // The admin: the form says why, password, login and roles are read-only, no DELETE; the rest saves.
    await page.goto(suite.server.url(`/_/users/${ids.admin}`));
    const note = page.getByRole('note');
    await expect
      .poll(() => note.innerText(), { timeout: 10_000 })
      .toBe(
        'You cannot change the password, login or roles of admin, nor delete them: they hold permissions you do not (admin or superuser: every permission and every _read/_write list).',
      );
    expect(await page.locator('#root_password').isDisabled()).toBe(true);
    expect(await page.getByTestId('secret-status').innerText()).toBe('Set');
    // Login and roles read as text, with nothing to type in or choose from.
    expect(await page.locator('#root_login').innerText()).toBe('admin');
    expect(await page.locator('input#root_login, select#root_roles').count()).toBe(0);
    expect(await page.locator('#root_roles').innerText()).toBe('superuser');
    expect(await page.getByRole('button', { name: 'DELETE' }).count()).toBe(0);
    await page.locator('#root_firstName').fill('Ada');
    await page.getByRole('button', { name: 'SAVE' }).click();
    await expect
      .poll(async () => (await suite.server.api('GET', `/api/document/findById?model=user&id=${ids.admin}`)).json)
      .toMatchObject({ firstName: 'Ada', login: 'admin' });
    await screenshot(page, { path: `${SHOTS}/grants-user-above.png`, fullPage: true });

    // Karl, below her: his Roles offer only what she may grant (never admin, superuser, staff or accountant),
    // and she sets his password and deletes him.
    await page.goto(suite.server.url(`/_/users/${ids.karl}`));
    const add = page.locator('select#root_roles');
    await expect.poll(() => add.locator('option').allInnerTexts(), { timeout: 10_000 }).toEqual(['Add…', 'ops']);
    expect(await page.getByRole('note').count()).toBe(0);
    expect(await page.locator('#root_roles__offer').innerText()).toBe(
      'Only roles whose permissions you hold are offered (admin and superuser only by admin and superuser).',
    );
    await add.selectOption('ops');
    await expect.poll(() => add.locator('option').allInnerTexts()).toEqual(['None more you may add']);
    await page.locator('#root_password').fill('karl-password-2');
    await page.getByRole('button', { name: 'SAVE' }).click();
    await expect
      .poll(async () => (await suite.server.api('GET', `/api/document/findById?model=user&id=${ids.karl}`)).json)
      .toMatchObject({ roles: ['helpdesk', 'ops'] });
    const login = await suite.server.api('POST', '/api/login', { username: 'karl', password: 'karl-password-2' });
    expect(login.status).toBe(200);
    await screenshot(page, { path: `${SHOTS}/grants-user-below.png`, fullPage: true });
    await page.getByRole('button', { name: 'DELETE' }).waitFor();

    // A new user: the same roles to add.
    await page.goto(suite.server.url('/_/users/new'));
    await expect
      .poll(() => page.locator('select#root_roles option').allInnerTexts(), { timeout: 10_000 })
      .toEqual(['Add…', 'helpdesk', 'ops']);
    expect(refused).toEqual([]);
    await context.close();
  });

  it('changes and deletes only roles within what they hold, with permissions they hold', async () => {
    const context = await newContext(suite.browser);
    await storeLogin(context, suite.server, 'olga', 'olga-password-1');
    const page = await context.newPage();
    const refused = refusals(page);

    await page.goto(suite.server.url('/_/roles'));
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(6);
    await expect.poll(() => deletable(page), { timeout: 10_000 }).toEqual(['helpdesk', 'ops']);

    // A new role offers only her own permission.
    await page.goto(suite.server.url('/_/roles/new'));
    const permissions = page.locator('#root_permissions button');
    await expect.poll(() => permissions.allInnerTexts(), { timeout: 10_000 }).toEqual(['Manage backend']);
    expect(await page.locator('#root_permissions__offer').innerText()).toBe('Only permissions you hold are offered.');
    await screenshot(page, { path: `${SHOTS}/grants-role-new.png`, fullPage: true });

    // Staff grants what she does not hold: shown as it is, read-only, and the form says why.
    await page.goto(suite.server.url(`/_/roles/${ids.staff}`));
    await expect
      .poll(() => page.getByRole('note').innerText(), { timeout: 10_000 })
      .toBe('You cannot change or delete the role staff: it grants what you do not hold (manage:cms, manage:files).');
    expect(await page.locator('#root_permissions button[aria-pressed=true]').allInnerTexts()).toEqual([
      'Manage CMS',
      'Manage files',
    ]);
    expect(await page.getByRole('button', { name: 'SAVE' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'DELETE' }).count()).toBe(0);
    await screenshot(page, { path: `${SHOTS}/grants-role-above.png`, fullPage: true });
    expect(refused).toEqual([]);
    await context.close();
  });
});
