import type pg from 'pg';
import { z } from 'zod';
import type { AutomationActivity } from '../../contracts/automation';

const row = z.object({ id: z.string(), action: z.string(), message: z.string(), intent: z.string(), created_at: z.date() });

/** The workspace's 50 latest automation events, newest first. */
export async function listRecentActivity(db: pg.Pool, workspaceId: string): Promise<AutomationActivity[]> {
  const { rows } = await db.query(
    'select id, action, message, intent, created_at from automation_activity where workspace_id = $1 order by created_at desc, id desc limit 50',
    [workspaceId],
  );
  return z
    .array(row)
    .parse(rows)
    .map((r) => ({ id: r.id, action: r.action, message: r.message, intent: r.intent, createdAt: r.created_at.toISOString() }));
}

/** Potential leads: docs/product-spec.md §3 counts any intent other than general. */
export async function countLeadActivity(db: pg.Pool, workspaceId: string): Promise<number> {
  const { rows } = await db.query<{ count: string }>("select count(*) from automation_activity where workspace_id = $1 and intent <> 'general'", [workspaceId]);
  return Number(rows[0]?.count ?? 0);
}
