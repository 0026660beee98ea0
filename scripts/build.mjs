#!/usr/bin/env node
// npm run build: the browser bundles with vite (dist/client), then the server bundle with esbuild
// (dependencies stay in node_modules) into dist/server.
import { build } from 'esbuild';
import { buildClient } from './build-client.mjs';

/** Style sheets imported from packages (`uplot/dist/uPlot.min.css`) would stay imports of the bundle: empty them too. */
const emptyPackageCss = {
  name: 'empty-package-css',
  setup(build) {
    build.onResolve({ filter: /\.css$/ }, (args) => ({ path: args.path, namespace: 'empty-css' }));
    build.onLoad({ filter: /.*/, namespace: 'empty-css' }, () => ({ contents: '', loader: 'empty' }));
  },
};

const started = Date.now();
await buildClient();
console.log(`Built dist/client (${((Date.now() - started) / 1000).toFixed(1)} s)`);

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  // The server renders site elements (SSR); their styles come from the client build.
  loader: { '.css': 'empty' },
  plugins: [emptyPackageCss],
  sourcemap: true,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log('Built dist/server/main.js');
