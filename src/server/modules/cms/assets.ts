import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ClientAssets } from '../../../site/ssr/renderDocument';
import { criticalCss } from '../../css/criticalCss';

/** The site's browser entry (CLIENT_ENTRIES.site in vite.config.ts), as Vite's manifest names it. */
export const SITE_ENTRY = 'src/site/client/main.tsx';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

const EMPTY: ClientAssets = { preload: [], css: [], fonts: [] };

/**
 * Reads the built site entry from `dist/client/.vite/manifest.json`: its module, the chunks it
 * imports statically (preloaded) and their CSS. Re-read when the manifest changes (a rebuild while
 * the server runs); without a build the pages render without scripts and styles.
 */
export function clientAssetsLoader(clientDir: string): () => ClientAssets {
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  let cached: { mtime: number; assets: ClientAssets } | undefined;
  return () => {
    if (!existsSync(manifestFile)) return EMPTY;
    const mtime = statSync(manifestFile).mtimeMs;
    if (cached?.mtime === mtime) return cached.assets;
    try {
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
      cached = { mtime, assets: assetsOf(manifest, clientDir) };
      return cached.assets;
    } catch {
      return EMPTY;
    }
  };
}

function assetsOf(manifest: Record<string, ManifestChunk>, clientDir: string): ClientAssets {
  const entry = manifest[SITE_ENTRY];
  if (!entry) return EMPTY;
  const preload = new Set<string>();
  const css = new Set<string>(entry.css ?? []);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preload.has(chunk.file)) return;
    preload.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  entry.imports?.forEach(visit);
  const assetsDir = path.join(clientDir, 'assets');
  const fonts = existsSync(assetsDir)
    ? readdirSync(assetsDir)
        .filter((file) => /^inter-latin-wght-normal-.*\.woff2$/.test(file))
        .map((file) => `assets/${file}`)
    : [];
  const url = (file: string) => `/${file}`;
  const stylesheet = [...css].map((file) => readFileSync(path.join(clientDir, file), 'utf8')).join('\n');
  return {
    script: url(entry.file),
    preload: [...preload].map(url),
    css: [...css].map(url),
    criticalCss: criticalCss(stylesheet),
    fonts: fonts.slice(0, 1).map(url),
  };
}
