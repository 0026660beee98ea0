#!/usr/bin/env node
// npm test: every check the project has, stopping at the first failure.
import { spawn } from 'node:child_process';
import { ensureBrowser, ensurePdfTools } from './ensure-browser.mjs';

const args = process.argv.slice(2);

/**
 * Stages run in order; the checks of one stage run side by side (the static checks are single-threaded
 * and the machine has two cores), each one's output printed whole when it ends.
 */
const stages = [
  [
    ['Formatting and lint', 'npm', ['run', 'lint']],
    // Prettier, ESLint (package.json "lint") and tsc keep caches in .cache/ (by content): a re-run checks only
    // what changed. Measured side by side on the two cores (load average about 4, others' work included): cold,
    // lint 52 s and tsc 41 s; warm with nothing changed, 4 s and 6 s.
    [
      'Type check',
      'npx',
      ['tsc', '-p', 'tsconfig.json', '--noEmit', '--incremental', '--tsBuildInfoFile', '.cache/tsc.tsbuildinfo'],
    ],
  ],
  [
    ['Layer rules', 'npm', ['run', 'check:layers']],
    ['Generated code is current', 'npx', ['tsx', 'scripts/generate.ts', '--check']],
  ],
  // vitest.config.ts splits the files in two projects: tests of the browser code (src/admin, site, diagnostics:
  // jsdom, stubbed globals) each isolated, in a VM context of its own (pool vmForks: those 78 files 33-44 → 21-26 s
  // alone); all others (server, shared, tests/) not isolated, so a worker loads the server's modules once, not
  // once per file (summed import 148 → 28 s; the stage 363 → 206 s).
  [['Unit and API tests', 'npx', ['vitest', 'run', '--exclude', 'tests/e2e/**', ...args]]],
  // Browser tests two files at a time (vitest.config.ts: maxWorkers 2): 512 s instead of 753 s one at a time.
  // Not isolated (the config's project 'server'; --no-isolate says so here too): each worker loads the server's
  // modules, Playwright and sharp once, not once per file (about 5 s a file). Every file starts its own server
  // and database and closes them (adminSuite); a worker's Chromium serves the files it runs one after the other
  // (tests/helpers/browser.ts sharedBrowser: each test has contexts of its own, a file's are closed after it).
  // Nothing else but module code and PGlite's compiled WASM is shared; a file run alone
  // (`npx vitest run tests/e2e/x.test.ts`) runs in a worker of its own. The screenshots for people to look at
  // are taken only with SCREENSHOTS=1 (tests/helpers/screenshots.ts).
  [['Browser tests', 'npx', ['vitest', 'run', 'tests/e2e', '--no-isolate', ...args]]],
  [['Storybook builds', 'npm', ['run', 'build-storybook']]],
];

try {
  process.env.CHROMIUM_PATH = ensureBrowser();
  ensurePdfTools();
} catch (error) {
  console.error(`\n✗ The tests need a tool of Debian: ${error.message}`);
  process.exit(1);
}

/** Runs one check; a stage of one streams its output, checks side by side keep theirs until they end. */
function run([name, command, commandArgs], alone) {
  const started = Date.now();
  if (alone) console.log(`\n▶ ${name}`);
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: alone ? 'inherit' : 'pipe', env: process.env });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      if (!alone) {
        console.log(`\n▶ ${name}`);
        process.stdout.write(Buffer.concat(output));
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(status === 0 ? `✓ ${name} (${seconds} s)` : `\n✗ ${name} failed`);
      resolve(status ?? 1);
    });
  });
}

for (const stage of stages) {
  const statuses = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  const failed = statuses.find((status) => status !== 0);
  if (failed !== undefined) process.exit(failed);
}
