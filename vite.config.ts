import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * Front-end builds (admin SPA, public site client + SSR, diagnostics) are separate entries so a
 * visitor of the public site never downloads admin code. Add an entry here as a front end lands;
 * each HTML entry is emitted under dist/client/ at its path relative to the project root
 * (the admin's at dist/client/src/admin/index.html, which src/server/modules/admin/document.ts turns into
 * the admin's document) and shares dist/client/assets/.
 */
export const CLIENT_ENTRIES = {
  admin: here('src/admin/index.html'),
  // The public site: a module entry; the server renders its HTML and links the built files via the manifest.
  site: here('src/site/client/main.tsx'),
  // The diagnostics tool at /_/simos-web: standalone, so a technician's phone loads none of the admin.
  diagnostics: here('src/diagnostics/index.html'),
} as const;

/** A chunk past this (minified, before gzip) is worth a look: the admin's budget is 250 kB gzip a list page. */
const CHUNK_WARNING_KB = 600;

/**
 * Vite's own chunk size warning, but quiet about the 3D viewer's chunk: Spark ships its WebAssembly
 * inlined (3 MB), and only a page with a gaussian splat loads it, once it is on screen
 * (src/site/elements/gaussian/scene.ts). Any other chunk past the limit is still named on every build.
 */
function chunkSizeWarning(): Plugin {
  return {
    name: 'baukasten:chunk-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.code.length <= CHUNK_WARNING_KB * 1024) continue;
        if (chunk.moduleIds.some((id) => id.includes('/node_modules/@sparkjsdev/spark/'))) continue;
        this.warn(
          `${chunk.fileName} is ${Math.round(chunk.code.length / 1024)} kB minified (limit ${CHUNK_WARNING_KB} kB): split it with a dynamic import()`,
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), chunkSizeWarning()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // The site's SSR reads it to link the entry, its chunks and CSS (src/server/modules/cms/assets.ts).
    manifest: true,
    // Checked per chunk by chunkSizeWarning() above.
    chunkSizeWarningLimit: Infinity,
    rolldownOptions: {
      input: CLIENT_ENTRIES,
      // Tailwind's plugin rewrites the stylesheets without a source map, and the build says so on every start;
      // the CSS's map is of no use (the classes are in the components), so that one message is left out.
      onLog(level, log, handler) {
        if (log.code === 'SOURCEMAP_BROKEN' && log.plugin?.startsWith('@tailwindcss/vite')) return;
        handler(level, log);
      },
    },
  },
  server: {
    // `npx vite` during development: the API runs on `npm start`'s port.
    proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true } },
  },
});
