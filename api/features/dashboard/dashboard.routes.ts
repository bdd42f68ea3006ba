import type pg from 'pg';
import { dashboardTodayQuerySchema, type DashboardToday } from '../../../contracts/dashboard';
import { readDashboardToday } from '../../../db/dashboard/today';
import { authedRouter, currentUser } from '../../http/routers';
import { parseQuery } from '../../http/validate';

/** The dashboard's figures, mounted at /api/dashboard. `clock` is injected so tests can pin "today". */
export function dashboardRoutes(pool: pg.Pool, clock: () => Date) {
  const router = authedRouter('workspace:read');

  router.get('/today', async (req, res) => {
    const { tz } = parseQuery(dashboardTodayQuerySchema, req);
    const body: DashboardToday = await readDashboardToday(pool, currentUser(req).workspaceId, tz, clock());
    res.json(body);
  });

  return router;
}
