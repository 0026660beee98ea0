import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite } from './adminServer';
import { draft, openEditor, outlineRow, preview, waitSaved } from './pageEditor';

const suite = adminSuite();
let homeId: string;

beforeAll(async () => {
  homeId = (await suite.server.save('pageDraft', { name: 'Home', title: 'Willkommen', elements: [] }))._id;
  await suite.server.api('GET', `/api/cms/publishPage?id=${homeId}`);
});

type Node = { tag: string; props: { text: string } };
const publicHtml = async (path: string) => {
  const answer = await suite.server.app.inject({ method: 'GET', url: path });
  return { status: answer.statusCode, body: answer.body, location: answer.headers.location };
};
const texts = async (id: string) => ((await draft(suite.server, id)).elements as Node[]).map((node) => node.props.text);

async function editHeader(page: import('playwright-core').Page, text: string) {
  await page.getByRole('tab', { name: 'Elements' }).click();
  await outlineRow(page, 'header')
    .getByRole('button', { name: /^Header/ })
    .click();
  await page.locator('#element_text').fill(text);
}

describe('publishing from the page editor', { timeout: 180_000 }, () => {
  it('publishes, keeps the public page until the next publish, resets, spell-checks, restores, renames and copies', async () => {
    const { _id: id } = await suite.server.save('pageDraft', {
      name: 'Angebot',
      _parent: homeId,
      elements: [
        { tag: 'header', props: { text: 'Unser Angebot', level: 1, alignment: 'left' } },
        { tag: 'paragraph', props: { text: 'Individuelle Beratnug für KMU in Basel.', alignment: 'left' } },
      ],
    });
    const { page, context, errors } = await openEditor(suite.browser, suite.server, `/_/pageDrafts/${id}`);
    const publish = page.getByRole('button', { name: 'Publish', exact: true });
    await outlineRow(page, 'header').waitFor();
    expect(await page.locator('[aria-label="Page tree"]').innerText()).toContain('Angebot');
    expect((await publicHtml('/Angebot')).status).toBe(404);

    // Publish: the public URL serves the draft's content at once.
    expect(await publish.getAttribute('class')).toContain('bg-accent-600');
    await publish.click();
    await expect.poll(() => publish.getAttribute('data-state')).toBe('success');
    const published = await publicHtml('/Angebot');
    expect(published.status).toBe(200);
    expect(published.body).toContain('Unser Angebot');
    const visitor = await context.newPage();
    await visitor.goto(suite.server.url('/Angebot'));
    await visitor.getByRole('heading', { name: 'Unser Angebot' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'View page' }).getAttribute('href')).toBe('/Angebot');

    // A changed draft does not reach the public page until it is published.
    await editHeader(page, 'Unser neues Angebot');
    await waitSaved(page);
    expect((await publicHtml('/Angebot')).body).not.toContain('Unser neues Angebot');
    await expect.poll(() => page.getByRole('link', { name: 'View page' }).count()).toBe(0);
    await expect.poll(() => publish.getAttribute('class')).toContain('bg-accent-600');

    // Reset draft: back to the published page.
    const reset = page.getByRole('button', { name: 'Reset draft' });
    await reset.click();
    await expect.poll(() => reset.getAttribute('data-state')).toBe('success');
    await expect.poll(() => texts(id)).toEqual(['Unser Angebot', 'Individuelle Beratnug für KMU in Basel.']);
    await expect.poll(() => preview(page).locator('h1').first().innerText()).toBe('Unser Angebot');

    // Spell check finds the misspelt German word; one click applies a suggestion.
    await page.getByRole('button', { name: 'Spell check' }).click();
    const finding = page.locator('[data-finding="Beratnug"]');
    await finding.waitFor();
    expect(await finding.innerText()).toContain('Paragraph 2 › Text');
    await finding.getByRole('button', { name: 'Beratung', exact: true }).click();
    await waitSaved(page);
    await expect.poll(() => texts(id)).toEqual(['Unser Angebot', 'Individuelle Beratung für KMU in Basel.']);
    await publish.click();
    await expect.poll(() => publish.getAttribute('data-state')).toBe('success');
    expect((await publicHtml('/Angebot')).body).toContain('Individuelle Beratung');

    // Versions: two publishes; the first one's difference to the draft, then restore it into the draft.
    await page.getByRole('button', { name: 'Versions' }).click();
    const versions = page.getByRole('dialog', { name: 'Versions' });
    await expect.poll(() => versions.locator('[data-version]').count()).toBe(2);
    const first = versions.locator('[data-version]').nth(1);
    await first.getByRole('button', { name: 'Difference to draft' }).click();
    await expect.poll(() => first.innerText()).toContain('Beratnug');
    await first.getByRole('button', { name: 'Restore' }).click();
    await versions.waitFor({ state: 'detached' });
    await expect.poll(() => texts(id)).toEqual(['Unser Angebot', 'Individuelle Beratnug für KMU in Basel.']);
    await expect.poll(() => preview(page).locator('main p').first().innerText()).toContain('Beratnug');

    // Rename and publish: the old address redirects to the new one.
    await page.getByRole('tab', { name: 'Page' }).click();
    await page.locator('#page_name').fill('Angebote');
    await waitSaved(page);
    await expect.poll(async () => (await draft(suite.server, id))._path).toBe('/Angebote');
    await publish.click();
    await expect.poll(() => publish.getAttribute('data-state')).toBe('success');
    await visitor.goto(suite.server.url('/Angebot'));
    await visitor.waitForURL(/\/Angebote$/);
    await visitor.getByRole('heading', { name: 'Unser Angebot' }).waitFor();

    // Copy: 'Copy page?' with name, title and parent; the copy is a new draft and opens.
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    const copy = page.getByRole('dialog', { name: 'Copy page?' });
    await copy.locator('#copy_name').fill('Angebot Kopie');
    await copy.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.waitForURL((url) => /\/_\/pageDrafts\/[0-9a-f]{24}$/.test(url.pathname) && !url.pathname.endsWith(id));
    const copyId = page.url().split('/').pop()!;
    expect(await draft(suite.server, copyId)).toMatchObject({
      name: 'Angebot Kopie',
      _parent: homeId,
      _path: '/Angebot-Kopie',
    });
    expect(await texts(copyId)).toEqual(['Unser Angebot', 'Individuelle Beratnug für KMU in Basel.']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
