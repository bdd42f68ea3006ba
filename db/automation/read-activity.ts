import type pg from 'pg';
import { z } from 'zod';
import type { AutomationActivity } from '../../contracts/automation';
import { activityLedgerJoinSql, activityMessageSql } from './activity-lines';

const row = z.object({ id: z.string(), action: z.string(), message: z.string(), intent: z.string(), created_at: z.date() });

/** The workspace's 50 latest automation events, newest first. */
export async function listRecentActivity(db: pg.Pool, workspaceId: string): Promise<AutomationActivity[]> {
  const { rows } = await db.query(
    `select a.id, a.action, ${activityMessageSql('a')} as message, a.intent, a.created_at
     from (select * from automation_activity where workspace_id = $1 order by created_at desc, id desc limit 50) a
     ${activityLedgerJoinSql('a')}
     order by a.created_at desc, a.id desc`,
    [workspaceId],
  );
  return z
    .array(row)
    .parse(rows)
    .map((r) => ({ id: r.id, action: r.action, message: r.message, intent: r.intent, createdAt: r.created_at.toISOString() }));
}
