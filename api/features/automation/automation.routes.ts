import type pg from 'pg';
import { z } from 'zod';
import type { AutomationActivityCount, AutomationActivityResponse } from '../../../contracts/automation';
import { authedRouter, currentUser } from '../../http/routers';

const row = z.object({ id: z.string(), action: z.string(), message: z.string(), intent: z.string(), created_at: z.date() });

export function automationRoutes(pool: pg.Pool) {
  const router = authedRouter();

  router.get('/api/automation/activity', async (req, res) => {
    const { rows } = await pool.query(
      'select id, action, message, intent, created_at from automation_activity where workspace_id = $1 order by created_at desc, id desc limit 50',
      [currentUser(req).workspaceId],
    );
    const body: AutomationActivityResponse = {
      activities: z
        .array(row)
        .parse(rows)
        .map((r) => ({ id: r.id, action: r.action, message: r.message, intent: r.intent, createdAt: r.created_at.toISOString() })),
    };
    res.json(body);
  });

  // spec §3: any intent other than general counts as a potential lead.
  router.get('/api/automation/activity/count', async (req, res) => {
    const { rows } = await pool.query<{ count: string }>(
      "select count(*) from automation_activity where workspace_id = $1 and intent <> 'general'",
      [currentUser(req).workspaceId],
    );
    const body: AutomationActivityCount = { count: Number(rows[0]?.count ?? 0) };
    res.json(body);
  });

  return router;
}
