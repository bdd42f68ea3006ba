import type pg from 'pg';
import { z } from 'zod';

type Db = Pick<pg.PoolClient, 'query'>;

const usageRow = z.object({ user_id: z.string(), messages_used: z.number(), message_limit: z.number(), period: z.string() });

export interface Usage {
  messagesUsed: number;
  messageLimit: number;
}

/** Share of the limit at which the owner hears about it, once per month each (docs/product-spec.md §6: alerts, never a stop). */
const thresholds = [
  { percent: 80, title: 'You have used 80 % of this month’s messages' },
  { percent: 100, title: 'You have used all of this month’s messages' },
] as const;

/**
 * Counts `n` messages (an AI answer, an automated DM that was sent) against the workspace owner's
 * monthly allowance (users.messages_used), in the caller's transaction so it commits or rolls back
 * with what it counts. The first use in a new UTC month starts the count again from `n`
 * (usage_period_start). Crossing 80 % and 100 % of message_limit adds one notification each per
 * month: the key `usage-80:2026-11` is unique per user, so a retry or a race adds nothing. Nothing
 * is ever blocked here. The owner is the workspace's first user (workspaces are made with one).
 */
export async function recordUsage(db: Db, workspaceId: string, n = 1): Promise<Usage | null> {
  const { rows } = await db.query(
    `with month as (select date_trunc('month', now() at time zone 'utc') at time zone 'utc' as start),
          owner as (select id from users where workspace_id = $1 order by created_at, id limit 1)
     update users u set
       messages_used = case when u.usage_period_start < month.start then $2 else u.messages_used + $2 end,
       usage_period_start = greatest(u.usage_period_start, month.start),
       updated_at = now()
     from owner, month
     where u.id = owner.id
     returning u.id as user_id, u.messages_used, u.message_limit,
               to_char(u.usage_period_start at time zone 'utc', 'YYYY-MM') as period`,
    [workspaceId, n],
  );
  if (rows.length === 0) return null;
  const row = usageRow.parse(rows[0]);
  for (const t of thresholds) {
    if (row.message_limit <= 0 || row.messages_used * 100 < row.message_limit * t.percent) continue;
    await db.query(
      `insert into notifications (workspace_id, user_id, kind, key, title, body, link)
       values ($1, $2, 'usage', $3, $4, $5, '/settings')
       on conflict (user_id, key) do nothing`,
      [
        workspaceId,
        row.user_id,
        `usage-${t.percent}:${row.period}`,
        t.title,
        `${row.messages_used} of ${row.message_limit} messages used in ${row.period} (AI answers and automated DMs). Nothing is paused; the count starts again next month.`,
      ],
    );
  }
  return { messagesUsed: row.messages_used, messageLimit: row.message_limit };
}
