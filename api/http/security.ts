import type { Request, RequestHandler } from 'express';
import helmet from 'helmet';
import { AppError } from './errors';
import { createHash } from 'node:crypto';
import { THEME_BOOT_SCRIPT } from '../../contracts/theme-boot';

/** The CSP source that allows index.html's theme script (contracts/theme-boot.ts) and no other inline script. */
const themeBootScriptSource = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

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
 * CSRF defence (ARCHITECTURE.md#security): state-changing requests must come from our own origin.
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

/** Whether browsers reach us over https (PUBLIC_URL's scheme): the one switch for Secure cookies, HSTS and CSP upgrades. */
export function servesHttps(publicUrl: string | undefined): boolean {
  return publicUrl !== undefined && new URL(publicUrl).protocol === 'https:';
}

interface TransportLog {
  warn: (msg: string) => void;
}

/**
 * The session cookie's `secure` flag, from PUBLIC_URL's scheme rather than NODE_ENV:
 * express-session silently drops a Secure cookie on a request it sees as plain HTTP, so
 * `NODE_ENV=production` behind an http-only proxy signed nobody in. Warns at boot about the two
 * set-ups that still lose logins or leak them.
 */
export function sessionCookieSecure(config: { isProduction: boolean; publicUrl: string | undefined; trustProxy: number }, log: TransportLog): boolean {
  const https = servesHttps(config.publicUrl);
  if (config.isProduction && !https) {
    log.warn(
      `PUBLIC_URL ${config.publicUrl ?? '(unset)'} is plain http: passwords and session cookies cross the network unencrypted. ` +
        'Put TLS in front (a proxy terminating https) and set PUBLIC_URL to its https:// address.',
    );
  }
  if (https && config.trustProxy === 0) {
    log.warn(
      "PUBLIC_URL is https but TRUST_PROXY=0: this server speaks plain HTTP, so without trusting the proxy's " +
        'X-Forwarded-Proto no request looks secure and browsers get no session cookie. Set TRUST_PROXY to the number of proxies in front.',
    );
  }
  return https;
}

/**
 * helmet, with the https-only parts (CSP `upgrade-insecure-requests`, HSTS) sent only when
 * PUBLIC_URL is https. Over plain HTTP the upgrade made browsers fetch our own /assets over
 * https:// and show a blank page on any non-localhost host, and HSTS would pin a later
 * TLS set-up of the same host for a year.
 */
export function securityHeaders(opts: { dev: boolean; publicUrl: string | undefined; log: TransportLog }): RequestHandler {
  const https = servesHttps(opts.publicUrl);
  const headers = helmet({
    // Vite's dev server injects inline scripts for HMR; the built app needs none.
    contentSecurityPolicy: opts.dev
      ? false
      : {
          directives: {
            // Our scripts, and the one inline script of index.html (the theme set before first paint), by its hash.
            'script-src': ["'self'", themeBootScriptSource],
            'img-src': ["'self'", 'data:', 'blob:', 'https:'],
            'connect-src': ["'self'"],
            'upgrade-insecure-requests': https ? [] : null,
          },
        },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  let warned = false;
  return (req, res, next) => {
    // A sign-in that arrives as plain HTTP while PUBLIC_URL is https gets no cookie (express-session
    // refuses Secure on it); say so once instead of failing silently.
    if (https && !warned && !req.secure && req.path.startsWith('/api/auth/')) {
      warned = true;
      opts.log.warn(
        `A sign-in request arrived as ${req.protocol}:// although PUBLIC_URL is https, so it gets no session cookie. ` +
          'The proxy must send X-Forwarded-Proto: https and TRUST_PROXY must count it.',
      );
    }
    headers(req, res, next);
  };
}
