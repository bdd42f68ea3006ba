import type pg from 'pg';
import { workspaceTimeZoneSchema, type WorkspaceTimeZone } from '../../../contracts/time-zone';
import { readWorkspaceTimeZone, writeWorkspaceTimeZone } from '../../../db/workspaces/time-zone';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser } from '../../http/routers';
import { parseBody } from '../../http/validate';

/**
 * Settings → Time zone, mounted at /api/settings/time-zone: the zone the workspace's days are in
 * (docs/product-spec.md, Glossary: day). Every figure's "today" and "last 7 days" follows it.
 */
export function timeZoneRoutes(pool: pg.Pool) {
  const router = authedRouter({ read: 'workspace:read', write: 'settings:manage' });
  router.get('/', async (req, res) => {
    const body: WorkspaceTimeZone = { timeZone: await readWorkspaceTimeZone(pool, currentUser(req).workspaceId) };
    res.json(body);
  });
  router.put('/', async (req, res) => {
    const { timeZone } = parseBody(workspaceTimeZoneSchema, req);
    if ((await writeWorkspaceTimeZone(pool, currentUser(req).workspaceId, timeZone)) === 'unknown_zone') {
      throw new AppError('BAD_REQUEST', 'Unknown time zone', [{ path: 'timeZone', message: 'Unknown time zone' }]);
    }
    const body: WorkspaceTimeZone = { timeZone };
    res.json(body);
  });
  return router;
}
