import type pg from 'pg';
import { z } from 'zod';
import type { DashboardToday } from '../../contracts/dashboard';

const row = z.object({
  since: z.date(),
  dms_sent: z.number().int(),
  dms_simulated: z.number().int(),
  comments_answered: z.number().int(),
  active_flows: z.number().int(),
  active_rules: z.number().int(),
  queued: z.number().int(),
  queued_eta: z.date().nullable(),
  runs_failed: z.number().int(),
});

/**
 * The dashboard's "today" figures for one workspace in one round trip. Today starts at midnight in
 * `timeZone` (validated by the caller); `now` is the caller's clock.
 */
export async function readDashboardToday(pool: pg.Pool, workspaceId: string, timeZone: string, now: Date): Promise<DashboardToday> {
  const { rows } = await pool.query(
    `with day as (select (date_trunc('day', $3::timestamptz at time zone $2) at time zone $2) as since)
     select day.since,
       (select count(*)::int from outbound_ledger l
         where l.workspace_id = $1 and l.kind = 'dm' and l.status = 'sent' and l.sent_at >= day.since) as dms_sent,
       (select count(*)::int from outbound_ledger l join social_accounts a on a.id = l.account_id
         where l.workspace_id = $1 and l.kind = 'dm' and l.status = 'sent' and l.sent_at >= day.since and a.provider = 'sandbox') as dms_simulated,
       (select count(distinct (l.account_id, l.target))::int from outbound_ledger l
         where l.workspace_id = $1 and l.kind in ('private_reply', 'public_reply') and l.status = 'sent' and l.sent_at >= day.since) as comments_answered,
       (select count(*)::int from flows where workspace_id = $1 and is_active and active_version_id is not null) as active_flows,
       (select count(*)::int from comment_rules where workspace_id = $1 and is_active) as active_rules,
       (select count(*)::int from outbound_ledger where workspace_id = $1 and status = 'queued') as queued,
       (select max(scheduled_for) from outbound_ledger where workspace_id = $1 and status = 'queued') as queued_eta,
       (select count(*)::int from flow_runs where workspace_id = $1 and status = 'failed' and coalesce(finished_at, updated_at) >= day.since) as runs_failed
     from day`,
    [workspaceId, timeZone, now],
  );
  const r = row.parse(rows[0]);
  return {
    since: r.since.toISOString(),
    dmsSent: { total: r.dms_sent, simulated: r.dms_simulated },
    commentsAnswered: r.comments_answered,
    activeFlows: r.active_flows,
    activeRules: r.active_rules,
    queued: { count: r.queued, eta: r.queued_eta ? r.queued_eta.toISOString() : null },
    runsFailed: r.runs_failed,
  };
}
