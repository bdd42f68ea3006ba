import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

// The UI is a plain SPA built into dist/ui; the web process serves it (and in `npm run dev`
// mounts Vite as middleware, so there is still one port).
export default defineConfig({
  root: fileURLToPath(new URL('./ui', import.meta.url)),
  publicDir: fileURLToPath(new URL('./ui/public', import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/ui', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // The entry chunk (react-dom, router, Headless UI: what the landing page needs) is ~520 kB raw,
    // ~165 kB gzip; every tool page is lazy-loaded on top of it.
    chunkSizeWarningLimit: 600,
  },
});
