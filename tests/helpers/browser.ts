import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, kept off the network except this machine (architecture.md, "Testing"). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

let shared: Promise<Browser> | undefined;

/**
 * The Chromium of this test worker, launched by the first test file that asks and kept for the files after it
 * (the browser tests run their files in workers that are not isolated): launching and closing one per file
 * cost about a second of two busy cores each time. Files share no state through it: every test opens its own
 * context (cookies, storage, cache and permissions are per context), and `releaseBrowser` closes what a file
 * left open. Playwright closes it when the worker exits; a browser that crashed or was closed is launched anew.
 */
export function sharedBrowser(): Promise<Browser> {
  if (!shared) {
    const launching = launchBrowser();
    shared = launching;
    const forget = () => {
      if (shared === launching) shared = undefined;
    };
    launching.then((browser) => browser.on('disconnected', forget), forget);
  }
  return shared;
}

/** After a test file: closes the contexts it left open in the shared browser, so the next file starts with none. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  if (browser?.isConnected()) await Promise.all(browser.contexts().map((context) => context.close()));
}

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 375, height: 812 },
} as const;

/** A browser context whose page errors fail loudly (collected in `errors`). */
export async function newPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  watchErrors(page, errors);
  return { page, errors };
}

/**
 * Collects the page's uncaught errors and what the browser refused by its security policies (a script,
 * worker, WebAssembly or frame the Content-Security-Policy or X-Frame-Options blocks: "Refused to …").
 */
export function watchErrors(page: Page, errors: string[]): void {
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Refused to|Content Security Policy/.test(message.text()))
      errors.push(message.text());
  });
}
