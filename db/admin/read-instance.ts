import type pg from 'pg';
import type { AdminInstance } from '../../contracts/admin';
import { readInstanceGauges } from '../metrics/read-instance-gauges';
import { readJobCounts } from '../metrics/read-job-counts';

type Db = Pick<pg.Pool, 'query'>;

/**
 * Webhook and simulator events stored per minute over the last 15 minutes. The window's lower id is
 * found by a backward walk of the primary key from the newest event to the first one older than the
 * window, so only the window's rows are read (events get ids in the order they are stored).
 */
async function readWebhooksPerMinute(db: Db): Promise<AdminInstance['webhooksPerMinute']> {
  const { rows } = await db.query<{ minute: Date; count: number }>(
    `with bound as (select coalesce((select id from inbound_events where received_at < now() - interval '15 minutes' order by id desc limit 1), 0) as id),
     minutes as (select generate_series(date_trunc('minute', now()) - interval '14 minutes', date_trunc('minute', now()), interval '1 minute') as minute)
     select m.minute, coalesce(e.n, 0)::int as count
     from minutes m left join (
       select date_trunc('minute', received_at) as minute, count(*) as n from inbound_events, bound
       where inbound_events.id > bound.id and received_at >= date_trunc('minute', now()) - interval '14 minutes'
       group by 1) e on e.minute = m.minute
     order by m.minute`,
  );
  return rows.map((r) => ({ minute: r.minute.toISOString(), count: r.count }));
}

/**
 * Sends of the last 24 hours by outcome: sent (the ledger's sent_at index), failed per reason, and
 * those still queued or in flight (one index range per account on (account_id, status), as /metrics
 * reads them, db/metrics/read-sends.ts).
 */
async function readSendsByOutcome(db: Db): Promise<AdminInstance['sendsByOutcome']> {
  const { rows } = await db.query<{ outcome: string; count: number }>(
    `select 'sent' as outcome, count(*)::int as count from outbound_ledger where status = 'sent' and sent_at >= now() - interval '24 hours'
     union all
     select outcome, sum(n)::int from social_accounts a cross join lateral (
       select case when l.status = 'failed' then 'failed: ' || coalesce(l.failure_reason, 'unclassified') else l.status end as outcome, count(*) as n
       from outbound_ledger l
       where l.account_id = a.id and l.status in ('queued', 'sending', 'failed') and l.created_at >= now() - interval '24 hours'
       group by 1) c
     group by outcome`,
  );
  return rows.filter((r) => r.count > 0 || r.outcome === 'sent').sort((a, b) => b.count - a.count);
}

/** The admin console's instance panel: every figure read from the database now. */
export async function readAdminInstance(db: Db, workerStaleAfterMs: number): Promise<AdminInstance> {
  const [jobs, gauges, webhooksPerMinute, sendsByOutcome, misc] = await Promise.all([
    readJobCounts(db),
    readInstanceGauges(db, workerStaleAfterMs),
    readWebhooksPerMinute(db),
    readSendsByOutcome(db),
    db.query<{ bytes: string; suspended: number }>(
      `select pg_database_size(current_database())::text as bytes, (select count(*)::int from workspaces where suspended_at is not null) as suspended`,
    ),
  ]);
  jobs.sort((a, b) => a.task.localeCompare(b.task));
  const oldest = jobs.filter((j) => j.queued > 0).sort((a, b) => b.oldestDueSeconds - a.oldestDueSeconds)[0];
  return {
    jobs,
    oldestDueJob: oldest ? { task: oldest.task, dueSeconds: oldest.oldestDueSeconds } : null,
    workersAlive: gauges.workersAlive,
    webhooksPerMinute,
    sendsByOutcome,
    databaseBytes: Number(misc.rows[0]!.bytes),
    suspendedWorkspaces: misc.rows[0]!.suspended,
  };
}
