import type { Request, RequestHandler, Response } from 'express';
import type pg from 'pg';
import { isLsn, type ReadRouter } from '../../db/read-replica';

/**
 * A browser's reads see its own writes with a read replica (ADR 0039): after each request that may
 * write (any method but GET, HEAD and OPTIONS), the primary's WAL insert position is set in a
 * cookie, and the lag-tolerant reads of later requests (`Reads.for`) go to the replica only once it
 * has replayed past that position. A cookie, so every web process behind a load balancer knows it
 * without a shared store; per browser, not per user (another device of the same person can read a
 * replica a few milliseconds behind). Its value is no secret and decides nothing but which copy
 * answers the browser's own reads. Nothing happens without DATABASE_READ_URL.
 */
export const WAL_COOKIE = 'rp.wal';
/** Long enough for any sane replication lag; a replica further behind is someone's outage. */
const WAL_COOKIE_MS = 10 * 60_000;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface Reads {
  /** The pool for this request's reads that tolerate a little lag: the replica or the primary. */
  for(req: Request): Promise<pg.Pool>;
}

export function walCookie(req: Request): string | undefined {
  const m = /(?:^|;\s*)rp\.wal=([0-9A-Fa-f]{1,8}(?:\/|%2F)[0-9A-Fa-f]{1,8})(?:;|$)/.exec(req.headers.cookie ?? '');
  const lsn = m?.[1]?.replace('%2F', '/');
  return isLsn(lsn) ? lsn : undefined;
}

export function readYourWrites(router: ReadRouter, secureCookies: boolean): { recordWrites: RequestHandler; reads: Reads } {
  const reads: Reads = {
    for: (req) => router.pool({ lsn: walCookie(req), workspaceId: (req.user as { workspaceId?: string } | undefined)?.workspaceId }),
  };
  if (!router.configured) return { recordWrites: (_req, _res, next) => next(), reads };

  const recordWrites: RequestHandler = (req, res, next) => {
    if (SAFE.has(req.method)) return next();
    // The handler has committed by the time it ends the response: take the position then, set the
    // cookie, and only then let the response go (one small query on the primary per write).
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    let held = false;
    res.end = ((...args: unknown[]) => {
      if (held || res.headersSent) return end(...args);
      held = true;
      router
        .writePosition()
        .then((lsn) => {
          if (!res.headersSent) res.cookie(WAL_COOKIE, lsn, { httpOnly: true, sameSite: 'lax', secure: secureCookies, maxAge: WAL_COOKIE_MS, path: '/' });
        })
        .catch(() => {
          // The primary did not answer: without a position, this browser's reads stay on the primary.
          if (!res.headersSent)
            res.cookie(WAL_COOKIE, 'FFFFFFFF/FFFFFFFF', { httpOnly: true, sameSite: 'lax', secure: secureCookies, maxAge: 60_000, path: '/' });
        })
        .finally(() => end(...args));
      return res;
    }) as Response['end'];
    next();
  };
  return { recordWrites, reads };
}
