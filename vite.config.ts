import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Front-end builds (admin SPA, public site client + SSR, diagnostics) are separate entries so a
// visitor of the public site never downloads admin code. Entries are added as the front ends land.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: true },
});
