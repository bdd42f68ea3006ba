import { type Express } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMMUTABLE, precompressedStatic, REVALIDATE, sendPrecompressed } from './static-files';

export const uiDistDir = fileURLToPath(new URL('../../dist/ui', import.meta.url));

/** Paths the SPA must never swallow. */
const serverOwned = /^\/(api|auth|oauth|ws)(\/|$)/;

/**
 * Serves the built React app with an SPA fallback (`npm start`), or mounts Vite in middleware
 * mode for hot reload (`npm run dev`), so the app is always on one port. `distDir` is for tests.
 */
export async function mountUi(app: Express, mode: 'static' | 'dev' | 'none', distDir = uiDistDir): Promise<() => Promise<void>> {
  if (mode === 'none') return async () => {};
  if (mode === 'dev') {
    const { createServer } = await import('vite');
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'spa' });
    app.use((req, res, next) => (serverOwned.test(req.path) ? next() : vite.middlewares(req, res, next)));
    return () => vite.close();
  }
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) {
    throw new Error(`The UI is not built (${index} is missing). Run \`npm run build\` or use \`npm start\`.`);
  }
  // Hashed assets are immutable; a missing one is a 404 here, never the SPA's index.html.
  app.use('/assets', precompressedStatic(path.join(distDir, 'assets'), { cacheControl: IMMUTABLE, notFound: '404' }));
  // Unhashed public files (favicon, sw.js, sandbox images) and index.html are revalidated every time.
  app.use(precompressedStatic(distDir, { cacheControl: REVALIDATE, notFound: 'next' }));
  app.get(/.*/, (req, res, next) => {
    if (serverOwned.test(req.path)) return next();
    sendPrecompressed(req, res, next, index, REVALIDATE);
  });
  return async () => {};
}
