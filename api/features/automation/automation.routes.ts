import type pg from 'pg';
import type { AutomationActivityCount, AutomationActivityResponse, AutomationOverview, AutomationStartResponse } from '../../../contracts/automation';
import { readAutomationOverview, resumePausedAutomations } from '../../../db/automation/overview';
import { listRecentActivity } from '../../../db/automation/read-activity';
import { readFigures } from '../../../db/figures/read-figures';
import { recordActivity } from '../../../db/record-activity';
import { authedRouter, currentUser } from '../../http/routers';

/** The automation activity feed, what runs, and "start", mounted at /api/automation. `clock` decides which queued sends are due. */
export function automationRoutes(pool: pg.Pool, clock: () => Date) {
  const router = authedRouter({ read: 'workspace:read', write: 'flows:write' });

  router.get('/activity', async (req, res) => {
    const body: AutomationActivityResponse = { activities: await listRecentActivity(pool, currentUser(req).workspaceId) };
    res.json(body);
  });

  // docs/product-spec.md §3 counted "potential leads" from the feed's intents, a number no other page
  // showed; it is the workspace's leads (glossary: lead), the number the Leads page shows.
  router.get('/activity/count', async (req, res) => {
    const figures = await readFigures(pool, currentUser(req).workspaceId, { kind: 'all' }, clock());
    const body: AutomationActivityCount = { count: figures.leads };
    res.json(body);
  });

  router.get('/overview', async (req, res) => {
    const body: AutomationOverview = await readAutomationOverview(pool, currentUser(req).workspaceId, clock());
    res.json(body);
  });

  /** docs/product-spec.md §7: no body. Resumes every paused published flow and comment rule. */
  router.post('/start', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const resumed = await resumePausedAutomations(pool, workspaceId);
    if (resumed.flows + resumed.rules > 0) {
      await recordActivity(
        pool,
        workspaceId,
        'automation_started',
        `Automation started: ${resumed.flows} flow(s) and ${resumed.rules} comment rule(s) resumed`,
        'general',
      );
    }
    const body: AutomationStartResponse = { resumed };
    res.json(body);
  });

  return router;
}
