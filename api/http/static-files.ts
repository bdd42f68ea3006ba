import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { statSync } from 'node:fs';
import path from 'node:path';

/** Precompressed variants written next to each file at build time (bin/precompress.vite-plugin.ts), best first. */
const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** Hashed build output never changes under its name; everything else is revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Whether an Accept-Encoding header accepts a coding (q > 0, by name or through `*`). */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  let wildcard: boolean | undefined;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const accepted = qParam === undefined || Number(qParam.slice(2)) > 0;
    if (name.trim() === coding) return accepted;
    if (name.trim() === '*') wildcard = accepted;
  }
  return wildcard ?? false;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Sends `file` as its precompressed .br/.gz twin when the client accepts it, else as is, with the
 * original Content-Type, `Vary: Accept-Encoding` and the given Cache-Control. ETag and
 * Last-Modified come from the bytes actually sent, so each encoding revalidates on its own.
 */
export function sendPrecompressed(req: Request, res: Response, next: NextFunction, file: string, cacheControl: string): void {
  const accept = req.get('accept-encoding');
  const variant = VARIANTS.find((v) => acceptsEncoding(accept, v.encoding) && isFile(file + v.suffix));
  res.vary('Accept-Encoding');
  res.setHeader('Cache-Control', cacheControl);
  // send() keeps a Content-Type that is already set, so a .br file still goes out as text/javascript.
  res.type(path.extname(file) || 'application/octet-stream');
  if (variant) res.setHeader('Content-Encoding', variant.encoding);
  res.sendFile(variant ? file + variant.suffix : file, { cacheControl: false, dotfiles: 'allow' }, (err?: Error & { code?: string }) => {
    if (!err || err.code === 'ECONNABORTED' || res.headersSent) return;
    // Deleted between the stat and the open (a rebuild under a running server): still a 404.
    if (err.code === 'ENOENT') {
      res.removeHeader('Content-Encoding');
      res.status(404).type('text/plain').send('Not Found');
      return;
    }
    next(err);
  });
}

/**
 * Serves the files of `dir` (GET/HEAD), precompressed when possible. A path that is missing, a
 * directory, a dotfile, outside `dir` or not decodable is `notFound`: 'next' lets the SPA fallback
 * answer, '404' answers a plain 404 itself (a missing /assets file is the client's stale
 * index.html, never a server error).
 */
export function precompressedStatic(dir: string, opts: { cacheControl: string; notFound: 'next' | '404' }): RequestHandler {
  const root = path.resolve(dir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const miss = () => (opts.notFound === 'next' ? next() : res.status(404).type('text/plain').send('Not Found'));
    let decoded: string;
    try {
      decoded = decodeURIComponent(req.path);
    } catch {
      return miss();
    }
    if (decoded.includes('\0')) return miss();
    const file = path.resolve(root, `.${path.posix.sep}${decoded}`);
    const relative = path.relative(root, file);
    if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return miss();
    if (relative.split(path.sep).some((segment) => segment.startsWith('.'))) return miss();
    if (!isFile(file)) return miss();
    sendPrecompressed(req, res, next, file, opts.cacheControl);
  };
}
