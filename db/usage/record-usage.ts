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

/** Where the usage statement's inputs are in the enclosing statement's parameters (`$n`). */
export interface UsageParams {
  workspaceId: string;
  n: string;
  /** A boolean parameter: false counts nothing and touches no row (a send that is not metered). */
  enabled: string;
  percents: string;
  titles: string;
}

/**
 * recordUsage as CTEs (`usage` returns the owner's counters; `usage_alerts` adds the threshold
 * notifications), so a caller can count in the same statement as what it counts (the sent mark of a
 * send, activities/send-at-most-once.ts). Values for `percents` and `titles`: usageThresholdParams().
 */
export function usageCtes(p: UsageParams): string {
  return `usage_month as (select date_trunc('month', now() at time zone 'utc') at time zone 'utc' as start),
     usage_owner as (select id from users where workspace_id = ${p.workspaceId} order by created_at, id limit 1),
     usage as (
       update users u set
         messages_used = case when u.usage_period_start < usage_month.start then ${p.n} else u.messages_used + ${p.n} end,
         usage_period_start = greatest(u.usage_period_start, usage_month.start),
         updated_at = now()
       from usage_owner, usage_month
       where u.id = usage_owner.id and ${p.enabled}
       returning u.id as user_id, u.messages_used, u.message_limit,
                 to_char(u.usage_period_start at time zone 'utc', 'YYYY-MM') as period
     ),
     usage_alerts as (
       insert into notifications (workspace_id, user_id, kind, key, title, body, link)
       select ${p.workspaceId}, usage.user_id, 'usage', 'usage-' || t.percent || ':' || usage.period, t.title,
              usage.messages_used || ' of ' || usage.message_limit || ' messages used in ' || usage.period
                || ' (AI answers and automated DMs). Nothing is paused; the count starts again next month.',
              '/settings'
       from usage, unnest(${p.percents}::int[], ${p.titles}::text[]) as t(percent, title)
       where usage.message_limit > 0 and usage.messages_used * 100 >= usage.message_limit * t.percent
       on conflict (user_id, key) do nothing
     )`;
}

/** The `percents` and `titles` parameters of usageCtes. */
export function usageThresholdParams(): [number[], string[]] {
  return [thresholds.map((t) => t.percent), thresholds.map((t) => t.title)];
}

/**
 * Counts `n` messages (an AI answer, an automated DM that was sent) against the workspace owner's
 * monthly allowance (users.messages_used), in the caller's transaction so it commits or rolls back
 * with what it counts. The first use in a new UTC month starts the count again from `n`
 * (usage_period_start). Crossing 80 % and 100 % of message_limit adds one notification each per
 * month: the key `usage-80:2026-11` is unique per user, so a retry or a race adds nothing. Nothing
 * is ever blocked here. The owner is the workspace's first user (workspaces are made with one).
 * One statement (the count and its notifications).
 */
export async function recordUsage(db: Db, workspaceId: string, n = 1): Promise<Usage | null> {
  const { rows } = await db.query(
    `with ${usageCtes({ workspaceId: '$1', n: '$2', enabled: 'true', percents: '$3', titles: '$4' })}
     select user_id, messages_used, message_limit, period from usage`,
    [workspaceId, n, ...usageThresholdParams()],
  );
  if (rows.length === 0) return null;
  const row = usageRow.parse(rows[0]);
  return { messagesUsed: row.messages_used, messageLimit: row.message_limit };
}
