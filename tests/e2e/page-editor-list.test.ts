import { describe, expect, it } from 'vitest';
import { adminSuite } from './adminServer';
import { drag, draft, openEditor } from './pageEditor';

const suite = adminSuite();

const status = async (path: string) => (await suite.server.app.inject({ method: 'GET', url: path })).statusCode;

describe('page list', { timeout: 120_000 }, () => {
  it('moves a page by drag and drop, deletes a draft with its live page, counts served redirects', async () => {
    const home = await suite.server.save('pageDraft', { name: 'Home', elements: [] });
    const about = await suite.server.save('pageDraft', { name: 'Über uns', _parent: home._id, elements: [] });
    const team = await suite.server.save('pageDraft', { name: 'Team', _parent: home._id, elements: [] });
    for (const page of [home, about, team]) await suite.server.api('GET', `/api/cms/publishPage?id=${page._id}`);

    const { page, context, errors } = await openEditor(suite.browser, suite.server, '/_/pageDrafts');
    const row = (id: string) => page.locator(`[data-page="${id}"]`);
    await row(team._id).waitFor();
    // Team onto "Über uns": it moves there and gets the path below it.
    const handle = (await row(team._id).getByRole('button', { name: 'Move Team' }).boundingBox())!;
    const target = (await row(about._id).boundingBox())!;
    await row(team._id).hover();
    await drag(
      page,
      { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 },
      { x: target.x + target.width / 2, y: target.y + target.height / 2 },
    );
    await expect.poll(async () => (await draft(suite.server, team._id))._path).toBe('/Über-uns/Team');
    await expect.poll(() => row(team._id).innerText()).toContain('/Über-uns/Team');

    // Delete Team and unpublish it: the draft and the public page are gone.
    // The live page moves with its next publish; until then it is still at its old path.
    expect(await status('/Team')).toBe(200);
    await row(team._id).hover();
    await page.getByRole('button', { name: 'Delete Team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Team?' });
    // Like every delete (spec section 2), its button can be used once it has filled (2 s).
    expect(await dialog.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Also unpublish the page (remove it from the site)').check();
    await dialog.getByRole('button', { name: 'Delete and unpublish' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row(team._id).count()).toBe(0);
    expect(await status('/Team')).toBe(404);
    expect((await suite.server.api('GET', `/api/document/findById?model=pageDraft&id=${team._id}`)).status).toBe(404);

    // Redirects: the list shows how often the public site served each.
    const redirect = await suite.server.save('redirect', { name: 'Alt', from: '/alt', to: '/', permanent: false });
    expect(await status('/alt')).toBe(302);
    expect(await status('/alt')).toBe(302);
    await page.goto(suite.server.url('/_/redirects'));
    const served = page.locator(`tr[data-id="${redirect._id}"] td[data-column=served]`);
    await expect.poll(() => served.innerText().catch(() => '')).toBe('2');
    expect(errors).toEqual([]);
    await context.close();
  });
});
