import { beforeAll, describe, expect, it } from 'vitest';
import { openAdmin } from './admin';
import { adminSuite } from './adminServer';
import { screenshot, SHOTS } from '../helpers/screenshots';

// Audit s12: a client's tracked hours per month (GET /api/payment/getClientTrackedTime) were on no screen. The
// client's edit page shows them in a 'Tracked time' panel (x-admin.panels), and nothing for a client without time.
const suite = adminSuite();
let clientId: string;
let quietId: string;

beforeAll(async () => {
  const adminId = (await suite.server.api<{ _id: string }>('GET', '/api/self')).json._id;
  clientId = (await suite.server.save('client', { name: 'Rheinblick Immobilien AG' }))._id;
  quietId = (await suite.server.save('client', { name: 'Basler Bäckerei GmbH' }))._id;
  const track = (start: string, end: string) =>
    suite.server.save('trackedTime', { start, end, name: 'Arbeit', client: clientId, user: adminId });
  await track('2026-02-03T09:00:00.000Z', '2026-02-03T11:05:00.000Z'); // 2:05 -> 2,25 h
  await track('2026-02-10T13:00:00.000Z', '2026-02-10T13:30:00.000Z'); // 0,5 h
  await track('2026-03-02T08:00:00.000Z', '2026-03-02T09:00:00.000Z'); // 1 h
});

describe("a client's tracked time", { timeout: 120_000 }, () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`lists the client's hours per month on its edit page (${viewport.width})`, async () => {
      const { page, errors, context } = await openAdmin(suite, `/_/clients/${clientId}`, viewport);
      const panel = page.getByRole('region', { name: 'Tracked time' });
      await panel.waitFor();
      expect(await panel.getByRole('heading').innerText()).toBe('Tracked time');
      expect(await panel.locator('[data-month]').allInnerTexts()).toEqual([
        'March 2026\n1,00 h',
        'February 2026\n2,75 h',
      ]);
      await screenshot(page, { path: `${SHOTS}/client-tracked-time-${viewport.width}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('shows no panel for a client without tracked time', async () => {
    const { page, context } = await openAdmin(suite, `/_/clients/${quietId}`);
    // The report has answered before the panel's absence is asserted.
    const answered = () =>
      page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some(
          (entry) => entry.name.includes('/api/payment/getClientTrackedTime') && entry.responseEnd > 0,
        ),
      );
    await expect.poll(answered, { timeout: 10_000 }).toBe(true);
    await page.getByRole('heading', { name: /Basler Bäckerei GmbH/ }).waitFor();
    expect(await page.getByRole('region', { name: 'Tracked time' }).count()).toBe(0);
    await context.close();
  });
});
