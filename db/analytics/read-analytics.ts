import type pg from 'pg';
import { z } from 'zod';
import type { AnalyticsDay, FlowFunnel, PlatformTotals } from '../../contracts/analytics';
import { workspaceTodaySql } from '../figures/period-sql';

/**
 * The analytics charts: only the rollup rows (analytics_daily, analytics_flow_daily, kept by the
 * triggers of migrations 0016 and 0033), never the raw event tables, so a workspace with millions of
 * messages costs at most 90 days × 5 platforms × 16 shards rows. The window is the last `days`
 * calendar days in the workspace's time zone, today included, on the database's clock (the one the
 * triggers stamp days with). The period's totals (the glossary's figures) are db/figures/read-figures.ts.
 */
const today = workspaceTodaySql('$1');
const windowStart = `(${today} - ($2::int - 1))`;

const int = z.coerce.number().int();
const dayRow = z.object({
  day: z.string(),
  messages_in: int,
  messages_out: int,
  comments_answered: int,
  dms_queued: int,
  dms_sent: int,
  dms_failed: int,
  leads_created: int,
  conversions: int,
  revenue_cents: int,
  link_clicks: int,
  automated_replies: int,
});

const sums = `coalesce(sum(messages_in), 0) as messages_in, coalesce(sum(messages_out), 0) as messages_out,
  coalesce(sum(comments_answered), 0) as comments_answered, coalesce(sum(dms_queued), 0) as dms_queued,
  coalesce(sum(dms_sent), 0) as dms_sent, coalesce(sum(dms_failed), 0) as dms_failed,
  coalesce(sum(leads_created), 0) as leads_created, coalesce(sum(conversions), 0) as conversions,
  coalesce(sum(revenue_cents), 0) as revenue_cents, coalesce(sum(link_clicks), 0) as link_clicks,
  coalesce(sum(automated_replies), 0) as automated_replies`;

const toDay = (r: z.infer<typeof dayRow>): AnalyticsDay => ({
  day: r.day,
  messagesIn: r.messages_in,
  messagesOut: r.messages_out,
  commentsAnswered: r.comments_answered,
  dmsQueued: r.dms_queued,
  dmsSent: r.dms_sent,
  dmsFailed: r.dms_failed,
  leadsCreated: r.leads_created,
  conversions: r.conversions,
  revenueCents: r.revenue_cents,
  linkClicks: r.link_clicks,
  automatedReplies: r.automated_replies,
});

/** One row per day of the window, oldest first, zeros where nothing happened. */
export async function readDailySeries(db: pg.Pool, workspaceId: string, days: number): Promise<AnalyticsDay[]> {
  const { rows } = await db.query(
    `select to_char(d.day, 'YYYY-MM-DD') as day, ${sums}
     from generate_series(${windowStart}, ${today}, interval '1 day') as d(day)
     left join analytics_daily a on a.workspace_id = $1 and a.day = d.day::date
     group by d.day order by d.day`,
    [workspaceId, days],
  );
  return z.array(dayRow).parse(rows).map(toDay);
}

const platformRow = z.object({
  platform: z.string(),
  messages_in: int,
  messages_out: int,
  dms_sent: int,
  automated_replies: int,
  leads_created: int,
  conversions: int,
  revenue_cents: int,
});

/** Totals per platform ('none' = manual leads and conversions with no contact; 'simulator' = the sandbox accounts). */
export async function readPlatformTotals(db: pg.Pool, workspaceId: string, days: number): Promise<PlatformTotals[]> {
  const { rows } = await db.query(
    `select platform, sum(messages_in) as messages_in, sum(messages_out) as messages_out, sum(dms_sent) as dms_sent,
       sum(automated_replies) as automated_replies, sum(leads_created) as leads_created, sum(conversions) as conversions, sum(revenue_cents) as revenue_cents
     from analytics_daily where workspace_id = $1 and day >= ${windowStart} group by platform order by platform`,
    [workspaceId, days],
  );
  return z
    .array(platformRow)
    .parse(rows)
    .map((r) => ({
      platform: r.platform,
      messagesIn: r.messages_in,
      messagesOut: r.messages_out,
      dmsSent: r.dms_sent,
      automatedReplies: r.automated_replies,
      leadsCreated: r.leads_created,
      conversions: r.conversions,
      revenueCents: r.revenue_cents,
    }));
}

const flowRow = z.object({
  flow_id: z.string(),
  name: z.string(),
  runs_started: int,
  runs_completed: int,
  runs_failed: int,
  conversions: int,
  revenue_cents: int,
});

/** Per flow with any run or conversion in the window: entered → completed / failed → converted. */
export async function readFlowFunnels(db: pg.Pool, workspaceId: string, days: number): Promise<FlowFunnel[]> {
  const { rows } = await db.query(
    `select a.flow_id, f.name, sum(a.runs_started) as runs_started, sum(a.runs_completed) as runs_completed,
       sum(a.runs_failed) as runs_failed, sum(a.conversions) as conversions, sum(a.revenue_cents) as revenue_cents
     from analytics_flow_daily a join flows f on f.id = a.flow_id
     where a.workspace_id = $1 and a.day >= ${windowStart}
     group by a.flow_id, f.name order by sum(a.runs_started) desc, f.name`,
    [workspaceId, days],
  );
  return z
    .array(flowRow)
    .parse(rows)
    .map((r) => ({
      flowId: r.flow_id,
      name: r.name,
      runsStarted: r.runs_started,
      runsCompleted: r.runs_completed,
      runsFailed: r.runs_failed,
      conversions: r.conversions,
      revenueCents: r.revenue_cents,
    }));
}
