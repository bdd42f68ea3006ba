import type { RequestHandler } from 'express';
import type { SessionCache } from './session-cache';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Read-your-writes for the session cache (ADR 0016): while a signed-in user's state-changing
 * request runs on this process, none of their sessions or their user row is cached or served from
 * memory, and what was cached is dropped when it starts. A password change, a profile edit or an
 * onboarding step is then seen by the very next request here without waiting for the NOTIFY that
 * tells the other processes.
 */
export function sessionWrites(cache: SessionCache): RequestHandler {
  return (req, res, next) => {
    if (READS.has(req.method) || !req.user || !cache.enabled) return next();
    const end = cache.beginWrite(req.user.id);
    res.once('finish', end);
    res.once('close', end);
    next();
  };
}
