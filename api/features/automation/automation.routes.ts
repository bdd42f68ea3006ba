import type pg from 'pg';
import type { AutomationActivityCount, AutomationActivityResponse } from '../../../contracts/automation';
import { countLeadActivity, listRecentActivity } from '../../../db/automation/read-activity';
import { authedRouter, currentUser } from '../../http/routers';

/** The automation activity feed, mounted at /api/automation. */
export function automationRoutes(pool: pg.Pool) {
  const router = authedRouter();

  router.get('/activity', async (req, res) => {
    const body: AutomationActivityResponse = { activities: await listRecentActivity(pool, currentUser(req).workspaceId) };
    res.json(body);
  });

  router.get('/activity/count', async (req, res) => {
    const body: AutomationActivityCount = { count: await countLeadActivity(pool, currentUser(req).workspaceId) };
    res.json(body);
  });

  return router;
}
