import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/server/db/sql';
import { releaseBrowser, sharedBrowser, newPage } from '../helpers/browser';
import { userWithRole } from '../helpers/users';
import { FakeDocker } from '../helpers/fakeDocker';
import { FakeOpenAi } from '../helpers/fakeOpenAi';
import { newContext, storeLogin } from './admin';
import { draft, outlineRow, waitSaved } from './pageEditor';
import { startAdminServer, type AdminServer } from './adminServer';
import { screenshot, SHOTS } from '../helpers/screenshots';

/** Browser tests of the operations screens (issue 12), each against its local fake of the outside service. */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let server: AdminServer;
let browser: Browser;
let docker: FakeDocker;
let openai: FakeOpenAi;
let devServer: http.Server;
let storyUrl: string;

/** A page under development: it follows the story's frames (postMessage) and keeps them for the test. */
const DEV_PAGE = `<!doctype html><html><head><title>Dev</title><style>
html,body{height:100%}body{margin:0;font:16px sans-serif;background:linear-gradient(#dbeafe,#1e3a8a)}h1{position:fixed;top:40%;left:0;right:0;text-align:center;color:#0f172a;font-size:64px}
</style></head><body><h1 id="p">0%</h1><script>
window.frames_ = [];
addEventListener('message', (event) => {
  if (event.data && event.data.type === 'baukasten:story-frame') {
    window.frames_.push(event.data);
    document.getElementById('p').textContent = Math.round(event.data.progress * 100) + '%';
  }
});
</script></body></html>`;

beforeAll(async () => {
  docker = new FakeDocker();
  const dockerHost = await docker.start();
  devServer = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(DEV_PAGE);
  });
  await new Promise<void>((resolve) => devServer.listen(0, '127.0.0.1', resolve));
  storyUrl = `http://127.0.0.1:${(devServer.address() as AddressInfo).port}/`;
  openai = new FakeOpenAi();
  const openaiBaseUrl = await openai.start();
  [server, browser] = await Promise.all([
    startAdminServer({
      config: {
        dockerHost,
        openaiApiKey: openai.apiKey,
        openaiBaseUrl,
        openaiModel: 'test-model',
        debugEval: true,
        storyUrl,
      },
    }),
    sharedBrowser(),
  ]);
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
  await docker?.stop();
  await openai?.stop();
  await new Promise((resolve) => devServer?.close(resolve));
});

async function adminPage(viewport = DESKTOP): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const context = await newContext(browser, viewport);
  await storeLogin(context, server);
  const { page, errors } = await newPage(context);
  return { page, errors, close: () => context.close() };
}

describe('swarm detail', { timeout: 90_000 }, () => {
  it('lists the services from the engine, deploys them and shows per-service results and failures', async () => {
    docker.missingImages.add('ghcr.io/rhein/broken:1');
    const website = await server.save('config', {
      name: 'website',
      domain: 'www.rhein-consulting.ch',
      image: 'nginx:1.27',
      replicas: 2,
      targetPort: 80,
      publishedPort: 8080,
    });
    const broken = await server.save('config', { name: 'broken', image: 'ghcr.io/rhein/broken:1' });
    const swarm = await server.save('swarm', { name: 'Produktion Basel', services: [website._id, broken._id] });

    const { page, errors, close } = await adminPage();
    await page.goto(server.url(`/_/swarms/${swarm._id}`));
    // The generic form is there, and the service list under it.
    await page.getByRole('button', { name: 'SAVE' }).waitFor();
    const list = page.getByRole('region', { name: 'Services' });
    await list.locator('tr[data-service=website]').waitFor();
    await expect
      .poll(() => list.locator('tr[data-service=website]').getByTestId('service-state').innerText())
      .toBe('Not deployed');
    // Never deployed: no count of replicas ('0/0 running' said nothing).
    expect(await list.getByTestId('replicas').count()).toBe(0);
    await expect.poll(() => page.getByTestId('swarm-checked').innerText()).toMatch(/checked \d\d:\d\d:\d\d/);

    await list.getByRole('button', { name: 'DEPLOY' }).click();
    await expect
      .poll(() => list.getByTestId('deploy-result').allInnerTexts(), { timeout: 10_000 })
      .toEqual(['created', 'created']);
    await expect.poll(() => page.getByTestId('deploy-status').innerText()).toBe('Deploy: 2 of 2 services deployed');
    // The list reloads after the deploy: counts, state, node, and the failing task's error.
    const websiteRow = list.locator('tr[data-service=website]');
    await expect.poll(() => websiteRow.getByTestId('replicas').innerText()).toBe('2/2 running');
    expect(await websiteRow.getByTestId('service-state').first().innerText()).toBe('running');
    expect(await websiteRow.innerText()).toMatch(/basel-[12]/);
    const brokenRow = list.locator('tr[data-service=broken]');
    await expect
      .poll(() => brokenRow.getByTestId('service-error').innerText())
      .toBe('No such image: ghcr.io/rhein/broken:1');
    expect(await brokenRow.getByTestId('replicas').innerText()).toBe('0/1 running');
    // Edit opens the config, view its domain.
    expect(await websiteRow.getByRole('link', { name: 'Edit website' }).getAttribute('href')).toBe(
      `/_/configs/${website._id}`,
    );
    expect(await websiteRow.getByRole('link', { name: 'View www.rhein-consulting.ch' }).getAttribute('href')).toBe(
      'https://www.rhein-consulting.ch',
    );
    await expect
      .poll(() => list.getByRole('button', { name: 'DEPLOY' }).getAttribute('data-state'))
      .not.toBe('loading');
    await screenshot(page, { path: `${SHOTS}/swarm-desktop.png`, fullPage: true });

    // An engine refusal reaches the user as a message on the row; refresh shows what changed elsewhere.
    docker.refuse.set('website', 'rpc error: code = InvalidArgument desc = port 8080 is already in use');
    await list.getByRole('button', { name: 'DEPLOY' }).click();
    await expect
      .poll(() => websiteRow.getByTestId('deploy-result').innerText(), { timeout: 10_000 })
      .toBe('failed: rpc error: code = InvalidArgument desc = port 8080 is already in use');
    docker.refuse.delete('website');
    docker.byName('website')!.Spec.Mode = { Replicated: { Replicas: 3 } };
    await list.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => websiteRow.getByTestId('replicas').innerText()).toBe('2/3 running');

    await page.setViewportSize(PHONE);
    await expect
      .poll(() => list.getByRole('button', { name: 'DEPLOY' }).getAttribute('data-state'))
      .not.toBe('loading');
    await screenshot(page, { path: `${SHOTS}/swarm-phone.png`, fullPage: true });
    expect(errors).toEqual([]);
    await close();
  });
});

describe('swarm detail: new service and deploy with unsaved edits', { timeout: 90_000 }, () => {
  it('creates a service config into the swarm, and DEPLOY saves the edits first (or deploys nothing)', async () => {
    const api = await server.save('config', { name: 'staging-api', image: 'api:1' });
    const swarm = await server.save('swarm', { name: 'Staging', services: [api._id] });
    const { page, errors, close } = await adminPage();
    await page.goto(server.url(`/_/swarms/${swarm._id}`));
    const list = page.getByRole('region', { name: 'Services' });
    const apiRow = list.locator('tr[data-service=staging-api]');
    await expect.poll(() => apiRow.getByTestId('service-state').innerText()).toBe('Not deployed');
    const deploy = list.getByRole('button', { name: /DEPLOY$/ });
    expect(await deploy.innerText()).toBe('DEPLOY');

    // NEW SERVICE: the config's form in a dialog; the server's field errors stay there, nothing is created.
    const configCount = async () =>
      (await server.api<{ results: unknown[] }>('POST', '/api/document/find', { model: 'config', query: {} })).json
        .results.length;
    const configsBefore = await configCount();
    await list.getByRole('button', { name: 'NEW SERVICE' }).click();
    const dialog = page.getByRole('dialog', { name: 'New service' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('added to Staging when it is created');
    await dialog.getByRole('textbox', { name: 'Image' }).fill('Not An Image');
    await dialog.getByRole('button', { name: 'CREATE' }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'CREATE' }).getAttribute('data-state')).toBe('error');
    expect(await configCount()).toBe(configsBefore);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('staging-worker');
    await dialog.getByRole('textbox', { name: 'Image' }).fill('worker:3');
    await screenshot(page, { path: `${SHOTS}/swarm-new-service-desktop.png` });
    await dialog.getByRole('button', { name: 'CREATE' }).click();
    await dialog.waitFor({ state: 'detached' });
    const workerRow = list.locator('tr[data-service=staging-worker]');
    await expect.poll(() => workerRow.getByTestId('service-state').innerText()).toBe('Not deployed');
    const stored = (await server.api('GET', `/api/document/findById?model=swarm&id=${swarm._id}`)).json;
    expect(stored.services).toHaveLength(2);
    const worker = (
      await server.api('GET', `/api/document/findById?model=config&id=${(stored.services as string[])[1]}`)
    ).json;
    expect(worker).toMatchObject({ name: 'staging-worker', image: 'worker:3', replicas: 1 });
    expect(stored.services).toEqual([api._id, worker._id]);
    expect(await deploy.innerText()).toBe('DEPLOY');

    // An unsaved edit: DEPLOY says it saves first, and what the form shows is what gets deployed.
    const name = page.locator('#root_name');
    await name.fill('Staging Basel');
    await expect.poll(() => deploy.innerText()).toBe('SAVE & DEPLOY');
    expect(await deploy.getAttribute('title')).toBe('Saves your changes to the swarm, then deploys it');
    await screenshot(page, { path: `${SHOTS}/swarm-unsaved-desktop.png`, fullPage: true });
    await deploy.click();
    await expect
      .poll(() => list.getByTestId('deploy-result').allInnerTexts(), { timeout: 10_000 })
      .toEqual(['created', 'created']);
    expect((await server.api('GET', `/api/document/findById?model=swarm&id=${swarm._id}`)).json.name).toBe(
      'Staging Basel',
    );
    await expect.poll(() => deploy.innerText()).toBe('DEPLOY');
    await expect.poll(() => workerRow.getByTestId('replicas').innerText()).toBe('1/1 running');

    // An edit the server refuses: the save fails at its field and nothing is deployed.
    const created = docker.requests.filter((request) => request.method === 'POST').length;
    await name.fill('');
    await expect.poll(() => deploy.innerText()).toBe('SAVE & DEPLOY');
    await deploy.click();
    await expect.poll(() => deploy.getAttribute('data-state'), { timeout: 5000 }).toBe('error');
    await expect
      .poll(() => page.getByRole('tooltip').allInnerTexts())
      .toContain('Not deployed: the swarm could not be saved');
    // SAVE says why (an emptied field reaches the server as null; it was left out and the old name silently kept).
    expect(await page.getByRole('button', { name: 'SAVE', exact: true }).getAttribute('data-state')).toBe('error');
    expect(docker.requests.filter((request) => request.method === 'POST').length).toBe(created);
    expect((await server.api('GET', `/api/document/findById?model=swarm&id=${swarm._id}`)).json.name).toBe(
      'Staging Basel',
    );

    await name.fill('Staging Basel');
    await page.setViewportSize(PHONE);
    await screenshot(page, { path: `${SHOTS}/swarm-unsaved-phone.png`, fullPage: true });
    await list.getByRole('button', { name: 'NEW SERVICE' }).click();
    await dialog.waitFor();
    await screenshot(page, { path: `${SHOTS}/swarm-new-service-phone.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await close();
  });
});

describe('swarm detail refresh', { timeout: 90_000 }, () => {
  it('asks the engine again every 30 s without a click', async () => {
    const config = await server.save('config', { name: 'termine', image: 'termine:2.4', replicas: 1 });
    const swarm = await server.save('swarm', { name: 'Termine', services: [config._id] });
    expect((await server.api('POST', `/api/swarms/${swarm._id}/deploy`)).status).toBe(200);

    const { page, errors, close } = await adminPage();
    await page.clock.install();
    let asked = 0;
    page.on('request', (request) => {
      if (request.url().endsWith(`/api/swarms/${swarm._id}/services`)) asked += 1;
    });
    await page.goto(server.url(`/_/swarms/${swarm._id}`));
    const row = page.getByRole('region', { name: 'Services' }).locator('tr[data-service=termine]');
    await expect.poll(() => row.getByTestId('replicas').innerText()).toBe('1/1 running');
    const before = asked;

    docker.byName('termine')!.Spec.Mode = { Replicated: { Replicas: 2 } };
    await page.clock.runFor(20_000);
    // No request may follow (the page's clock ran; a request it started would show within this).
    await page.waitForTimeout(300);
    expect(asked).toBe(before);
    expect(await row.getByTestId('replicas').innerText()).toBe('1/1 running');
    await page.clock.runFor(10_500);
    await expect.poll(() => row.getByTestId('replicas').innerText()).toBe('1/2 running');
    expect(asked).toBe(before + 1);
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps the engine status on one line on a phone, the buttons under it', async () => {
    const config = await server.save('config', { name: 'kalender', image: 'kalender:1.0', replicas: 1 });
    const swarm = await server.save('swarm', { name: 'Kalender', services: [config._id] });
    const { page, errors, close } = await adminPage(PHONE);
    await page.goto(server.url(`/_/swarms/${swarm._id}`));
    const status = page.getByTestId('swarm-checked');
    await expect.poll(() => status.innerText()).toMatch(/^Docker engine · checked .* · refreshes every 30 s$/);
    const line = await status.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect((await status.boundingBox())!.height).toBeLessThan(line * 1.5);
    const deploy = page.getByRole('region', { name: 'Services' }).getByRole('button', { name: 'DEPLOY' });
    expect((await deploy.boundingBox())!.y).toBeGreaterThan((await status.boundingBox())!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page.getByRole('region', { name: 'Services' }), { path: `${SHOTS}/swarm-services-phone.png` });
    expect(errors).toEqual([]);
    await close();
  });
});

describe('mail template detail', { timeout: 90_000 }, () => {
  it("renders the HTML with sample data in the 'Vorschau' iframe, escaped, following every edit", async () => {
    const template = await server.save('mailTemplate', {
      name: 'contactRequest',
      subject: 'Neue Kontaktanfrage: {{subject}}',
      text: 'Anfrage von {{name}}',
      html: '<h1 style="font-family:sans-serif">Anfrage von {{name}}</h1><p style="font-family:sans-serif">{{message}}</p>',
    });
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors, close } = await adminPage(viewport);
      await page.goto(server.url(`/_/mailTemplates/${template._id}`));
      const frame = page.frameLocator('iframe[title=Vorschau]');
      await expect.poll(() => frame.locator('h1').innerText(), { timeout: 10_000 }).toBe('Anfrage von Lukas Brunner');
      expect(await frame.locator('p').innerText()).toContain('wir möchten unsere Website erneuern');
      await page.getByRole('region', { name: 'Variables' }).getByText('{{firstName}}').waitFor();
      if (viewport === DESKTOP) {
        // An edit shows at once; a variable's value is text, never markup.
        const html = page.getByRole('textbox', { name: 'HTML', exact: true });
        await html.fill('<h2>{{firstName}} {{{lastName}}}</h2><p>{{#city}}aus {{city}}{{/city}}</p>');
        await expect.poll(() => frame.locator('h2').innerText()).toBe('Lukas Brunner');
        expect(await frame.locator('p').innerText()).toBe('aus Basel');
        await html.fill('<p>{{#broken}}</p>');
        await expect.poll(() => frame.locator('p').innerText()).toMatch(/^Template error: Unclosed section "broken"/);
        await html.fill(template.html as string);
        await expect.poll(() => frame.locator('h1').innerText()).toBe('Anfrage von Lukas Brunner');
      }
      const name = viewport === DESKTOP ? 'desktop' : 'phone';
      await screenshot(page, { path: `${SHOTS}/mail-${name}.png`, fullPage: true });
      // Full-page captures leave iframes below the fold blank: the preview itself, scrolled into view.
      await screenshot(page.getByRole('region', { name: 'Vorschau HTML' }), {
        path: `${SHOTS}/mail-${name}-preview.png`,
      });
      expect(errors).toEqual([]);
      await close();
    }
  });
});

describe('AI text assistant', { timeout: 90_000 }, () => {
  it('proposes a text next to the current one with the differences marked; only Accept changes the field', async () => {
    const original = 'Guten Tag\n\nVielen Dank für Ihre Anfrage. Wir melden uns so bald wie möglich bei Ihnen.';
    const template = await server.save('mailTemplate', { name: 'danke', subject: 'Danke', text: original });
    openai.behaviour = {
      kind: 'answer',
      text: () => 'Guten Tag\n\nVielen Dank für Ihre Anfrage. Wir melden uns innert zwei Arbeitstagen.',
    };
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, errors, close } = await adminPage(viewport);
      await page.goto(server.url(`/_/mailTemplates/${template._id}`));
      const field = page.getByRole('textbox', { name: 'Text', exact: true });
      await expect.poll(() => field.inputValue()).toBe(original);
      await page.getByRole('button', { name: 'AI assistant for Text' }).click();
      const assistant = page.getByRole('region', { name: 'AI assistant for Text' });
      await assistant.getByLabel('Prompt').selectOption('enhance');
      const before = openai.requests.length;
      await assistant.getByRole('button', { name: 'Propose' }).click();
      await assistant.getByTestId('ai-proposal').waitFor();
      expect(openai.requests.length).toBe(before + 1);
      expect(openai.requests.at(-1)!.body.messages[1].content).toContain(original);
      expect(await assistant.locator('del').allInnerTexts()).toEqual(['so bald wie möglich bei Ihnen.']);
      expect(await assistant.locator('ins').allInnerTexts()).toEqual(['innert zwei Arbeitstagen.']);
      // Nothing changed yet.
      expect(await field.inputValue()).toBe(original);
      await assistant.scrollIntoViewIfNeeded();
      await screenshot(page, { path: `${SHOTS}/ai-${viewport === DESKTOP ? 'desktop' : 'phone'}.png` });

      if (viewport === DESKTOP) {
        await assistant.getByRole('button', { name: 'Retry' }).click();
        await expect.poll(() => openai.requests.length).toBe(before + 2);
        await assistant.getByRole('button', { name: 'Discard' }).click();
        await assistant.getByTestId('ai-proposal').waitFor({ state: 'detached' });
        expect(await field.inputValue()).toBe(original);
        // A custom prompt needs {text}; an endpoint failure shows its message.
        await assistant.getByLabel('Prompt').selectOption('custom');
        const custom = assistant.getByRole('textbox', { name: /Custom prompt/ });
        await custom.fill('Mach es freundlicher');
        expect(await assistant.getByRole('button', { name: 'Propose' }).isDisabled()).toBe(true);
        await custom.fill('Mach es freundlicher: {text}');
        openai.behaviour = { kind: 'error', status: 503, message: 'The engine is currently overloaded' };
        await assistant.getByRole('button', { name: 'Propose' }).click();
        await expect
          .poll(() => assistant.getByRole('alert').innerText())
          .toBe('The AI endpoint failed: 503 The engine is currently overloaded');
        openai.behaviour = { kind: 'answer', text: () => 'Grüezi! Merci vielmals.' };
        await assistant.getByRole('button', { name: 'Propose' }).click();
        expect(openai.requests.at(-1)!.body.messages[1].content).toBe(`Mach es freundlicher: ${original}`);
        await assistant.getByRole('button', { name: 'Accept' }).click();
        await expect.poll(() => field.inputValue()).toBe('Grüezi! Merci vielmals.');
        await page.getByRole('button', { name: 'SAVE' }).click();
        await expect
          .poll(
            async () =>
              (await server.api('GET', `/api/document/findById?model=mailTemplate&id=${template._id}`)).json.text,
          )
          .toBe('Grüezi! Merci vielmals.');
      }
      expect(errors).toEqual([]);
      await close();
    }
  });

  it('does not let Accept throw away what was typed after the proposal was made', async () => {
    const original = 'Guten Tag\n\nWir melden uns bald.';
    const template = await server.save('mailTemplate', { name: 'spaeter', subject: 'Danke', text: original });
    openai.behaviour = { kind: 'answer', text: () => 'Guten Tag\n\nWir melden uns innert zwei Arbeitstagen.' };
    const { page, errors, close } = await adminPage(PHONE);
    await page.goto(server.url(`/_/mailTemplates/${template._id}`));
    const field = page.getByRole('textbox', { name: 'Text', exact: true });
    await expect.poll(() => field.inputValue()).toBe(original);
    await page.getByRole('button', { name: 'AI assistant for Text' }).click();
    const assistant = page.getByRole('region', { name: 'AI assistant for Text' });
    await assistant.getByRole('button', { name: 'Propose' }).click();
    await assistant.getByTestId('ai-proposal').waitFor();
    // The owner goes on writing while the proposal is shown.
    const typed = `${original}\nPS: Am Montag sind wir geschlossen.`;
    await field.fill(typed);
    await expect
      .poll(() => assistant.getByRole('status').innerText())
      .toBe('The text was changed after this proposal was made. Retry to get a proposal for the text as it is now.');
    const accept = assistant.getByRole('button', { name: 'Accept' });
    expect(await accept.isDisabled()).toBe(true);
    await accept.click({ force: true });
    expect(await field.inputValue()).toBe(typed);
    // Retry proposes for the text as it is now, which may then be accepted.
    openai.behaviour = { kind: 'answer', text: () => 'Guten Tag. Am Montag sind wir geschlossen.' };
    await assistant.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => openai.requests.at(-1)!.body.messages[1].content).toContain('PS: Am Montag');
    await assistant.getByRole('status').waitFor({ state: 'detached' });
    await assistant.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => field.inputValue()).toBe('Guten Tag. Am Montag sind wir geschlossen.');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('debug terminal', { timeout: 90_000 }, () => {
  it('opens with Alt plus the key left of 1 or the icon, runs the saved command with Shift+Enter, keeps the last ones', async () => {
    const { page, errors, close } = await adminPage();
    await page.goto(server.url('/_'));
    const icon = page.locator('nav[aria-label=Main]').getByRole('button', { name: 'Debug terminal' });
    await icon.waitFor();
    // The socket is logged in before the first command goes out.
    await page.keyboard.press('Alt+Backquote');
    const dialog = page.getByRole('dialog', { name: 'Debug terminal' });
    await dialog.waitFor();
    const command = dialog.getByRole('textbox', { name: 'Command' });
    await command.fill(
      'console.log("Benutzer:", (await services.documents.find(SYSTEM, "user", {})).results.length)\nreturn { ok: true }',
    );
    await command.press('Shift+Enter');
    await expect
      .poll(() => dialog.getByTestId('debug-buffer').last().innerText(), { timeout: 10_000 })
      .toBe('Benutzer: 1\n← { ok: true }');
    await command.fill('throw new Error("absichtlich")');
    await dialog.getByRole('button', { name: 'RUN' }).click();
    await expect.poll(() => dialog.getByTestId('debug-buffer').last().innerText()).toBe('✖ Error: absichtlich');
    await command.fill('1 + 1');
    await command.press('Shift+Enter');
    await expect.poll(() => dialog.getByTestId('debug-buffer').last().innerText()).toBe('← 2');
    expect(await dialog.getByRole('navigation', { name: 'Last commands' }).getByRole('button').allInnerTexts()).toEqual(
      ['1 + 1', 'throw new Error("absichtlich")', expect.stringContaining('console.log("Benutzer:"')],
    );
    await screenshot(page, { path: `${SHOTS}/debug-desktop.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // After a reload the saved command is there; the icon opens the dialog, Shift+Enter runs it.
    await page.reload();
    await icon.click();
    await dialog.waitFor();
    expect(await command.inputValue()).toBe('1 + 1');
    await expect
      .poll(() => dialog.getByRole('navigation', { name: 'Last commands' }).getByRole('button').count())
      .toBe(3);
    await command.press('Shift+Enter');
    await expect.poll(() => dialog.getByTestId('debug-buffer').last().innerText(), { timeout: 10_000 }).toBe('← 2');
    await page.setViewportSize(PHONE);
    await screenshot(page, { path: `${SHOTS}/debug-phone.png` });
    const { rows } = await server.db.query<{ code: string }>(sql`SELECT code FROM debug_eval_audit ORDER BY id`);
    expect(rows.map((row) => row.code).slice(-2)).toEqual(['1 + 1', '1 + 1']);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('debug terminal for other users', { timeout: 90_000 }, () => {
  it('shows neither the icon nor the hotkey to a back-office user without the superuser role', async () => {
    const backend = await userWithRole(server, server.adminToken, 'bea', 'backend');
    const context = await newContext(browser, DESKTOP);
    await storeLogin(context, server, 'bea', backend.password);
    const { page, errors } = await newPage(context);
    const status = page.waitForResponse((response) => response.url().endsWith('/api/debug/status'));
    await page.goto(server.url('/_'));
    expect(await (await status).json()).toEqual({ enabled: false });
    const nav = page.locator('nav[aria-label=Main]');
    await nav.getByRole('link', { name: 'Swarms' }).first().waitFor();
    expect(await nav.getByRole('button', { name: 'Debug terminal' }).count()).toBe(0);
    await page.keyboard.press('Alt+Backquote');
    // The terminal must not open: time enough for it to have.
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog', { name: 'Debug terminal' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('story page', { timeout: 90_000 }, () => {
  it('plays the development page at 60 frames per second over 1.5 s, replays, and says when nothing answers', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors, close } = await adminPage(viewport);
      await page.goto(server.url('/_/story'));
      // Standalone: no admin navigation.
      await page.getByRole('textbox', { name: 'Address' }).waitFor();
      expect(await page.locator('nav[aria-label=Main]').count()).toBe(0);
      await expect.poll(() => page.getByRole('textbox', { name: 'Address' }).inputValue()).toBe(storyUrl);
      await page.frameLocator('iframe[title="Story preview"]').locator('h1').waitFor();
      const dev = () => page.frames().find((frame) => frame.url() === storyUrl)!;
      const frames = () =>
        dev().evaluate(() => (window as unknown as { frames_: { frame: number; progress: number }[] }).frames_);
      await expect.poll(async () => (await frames()).length, { timeout: 10_000 }).toBe(91);
      const first = await frames();
      expect(first.map((f) => f.frame)).toEqual(Array.from({ length: 91 }, (_v, i) => i));
      expect(first[0]).toMatchObject({ frame: 0, progress: 0 });
      expect(first[90]).toMatchObject({ frame: 90, progress: 1 });
      await expect.poll(() => page.getByTestId('story-frame').innerText()).toBe('90/90');
      expect(await page.frameLocator('iframe[title="Story preview"]').locator('h1').innerText()).toBe('100%');
      await screenshot(page, { path: `${SHOTS}/story-${viewport === DESKTOP ? 'desktop' : 'phone'}.png` });

      if (viewport === DESKTOP) {
        await page.getByRole('button', { name: 'Replay' }).click();
        await expect.poll(async () => (await frames()).length, { timeout: 10_000 }).toBe(182);
        expect((await frames()).slice(91).map((f) => f.frame)).toEqual(Array.from({ length: 91 }, (_v, i) => i));

        // Another address where nothing answers: a clear message; the address is kept in the browser.
        const address = page.getByRole('textbox', { name: 'Address' });
        await address.fill('http://127.0.0.1:9/');
        await page.getByRole('button', { name: 'Open' }).click();
        await expect
          .poll(() => page.getByRole('alert').innerText(), { timeout: 10_000 })
          .toContain('Nothing answers at http://127.0.0.1:9/');
        expect(await page.getByRole('button', { name: 'Replay' }).isDisabled()).toBe(true);
        await screenshot(page, { path: `${SHOTS}/story-down-desktop.png` });
        await page.reload();
        await expect.poll(() => address.inputValue()).toBe('http://127.0.0.1:9/');
        await address.fill(storyUrl);
        await page.getByRole('button', { name: 'Open' }).click();
        await page.frameLocator('iframe[title="Story preview"]').locator('h1').waitFor();
      }
      expect(errors).toEqual([]);
      await close();
    }
  });
});

describe('AI text assistant in the page editor', { timeout: 90_000 }, () => {
  it("offers the assistant on a paragraph's rich text; Accept puts the proposal into the element", async () => {
    const home = await server.save('pageDraft', { name: 'Home', title: 'Willkommen', elements: [] });
    const { _id: id } = await server.save('pageDraft', {
      name: 'Angebot',
      _parent: home._id,
      elements: [{ tag: 'paragraph', props: { text: 'Wir machen Beratung für Firmen in Basel.', alignment: 'left' } }],
    });
    openai.behaviour = { kind: 'answer', text: () => 'Wir beraten KMU in Basel.' };
    const { page, errors, close } = await adminPage();
    await page.goto(server.url(`/_/pageDrafts/${id}`));
    await page.getByRole('tab', { name: 'Elements' }).click();
    await outlineRow(page, 'paragraph')
      .getByRole('button', { name: /^Paragraph/ })
      .click();
    await page.getByRole('button', { name: 'AI assistant for Text' }).click();
    const assistant = page.getByRole('region', { name: 'AI assistant for Text' });
    await assistant.getByRole('button', { name: 'Propose' }).click();
    await expect.poll(() => assistant.locator('ins').allInnerTexts()).toEqual(['beraten KMU ']);
    await screenshot(page, { path: `${SHOTS}/ai-page-editor-desktop.png` });
    await assistant.getByRole('button', { name: 'Accept' }).click();
    await waitSaved(page);
    expect(((await draft(server, id)).elements as { props: { text: string } }[])[0].props.text).toBe(
      'Wir beraten KMU in Basel.',
    );
    expect(errors).toEqual([]);
    await close();
  });
});

describe('without DOCKER_HOST and OPENAI_API_KEY', { timeout: 90_000 }, () => {
  it('the swarm detail says that no engine is configured, and the AI assistant that it is not set up (how to, or whom to ask)', async () => {
    const bare = await startAdminServer({ config: { dockerHost: undefined, openaiApiKey: undefined } });
    try {
      const swarm = await bare.save('swarm', { name: 'Ohne Engine' });
      const template = await bare.save('mailTemplate', { name: 'leer', subject: 'Hallo', text: 'Guten Tag' });
      const context = await newContext(browser, DESKTOP);
      await storeLogin(context, bare);
      const { page, errors } = await newPage(context);
      await page.goto(bare.url(`/_/swarms/${swarm._id}`));
      await expect
        .poll(() => page.getByTestId('swarm-checked').innerText())
        .toBe('No Docker engine configured (set DOCKER_HOST)');

      await page.goto(bare.url(`/_/mailTemplates/${template._id}`));
      await page.getByRole('button', { name: 'AI assistant for Text' }).click();
      const assistant = page.getByRole('region', { name: 'AI assistant for Text' });
      await assistant.getByRole('button', { name: 'Propose' }).click();
      await expect
        .poll(() => assistant.getByRole('alert').innerText())
        .toBe("The AI assistant is not set up: set OPENAI_API_KEY in the server's environment and restart it");
      expect(await page.getByRole('textbox', { name: 'Text', exact: true }).inputValue()).toBe('Guten Tag');
      expect(errors).toEqual([]);
      await context.close();

      // Staff, who cannot set it up, are told whom to ask, not about the server's environment.
      await bare.save('role', { name: 'redaktion-ki', permissions: ['manage:cms'] });
      await bare.save('user', {
        login: 'rena',
        email: 'rena@example.ch',
        roles: ['redaktion-ki'],
        password: 'rena-password-1',
      });
      const staff = await newContext(browser, DESKTOP);
      await storeLogin(staff, bare, 'rena', 'rena-password-1');
      const staffPage = await newPage(staff);
      await staffPage.page.goto(bare.url(`/_/mailTemplates/${template._id}`));
      await staffPage.page.getByRole('button', { name: 'AI assistant for Text' }).click();
      const staffAssistant = staffPage.page.getByRole('region', { name: 'AI assistant for Text' });
      await staffAssistant.getByRole('button', { name: 'Propose' }).click();
      await expect
        .poll(() => staffAssistant.getByRole('alert').innerText())
        .toBe('The AI assistant is not set up yet: ask your administrator');
      expect(staffPage.errors).toEqual([]);
      await staff.close();
    } finally {
      await bare.close();
    }
  });
});
