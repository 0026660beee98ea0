import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

/**
 * Screenshots for people to look at (a screen's look at a width), which no test compares: taken only with
 * SCREENSHOTS=1 (`SCREENSHOTS=1 npx vitest run tests/e2e/x.test.ts`); otherwise every run paid for them.
 * A test that checks an image's pixels takes it with Playwright's `screenshot()` itself.
 */
export const SCREENSHOTS = process.env.SCREENSHOTS === '1';
/** The folder they go to: SHOTS_DIR, or /tmp/shots. */
export const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

type Options = Parameters<Page['screenshot']>[0] &
  Parameters<Locator['screenshot']>[0] & {
    path: string;
    /** Milliseconds to wait first, for a transition or a fill to finish (only when the screenshot is taken). */
    settle?: number;
  };

/** Saves a screenshot of `target` at `options.path` (its folder made) when SCREENSHOTS=1; else does nothing. */
export async function screenshot(target: Page | Locator, { settle, ...options }: Options): Promise<void> {
  if (!SCREENSHOTS) return;
  if (settle) await ('page' in target ? target.page() : target).waitForTimeout(settle);
  await mkdir(path.dirname(options.path), { recursive: true });
  await target.screenshot(options);
}
