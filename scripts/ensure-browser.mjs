#!/usr/bin/env node
// Makes sure Debian's Chromium is installed for the browser tests (never downloads a browser of its own).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Installs Debian packages with apt-get (as root, or through sudo without a password). */
function aptInstall(packages) {
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const run = (args) =>
    execFileSync(asRoot[0] ?? args[0], asRoot.length ? [...asRoot.slice(1), ...args] : args.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', '--no-install-recommends', ...packages]);
}

export function ensureBrowser() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  console.log(`Chromium not found at ${CHROMIUM}; installing Debian's chromium with apt-get...`);
  try {
    aptInstall(['chromium']);
  } catch (error) {
    throw new Error(
      `Could not install Chromium (${error.message}). Install it with 'apt-get install -y chromium' as root, or set CHROMIUM_PATH to a Chromium binary.`,
    );
  }
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get finished but ${CHROMIUM} is still missing; set CHROMIUM_PATH.`);
  return CHROMIUM;
}

/** poppler's pdftotext and pdftoppm, with which the PDF tests read invoices as a person and a bank app would. */
export function ensurePdfTools() {
  const missing = ['/usr/bin/pdftotext', '/usr/bin/pdftoppm'].some((file) => !existsSync(file));
  if (!missing) return;
  console.log("pdftotext or pdftoppm not found; installing Debian's poppler-utils with apt-get...");
  try {
    aptInstall(['poppler-utils']);
  } catch (error) {
    throw new Error(
      `Could not install poppler-utils (${error.message}). Install it with 'apt-get install -y poppler-utils'.`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`Chromium: ${ensureBrowser()}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
