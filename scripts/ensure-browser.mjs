#!/usr/bin/env node
// Makes sure Debian's Chromium is installed for the browser tests (never downloads a browser of its own).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureBrowser() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  console.log(`Chromium not found at ${CHROMIUM}; installing Debian's chromium with apt-get...`);
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  try {
    const run = (args) =>
      execFileSync(asRoot[0] ?? args[0], asRoot.length ? [...asRoot.slice(1), ...args] : args.slice(1), {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    run(['apt-get', 'update']);
    run(['apt-get', 'install', '-y', '--no-install-recommends', 'chromium']);
  } catch (error) {
    throw new Error(
      `Could not install Chromium (${error.message}). Install it with 'apt-get install -y chromium' as root, or set CHROMIUM_PATH to a Chromium binary.`,
    );
  }
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get finished but ${CHROMIUM} is still missing; set CHROMIUM_PATH.`);
  return CHROMIUM;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`Chromium: ${ensureBrowser()}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
