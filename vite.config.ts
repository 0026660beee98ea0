import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * Front-end builds (admin SPA, public site client + SSR, diagnostics) are separate entries so a
 * visitor of the public site never downloads admin code. Add an entry here as a front end lands;
 * each HTML entry is emitted under dist/client/ at its path relative to the project root
 * (the admin's at dist/client/src/admin/index.html) and shares dist/client/assets/.
 */
export const CLIENT_ENTRIES = {
  admin: here('src/admin/index.html'),
  // The public site: a module entry; the server renders its HTML and links the built files via the manifest.
  site: here('src/site/client/main.tsx'),
} as const;

/**
 * The admin loads its logged-in code with a dynamic import (the login screen does not need it).
 * When a login is stored, a tiny inline script preloads that chunk in parallel with the entry.
 */
function preloadAdminApp(): Plugin {
  return {
    name: 'baukasten:preload-admin-app',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (item) => item.type === 'chunk' && item.name === 'AdminApp',
        );
        if (!chunk || !context.filename.endsWith('src/admin/index.html')) return html;
        const files = [chunk.fileName, ...('imports' in chunk ? chunk.imports : [])].map((file) => `/${file}`);
        const script = `<script>try{if(localStorage.getItem('baukasten.admin.login'))for(const f of ${JSON.stringify(files)}){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.append(l)}}catch{}</script>`;
        // The Latin subset of the interface font: asked for with the stylesheet, not once text is laid out.
        const font = Object.keys(context.bundle ?? {}).find((file) =>
          /\/inter-latin-wght-normal-[^/]+\.woff2$/.test(file),
        );
        const preload = font
          ? `\n    <link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">`
          : '';
        return html.replace('</title>', `</title>\n    ${script}${preload}`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadAdminApp()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // The site's SSR reads it to link the entry, its chunks and CSS (src/server/modules/cms/assets.ts).
    manifest: true,
    // 250 kB gzip is the admin's budget for a list page; warn on any single chunk far past it.
    chunkSizeWarningLimit: 600,
    rolldownOptions: { input: CLIENT_ENTRIES },
  },
  server: {
    // `npx vite` during development: the API runs on `npm start`'s port.
    proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true } },
  },
});
