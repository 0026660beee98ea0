import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openPglite, type PgliteAssets } from '../pglite';

/**
 * Tests open hundreds of in-memory PGlites. Each one compiled PGlite's WASM and read its file-system bundle
 * and the suite's template tar (44 MB) again; a test process now reads and compiles them once and reuses
 * them (read-only: a Blob cannot change, a compiled module is instantiated afresh per database).
 */
let assets: Promise<PgliteAssets> | undefined;
const templates = new Map<string, Promise<Blob>>();

function loadAssets(): Promise<PgliteAssets> {
  assets ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pglite, initdb, bundle] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((file) => readFile(path.join(dist, file))),
    );
    return {
      pgliteWasmModule: await WebAssembly.compile(new Uint8Array(pglite)),
      initdbWasmModule: await WebAssembly.compile(new Uint8Array(initdb)),
      fsBundle: new Blob([new Uint8Array(bundle)]),
    };
  })();
  return assets;
}

function loadTemplate(file: string): Promise<Blob> {
  let blob = templates.get(file);
  if (!blob) {
    blob = readFile(file).then((bytes) => new Blob([new Uint8Array(bytes)], { type: 'application/x-tar' }));
    templates.set(file, blob);
  }
  return blob;
}

/**
 * A fresh in-memory PGlite for a test: from the data directory dump `template` when given, else empty (from the
 * suite's empty dump when there is one: initdb takes ~3 times as long).
 */
export async function openTestPglite(template = process.env.PGLITE_EMPTY_TEMPLATE) {
  return openPglite({
    assets: await loadAssets(),
    ...(template ? { loadDataDir: await loadTemplate(template) } : {}),
  });
}
