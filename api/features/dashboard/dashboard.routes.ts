import type { DashboardToday } from '../../../contracts/dashboard';
import { readAutomationState } from '../../../db/figures/read-automation-state';
import { readFigures } from '../../../db/figures/read-figures';
import type { Reads } from '../../http/read-your-writes';
import { authedRouter, currentUser } from '../../http/routers';

/**
 * The dashboard's figures, mounted at /api/dashboard. "Today" is the workspace's calendar day (its
 * time zone, Settings); `clock` is injected so tests can pin it. Read from the read replica when there
 * is one (ADR 0039).
 */
export function dashboardRoutes(reads: Reads, clock: () => Date) {
  const router = authedRouter('workspace:read');

  router.get('/today', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const pool = await reads.for(req);
    const [figures, state] = await Promise.all([readFigures(pool, workspaceId, { kind: 'today' }, clock()), readAutomationState(pool, workspaceId)]);
    const body: DashboardToday = { figures, state };
    res.json(body);
  });

  return router;
}
