import { describe, expect, it } from 'vitest';
import { adminSuite } from './adminServer';
import { draft, openEditor, saveState, waitSaved } from './pageEditor';

const suite = adminSuite();

describe('a save the server refuses', { timeout: 120_000 }, () => {
  it('says why in sight, sends the draft once, and saves again once the problem is fixed', async () => {
    const home = await suite.server.save('pageDraft', { name: 'Home', elements: [] });
    await suite.server.save('pageDraft', { name: 'Termin', _parent: home._id, elements: [] });
    const { _id: id } = await suite.server.save('pageDraft', { name: 'Angebot', _parent: home._id, elements: [] });
    const { page, context } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${id}`);
    const refused: string[] = [];
    page.on('response', (answer) => {
      if (answer.url().includes('/api/document/updateOne') && answer.status() === 409) refused.push(answer.url());
    });
    const alert = page.getByRole('alert').filter({ hasText: 'Not saved:' });

    // Another page has the path: a 409 that is no concurrent save. It was taken for one and merged and sent
    // again without end ('Saving…' forever, dozens of requests a second).
    await page.getByRole('tab', { name: 'Page' }).click();
    await page.locator('#page_name').fill('Termin');
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.innerText()).toBe(
      'Not saved: The page “Termin” already has the path /Termin: choose another name or parent page',
    );
    expect(await saveState(page)).toBe('error');
    expect(refused).toHaveLength(1);
    expect((await draft(suite.server, id)).name).toBe('Angebot');

    // What autosave could not keep is not lost by leaving: the editor asks first, Stay keeps it.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invoices' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    expect(await leave.innerText()).toContain('Your changes to Termin are not saved yet.');
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(page.url()).toContain(`/_/pageDrafts/${id}`);
    expect(await page.locator('#page_name').inputValue()).toBe('Termin');

    // A free name saves, and the message goes.
    await page.locator('#page_name').fill('Termine');
    await waitSaved(page);
    expect(await alert.count()).toBe(0);
    expect(await draft(suite.server, id)).toMatchObject({ name: 'Termine', _path: '/Termine' });

    // The JSON editor: valid JSON the server refuses says so in the dialog (it said 'Valid JSON').
    await page.getByRole('button', { name: 'JSON' }).click();
    const dialog = page.getByRole('dialog', { name: 'JSON' });
    const text = dialog.getByRole('textbox', { name: 'Document JSON' });
    const json = await text.inputValue();
    await text.fill(json.replace('"name": "Termine"', '"name": "Termine", "colour": "red"'));
    await expect
      .poll(
        () =>
          dialog
            .getByRole('alert')
            .innerText()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toBe('Valid JSON, but not saved: colour: is not a field of Page Draft');
    await text.fill(json);
    await waitSaved(page);
    expect(await dialog.getByText('Valid JSON', { exact: true }).count()).toBe(1);

    // An emptied setting is cleared on the server (it was left out of the save and came back).
    await page.keyboard.press('Escape');
    await page.locator('#page_description').fill('Alles über unser Angebot');
    await waitSaved(page);
    expect((await draft(suite.server, id)).description).toBe('Alles über unser Angebot');
    await page.locator('#page_description').fill('');
    await waitSaved(page);
    await expect.poll(async () => (await draft(suite.server, id)).description).toBeUndefined();

    // A page whose name is cleared (to retype it) is no new page: the header said 'New page'.
    await page.locator('#page_name').fill('');
    await page.getByText('Unnamed page').first().waitFor();
    expect(await page.getByText('New page', { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('asks before leaving a new page that has no name yet (it cannot be saved without one), not one that saved', async () => {
    const { page, context } = await openEditor(suite.browser, suite.server, '/_/pageDrafts/new');
    await page.getByRole('tab', { name: 'Page' }).click();
    await page.locator('#page_description').fill('Eine Seite ohne Namen');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invoices' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await page.keyboard.press('Escape');
    await leave.waitFor({ state: 'detached' });
    // Named, it saves by itself and gets its address; then leaving asks nothing.
    await page.locator('#page_name').fill('Ohne Eile');
    await page.waitForURL(/\/_\/pageDrafts\/[0-9a-f]{24}$/);
    await waitSaved(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invoices' }).click();
    await page.waitForURL(/\/_\/invoices$/);
    expect(await leave.count()).toBe(0);
    await context.close();
  });
});
