import type pg from 'pg';
import { z } from 'zod';
import { averageCents, formatRate, type Figures } from '../../contracts/figures';

/**
 * The glossary's figures (docs/product-spec.md, "Glossary"), the one place each is computed. What
 * counts is decided once, by the rollup triggers (migrations 0016, 0024, 0033) that add every event to
 * analytics_daily / analytics_flow_daily on its calendar day in the workspace's time zone; this file
 * only sums those rows over a period. Every page that shows one of these figures reads it through
 * here: the dashboard, Analytics, Comment Growth, Leads, Connect Accounts and the landing page.
 */

/** Today only, the last `days` days (today included), or everything so far. */
export type Period = { kind: 'today' } | { kind: 'days'; days: number } | { kind: 'all' };

const daysOf = (p: Period): number | null => (p.kind === 'today' ? 1 : p.kind === 'days' ? p.days : null);

const int = z.coerce.number().int();
const row = z.object({
  time_zone: z.string().nullable(),
  today: z.string(),
  from_day: z.string().nullable(),
  automated_replies: int,
  comments_answered: int,
  messages_in: int,
  dms_sent: int,
  leads_created: int,
  conversions: int,
  revenue_cents: int,
  link_clicks: int,
  sim_automated_replies: int,
  sim_comments_answered: int,
  sim_messages_in: int,
  sim_dms_sent: int,
  runs_failed: int,
});

/** The sums of analytics_daily columns every figure is made of; `a` is the rollup row. */
const sums = `
  coalesce(sum(a.automated_replies), 0) as automated_replies, coalesce(sum(a.comments_answered), 0) as comments_answered,
  coalesce(sum(a.messages_in), 0) as messages_in, coalesce(sum(a.dms_sent), 0) as dms_sent,
  coalesce(sum(a.leads_created), 0) as leads_created, coalesce(sum(a.conversions), 0) as conversions,
  coalesce(sum(a.revenue_cents), 0) as revenue_cents, coalesce(sum(a.link_clicks), 0) as link_clicks,
  coalesce(sum(a.automated_replies) filter (where a.platform = 'simulator'), 0) as sim_automated_replies,
  coalesce(sum(a.comments_answered) filter (where a.platform = 'simulator'), 0) as sim_comments_answered,
  coalesce(sum(a.messages_in) filter (where a.platform = 'simulator'), 0) as sim_messages_in,
  coalesce(sum(a.dms_sent) filter (where a.platform = 'simulator'), 0) as sim_dms_sent`;

function toFigures(r: z.infer<typeof row>): Figures {
  return {
    period: { from: r.from_day, to: r.today, timeZone: r.time_zone },
    automatedReplies: r.automated_replies,
    commentsAnswered: r.comments_answered,
    dmsReceived: r.messages_in,
    dmsSent: r.dms_sent,
    leads: r.leads_created,
    conversions: r.conversions,
    revenueCents: r.revenue_cents,
    avgRevenueCents: averageCents(r.revenue_cents, r.conversions),
    conversionRate: formatRate(r.conversions, r.leads_created),
    failedRuns: r.runs_failed,
    linkClicks: r.link_clicks,
    simulated: {
      automatedReplies: r.sim_automated_replies,
      commentsAnswered: r.sim_comments_answered,
      dmsReceived: r.sim_messages_in,
      dmsSent: r.sim_dms_sent,
    },
  };
}

/**
 * One workspace's figures for a period, in one round trip: its days are calendar days in its time
 * zone, "today" the one `now` falls on. At most days × platforms × 16 shard rows are summed.
 */
export async function readFigures(db: Pick<pg.Pool, 'query'>, workspaceId: string, period: Period, now: Date = new Date()): Promise<Figures> {
  const { rows } = await db.query(
    `with w as (
       select time_zone, ($3::timestamptz at time zone time_zone)::date as today from workspaces where id = $1
     ), p as (
       select w.time_zone, w.today, case when $2::int is null then null else w.today - ($2::int - 1) end as from_day from w
     )
     select p.time_zone, to_char(p.today, 'YYYY-MM-DD') as today, to_char(p.from_day, 'YYYY-MM-DD') as from_day, d.*,
       (select coalesce(sum(f.runs_failed), 0) from analytics_flow_daily f
        where f.workspace_id = $1 and f.day <= p.today and (p.from_day is null or f.day >= p.from_day)) as runs_failed
     from p, lateral (
       select ${sums} from analytics_daily a
       where a.workspace_id = $1 and a.day <= p.today and (p.from_day is null or a.day >= p.from_day)
     ) d`,
    [workspaceId, daysOf(period), now],
  );
  if (!rows[0]) throw new Error(`readFigures: workspace ${workspaceId} does not exist`);
  return toFigures(row.parse(rows[0]));
}

/**
 * The same figures for the whole instance so far (the landing page, when PUBLIC_STATS is on): every
 * workspace but the demo visitors', with the same definitions. Grows with the rollup rows (days ×
 * platforms × shards per workspace); its caller caches it.
 */
export async function readInstanceFigures(db: Pick<pg.Pool, 'query'>, now: Date = new Date()): Promise<Figures> {
  const { rows } = await db.query(
    `with demo as (select distinct workspace_id from users where is_demo)
     select null as time_zone, to_char(($1::timestamptz at time zone 'UTC')::date, 'YYYY-MM-DD') as today, null as from_day, d.*,
       (select coalesce(sum(f.runs_failed), 0) from analytics_flow_daily f where f.workspace_id not in (select workspace_id from demo)) as runs_failed
     from (select ${sums} from analytics_daily a where a.workspace_id not in (select workspace_id from demo)) d`,
    [now],
  );
  return toFigures(row.parse(rows[0]));
}
