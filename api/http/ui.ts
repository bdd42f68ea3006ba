import express, { type Express } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const uiDistDir = fileURLToPath(new URL('../../dist/ui', import.meta.url));

/** Paths the SPA must never swallow. */
const serverOwned = /^\/(api|auth|oauth|ws)(\/|$)/;

/**
 * Serves the built React app with an SPA fallback (`npm start`), or mounts Vite in middleware
 * mode for hot reload (`npm run dev`), so the app is always on one port.
 */
export async function mountUi(app: Express, mode: 'static' | 'dev' | 'none'): Promise<() => Promise<void>> {
  if (mode === 'none') return async () => {};
  if (mode === 'dev') {
    const { createServer } = await import('vite');
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'spa' });
    app.use((req, res, next) => (serverOwned.test(req.path) ? next() : vite.middlewares(req, res, next)));
    return () => vite.close();
  }
  const index = path.join(uiDistDir, 'index.html');
  if (!existsSync(index)) {
    throw new Error(`The UI is not built (${index} is missing). Run \`npm run build\` or use \`npm start\`.`);
  }
  // Hashed assets are immutable; index.html must always be revalidated.
  app.use(
    '/assets',
    express.static(path.join(uiDistDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  app.use(express.static(uiDistDir, { index: false, maxAge: 0 }));
  app.get(/.*/, (req, res, next) => {
    if (serverOwned.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return async () => {};
}
