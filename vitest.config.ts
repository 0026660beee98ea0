import { defineConfig } from 'vitest/config';

/**
 * Tests of the browser code (admin, site, diagnostics tool) stub browser globals: jsdom, WebSocket, fetch, fake
 * timers. Each of their files keeps a fresh module graph and globals of its own (a VM context of its own).
 */
const CLIENT_TESTS = ['src/{admin,site,diagnostics}/**/*.test.{ts,tsx}'];

// Unit tests sit next to their code; cross-layer tests live in tests/.
export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['tests/helpers/globalSetup.ts', 'tests/e2e/buildClient.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for what a page or server does next; its 1 s default is too short on a loaded CI machine.
    expect: { poll: { timeout: 10_000 } },
    // PGlite and Chromium are heavy: two workers match the two cores of the build machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          include: CLIENT_TESTS,
          // Each file still gets fresh globals and modules, in a VM context of a worker that stays, instead of a
          // new process each (the 78 files' run: 33 to 44 s before, 21 to 26 s so). Node's built-in modules are
          // shared and their errors are not `instanceof Error` of the file's context: compare messages or codes.
          pool: 'vmForks',
          // The site loads each icon by a dynamic import of lucide's own file (src/site/ui/icons.ts), which a VM
          // context cannot link to the React it shares ('request for react is not in cache'): lucide is bundled in.
          server: { deps: { inline: ['lucide-react'] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          // Every test outside CLIENT_TESTS (no `exclude` here: it would replace the one given on the command line).
          include: ['src/!(admin|site|diagnostics)/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
          // Server and shared code: a worker loads the server's modules once for all the files it runs, not once
          // per file (that import was 151 s of the 485 s the unit and API files took). What a file starts (app,
          // database, Chromium) it closes itself; module state is caches keyed by the registry or model.
          isolate: false,
        },
      },
    ],
  },
});
