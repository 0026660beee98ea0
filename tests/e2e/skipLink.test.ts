import { describe, expect, it } from 'vitest';
import { openAdmin } from './admin';
import { adminSuite } from './adminServer';
import { screenshot, SHOTS } from '../helpers/screenshots';

const suite = adminSuite();

describe('skip link', { timeout: 60_000 }, () => {
  it('is the first Tab stop, shows only while focused, and Enter takes the focus past the navigation into the screen', async () => {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { page, context, errors } = await openAdmin(suite, '/_/clients', viewport);
      await page.getByRole('heading', { name: 'Clients' }).waitFor();
      const link = page.getByRole('link', { name: 'Skip to content' });
      // Out of sight until the keyboard reaches it.
      expect((await link.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
      expect((await link.boundingBox())!.width).toBeGreaterThan(50);
      await screenshot(page, { path: `${SHOTS}/skip-link-${viewport.width}.png` });
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
      expect(page.url()).toBe(suite.server.url('/_/clients'));
      // The next Tab stop is the screen's own first control, not a navigation link.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
