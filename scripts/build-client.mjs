#!/usr/bin/env node
// Builds the browser bundles (vite.config.ts: the admin SPA now; site and diagnostics entries later) into dist/client.
import { readdirSync, statSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
export const CLIENT_DIR = path.join(ROOT, 'dist/client');
const MARKER = path.join(CLIENT_DIR, 'src/admin/index.html');
const INPUTS = ['src/admin', 'src/shared', 'src/site', 'src/diagnostics', 'vite.config.ts', 'package-lock.json'];

function newest(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(file)) {
    if (
      entry === 'node_modules' ||
      entry.endsWith('.test.ts') ||
      entry.endsWith('.test.tsx') ||
      entry.endsWith('.stories.tsx') ||
      entry.endsWith('.extraStories.tsx')
    )
      continue;
    latest = Math.max(latest, newest(path.join(file, entry)));
  }
  return latest;
}

/** True when dist/client is older than any input of the client build. */
export function clientIsStale() {
  if (!existsSync(MARKER)) return true;
  const built = statSync(MARKER).mtimeMs;
  return INPUTS.some((input) => newest(path.join(ROOT, input)) > built);
}

/**
 * Builds dist/client (only when an input changed since, with `ifStale`). With `strict` (the tests' build) a
 * warning of the build fails it, naming the warnings: what `npm start` would print to every user is fixed
 * when it appears, not read past.
 */
export async function buildClient({ ifStale = false, strict = false } = {}) {
  if (ifStale && !clientIsStale()) return false;
  const { build, createLogger } = await import('vite');
  const logger = createLogger('warn');
  const warnings = [];
  const warn = logger.warn;
  logger.warn = (message, options) => {
    warnings.push(message);
    warn(message, options);
  };
  // Vitest sets NODE_ENV=test, which would make vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: ROOT,
      configFile: path.join(ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      customLogger: logger,
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  if (strict && warnings.length > 0) {
    // Built but not marked fresh: the next run builds (and warns) again until the cause is gone.
    rmSync(MARKER, { force: true });
    throw new Error(
      `The client build warned (fix the cause, npm start prints it to every user):\n${warnings.join('\n')}`,
    );
  }
  precompress(path.join(CLIENT_DIR, 'assets'));
  return true;
}

/** Brotli and gzip twins of the text assets, served by @fastify/static (`preCompressed`) to browsers that accept them. */
function precompress(dir) {
  if (!existsSync(dir)) return;
  for (const file of readdirSync(dir)) {
    if (!/\.(js|css|svg|json|txt)$/.test(file)) continue;
    const full = path.join(dir, file);
    const bytes = readFileSync(full);
    if (bytes.length < 1024) continue;
    writeFileSync(
      `${full}.br`,
      brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
    );
    writeFileSync(`${full}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ifStale = process.argv.includes('--if-stale');
  const built = await buildClient({ ifStale });
  console.log(built ? 'Built dist/client' : 'dist/client is up to date');
}
