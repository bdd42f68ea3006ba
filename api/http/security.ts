import type { Request, RequestHandler } from 'express';
import helmet from 'helmet';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origins a browser request may come from: PUBLIC_URL and the host it was sent to. */
export function allowedOrigins(req: Request, publicUrl: string | undefined): string[] {
  const origins = [`${req.protocol}://${req.get('host') ?? ''}`];
  if (publicUrl) origins.push(new URL(publicUrl).origin);
  return origins;
}

export function isSameOrigin(req: Request, publicUrl: string | undefined): boolean {
  // Browsers mark cross-site requests; trust that first when present.
  const site = req.get('sec-fetch-site');
  if (site === 'cross-site') return false;
  const origin = req.get('origin');
  if (origin === undefined) return true; // not a browser (curl, server-to-server): no ambient cookies to abuse
  return allowedOrigins(req, publicUrl).includes(origin);
}

/**
 * CSRF defence (architecture.md §6): state-changing requests must come from our own origin.
 * Combined with SameSite=Lax cookies this refuses cross-site form posts and fetches.
 */
export function sameOriginOnly(publicUrl: string | undefined, exemptPrefixes: string[] = []): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (exemptPrefixes.some((p) => req.path.startsWith(p))) return next();
    if (!isSameOrigin(req, publicUrl)) return next(new AppError('FORBIDDEN', 'Cross-origin request refused'));
    next();
  };
}

export function securityHeaders(opts: { dev: boolean }): RequestHandler {
  return helmet({
    // Vite's dev server injects inline scripts for HMR; the built app needs none.
    contentSecurityPolicy: opts.dev
      ? false
      : {
          directives: {
            'img-src': ["'self'", 'data:', 'blob:', 'https:'],
            'connect-src': ["'self'"],
          },
        },
    crossOriginEmbedderPolicy: false,
  });
}
