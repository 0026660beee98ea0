import { beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS } from '../helpers/browser';
import { adminSuite } from './adminServer';
import { newContext, rows, storeLogin } from './admin';
import { screenshot, SHOTS } from '../helpers/screenshots';

// Screenshots of the login, a list and an edit page at desktop and phone widths, to look at (look.md "Check it").

const suite = adminSuite();
let invoiceId: string;

beforeAll(async () => {
  const clients = [];
  for (const name of [
    'Rheinblick Immobilien AG',
    'Basler Bäckerei GmbH',
    'Atelier Sonnenberg',
    'Kanzlei Meier & Partner',
  ]) {
    clients.push(
      await suite.server.save('client', {
        name,
        firstname: 'Anna',
        lastname: 'Keller',
        email: `info@${name.split(' ')[0].toLowerCase()}.ch`,
      }),
    );
  }
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < 12; i += 1) {
    const invoice = await suite.server.save('invoice', {
      name: ['Website-Relaunch', 'Beratung Q1', 'Hosting 2025', 'Fotoshooting'][i % 4],
      client: clients[i % 4]._id,
      date: day(i * 7),
      status: i % 3 === 0 ? 'paid' : 'open',
      items: [{ name: 'Beratung', price: 120, count: 2 + i }],
    });
    invoiceId ??= invoice._id;
  }
});

describe('screenshots', { timeout: 60_000 }, () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`login, list and edit at ${name} width`, async () => {
      const context = await newContext(suite.browser, viewport);
      const page = await context.newPage();
      await page.goto(suite.server.url('/_'));
      await page.getByRole('heading', { name: 'Sign in with your account' }).waitFor();
      await screenshot(page, { path: `${SHOTS}/login-${name}.png` });
      await context.close();

      const admin = await newContext(suite.browser, viewport);
      await storeLogin(admin, suite.server);
      const list = await admin.newPage();
      await list.goto(suite.server.url('/_/invoices'));
      await rows(list).first().waitFor();
      await screenshot(list, { path: `${SHOTS}/list-${name}.png` });
      await list.goto(suite.server.url(`/_/invoices/${invoiceId}`));
      await list.locator('#root_name').waitFor();
      await screenshot(list, { settle: 300, path: `${SHOTS}/edit-${name}.png` });
      if (name === 'phone') {
        await list.getByRole('button', { name: 'Open menu' }).click();
        await screenshot(list, { path: `${SHOTS}/menu-${name}.png` });
      } else {
        await list.locator('nav[aria-label=Main]').hover();
        await screenshot(list, { settle: 300, path: `${SHOTS}/rail-${name}.png` });
      }
      // Nothing may overflow the viewport horizontally.
      expect(await list.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await admin.close();
    });
  }
});
