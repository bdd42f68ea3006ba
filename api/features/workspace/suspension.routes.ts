import type pg from 'pg';
import type { RequestHandler } from 'express';
import { suspendedMessage, type WorkspaceSuspension } from '../../../contracts/admin';
import { readSuspension } from '../../../db/admin/suspend-workspace';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser } from '../../http/routers';

/** GET /api/workspace/suspension: whether the instance operator suspended this workspace, and why (the app's banner). */
export function suspensionRoutes(pool: pg.Pool) {
  const router = authedRouter('workspace:read');
  router.get('/', async (req, res) => {
    const s = await readSuspension(pool, currentUser(req).workspaceId);
    const body: WorkspaceSuspension = { suspended: s ? { at: s.at.toISOString(), reason: s.reason } : null };
    res.json(body);
  });
  return router;
}

/**
 * Mounted before the automation features' routers (flows, comment rules, broadcasts, /automation):
 * while the acting workspace is suspended (ADR 0042), every change is refused with 409 saying why;
 * reads go through. One primary-key read per change; reads and signed-out requests cost nothing.
 */
export function refuseWhileSuspended(pool: pg.Pool): RequestHandler {
  return (req, _res, next) => {
    if (!req.user || req.method === 'GET' || req.method === 'HEAD') return next();
    readSuspension(pool, req.user.workspaceId).then(
      (s) => next(s ? new AppError('CONFLICT', suspendedMessage(s.reason), { suspended: true }) : undefined),
      next,
    );
  };
}
