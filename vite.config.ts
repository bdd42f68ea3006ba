import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { precompressPlugin } from './bin/precompress.vite-plugin.ts';
import { THEME_BOOT_SCRIPT } from './contracts/theme-boot.ts';

/** index.html's <!-- theme-boot --> becomes the inline theme script (its CSP hash: api/http/security.ts). */
const themeBootPlugin = () => ({
  name: 'replypilot-theme-boot',
  transformIndexHtml: (html: string) => html.replace('<!-- theme-boot -->', `<script>${THEME_BOOT_SCRIPT}</script>`),
});

// The UI is a plain SPA built into dist/ui; the web process serves it (and in `npm run dev`
// mounts Vite as middleware, so there is still one port).
export default defineConfig(({ mode }) => ({
  root: fileURLToPath(new URL('./ui', import.meta.url)),
  publicDir: fileURLToPath(new URL('./ui/public', import.meta.url)),
  // Writes .br/.gz next to every built file and dist/ui/.build-info.json (what bin/start.ts checks).
  plugins: [react(), tailwindcss(), precompressPlugin(), themeBootPlugin()],
  resolve: {
    // ui/ imports contracts as @contracts/<file> (also in tsconfig.json paths, vitest.config.ts, eslint.config.js).
    alias: { '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/ui', import.meta.url)),
    emptyOutDir: true,
    // Everything under dist/ui is public: no source maps in a production build.
    // `vite build --mode development` still writes them for debugging a build locally.
    sourcemap: mode !== 'production',
    // The entry chunk (react-dom, router, Headless UI: what the landing page needs) is ~520 kB raw,
    // ~165 kB gzip; every tool page is lazy-loaded on top of it.
    chunkSizeWarningLimit: 600,
  },
}));
