#!/usr/bin/env node
// npm test: every check the project has, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import { ensureBrowser, ensurePdfTools } from './ensure-browser.mjs';

const steps = [
  ['Formatting and lint', 'npm', ['run', 'lint']],
  ['Layer rules', 'npm', ['run', 'check:layers']],
  ['Type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['Generated code is current', 'npx', ['tsx', 'scripts/generate.ts', '--check']],
  ['Unit and API tests', 'npx', ['vitest', 'run', '--exclude', 'tests/e2e/**', ...process.argv.slice(2)]],
  // Browser tests one file at a time: Chromium (WebGL through SwiftShader) needs the machine's cores.
  ['Browser tests', 'npx', ['vitest', 'run', 'tests/e2e', '--no-file-parallelism', ...process.argv.slice(2)]],
  ['Storybook builds', 'npm', ['run', 'build-storybook']],
];

try {
  process.env.CHROMIUM_PATH = ensureBrowser();
  ensurePdfTools();
} catch (error) {
  console.error(`\n✗ The tests need a tool of Debian: ${error.message}`);
  process.exit(1);
}

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
