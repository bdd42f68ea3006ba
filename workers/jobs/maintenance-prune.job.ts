import { makeWorkerUtils, type Task } from 'graphile-worker';
import type pg from 'pg';
import { jobs } from '../../contracts/jobs';

/**
 * Processed inbound events are kept this long. Their (provider, event_key) row is what makes a
 * platform's redelivery a no-op; Meta retries for up to 36 hours and X for about a day, so a month
 * is far past any redelivery while keeping the table from growing without bound.
 */
export const INBOUND_EVENT_RETENTION_DAYS = 30;
/** Rows deleted per statement, so a backlog never holds a long lock on a busy table. */
const BATCH = 5000;

export interface PruneOptions {
  /** Demo workspaces are deleted this long after they were made ("Try Live Demo"). */
  demoTtlHours: number;
  /** For Graphile's own garbage collection (makeWorkerUtils needs a pool, not a job's client). */
  pool: pg.Pool;
}

/**
 * Graphile Worker's bookkeeping that nothing else removes: the named queues of finished jobs (every
 * workspace's `webhook:` / `ai:` queue leaves a row behind) and task identifiers no job uses, except
 * ours. Permanently failed jobs are kept: their last error is what an operator reads.
 */
export async function collectJobQueueGarbage(pool: pg.Pool): Promise<void> {
  const utils = await makeWorkerUtils({ pgPool: pool });
  try {
    await utils.cleanup({ tasks: ['GC_JOB_QUEUES', 'GC_TASK_IDENTIFIERS'], taskIdentifiersToKeep: Object.keys(jobs) });
  } finally {
    await utils.release();
  }
}

/** Deletes demo workspaces older than the TTL; every tenant row cascades from the workspace. */
export async function pruneExpiredDemos(client: pg.PoolClient | pg.Pool, ttlHours: number): Promise<number> {
  const { rowCount } = await client.query(
    `delete from workspaces w
     where exists (select 1 from users u where u.workspace_id = w.id and u.is_demo)
       and not exists (select 1 from users u where u.workspace_id = w.id and not u.is_demo)
       and w.created_at < now() - make_interval(hours => $1)`,
    [ttlHours],
  );
  return rowCount ?? 0;
}

/**
 * Old processed events, oldest first. Ids grow with time, so the first id received inside the
 * retention window bounds the old ones and the primary key finds them without a table scan.
 * Events never processed are never pruned.
 */
export async function pruneInboundEvents(client: pg.PoolClient | pg.Pool, retentionDays = INBOUND_EVENT_RETENTION_DAYS): Promise<number> {
  let total = 0;
  for (;;) {
    const { rowCount } = await client.query(
      `with cutoff as (
         select coalesce(
           (select id from inbound_events where received_at >= now() - make_interval(days => $1) order by id limit 1),
           (select max(id) + 1 from inbound_events)) as id)
       delete from inbound_events where id in (
         select e.id from inbound_events e, cutoff
         where e.id < cutoff.id and e.processed_at is not null
         order by e.id limit $2)`,
      [retentionDays, BATCH],
    );
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < BATCH) return total;
  }
}

/**
 * Deletes expired sessions, spent rate-limit windows, expired demo workspaces, old processed
 * inbound events, spent password-reset tokens, old development-outbox mails and Graphile's unused queues. Runs from the worker's crontab so web processes never do housekeeping on the
 * request path (connect-pg-simple's own pruning is off).
 */
export function maintenancePrune(opts: PruneOptions): Task {
  return async (_payload, helpers) => {
    await helpers.withPgClient(async (client) => {
      const sessions = await client.query('delete from user_sessions where expire < now()');
      const limits = await client.query('delete from rate_limit_hits where reset_at < now()');
      const demos = await pruneExpiredDemos(client, opts.demoTtlHours);
      const events = await pruneInboundEvents(client);
      // A reset link is spent or expired after an hour; keep a day of them for support questions.
      const resets = await client.query(`delete from password_reset_tokens where expires_at < now() - interval '1 day'`);
      // The development outbox is for trying mail flows, not an archive.
      const mails = await client.query(`delete from dev_outbox where created_at < now() - interval '7 days'`);
      await collectJobQueueGarbage(opts.pool);
      helpers.logger.info(
        `pruned ${sessions.rowCount ?? 0} sessions, ${limits.rowCount ?? 0} rate-limit rows, ${demos} demo workspaces, ` +
          `${events} inbound events, ${resets.rowCount ?? 0} reset tokens, ${mails.rowCount ?? 0} outbox mails`,
      );
    });
  };
}
