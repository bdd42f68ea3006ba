import type pg from 'pg';
import { z } from 'zod';
import type { RecentActivity, RecentLead } from '../../contracts/analytics';
import { activityLedgerJoinSql, activityMessageSql } from '../automation/activity-lines';

const leadRow = z.object({ id: z.string(), name: z.string(), source: z.string(), status: z.string(), value_cents: z.number(), created_at: z.date() });

/** The workspace's 5 newest leads (an index walk of leads_workspace_recent_idx). */
export async function readRecentLeads(db: pg.Pool, workspaceId: string): Promise<RecentLead[]> {
  const { rows } = await db.query(
    `select id, name, source, status, value_cents, created_at from leads where workspace_id = $1 order by created_at desc, id desc limit 5`,
    [workspaceId],
  );
  return z
    .array(leadRow)
    .parse(rows)
    .map((r) => ({ id: r.id, name: r.name, source: r.source, status: r.status, value: r.value_cents, createdAt: r.created_at.toISOString() }));
}

const activityRow = z.object({ id: z.string(), type: z.string(), message: z.string(), created_at: z.date() });

/** The 10 latest things that happened: automation activity and conversions, newest first. */
export async function readRecentActivity(db: pg.Pool, workspaceId: string): Promise<RecentActivity[]> {
  const { rows } = await db.query(
    `(select a.id::text, a.action as type, ${activityMessageSql('a')} as message, a.created_at
      from (select * from automation_activity where workspace_id = $1 order by created_at desc limit 10) a ${activityLedgerJoinSql('a')})
     union all
     (select id::text, 'conversion' as type,
        'Conversion of $' || to_char(amount_cents / 100.0, 'FM999999990.00') || ' (' || source || ')' as message, created_at
      from conversions where workspace_id = $1 order by created_at desc limit 10)
     order by created_at desc limit 10`,
    [workspaceId],
  );
  return z
    .array(activityRow)
    .parse(rows)
    .map((r) => ({ id: r.id, type: r.type, message: r.message, createdAt: r.created_at.toISOString() }));
}
