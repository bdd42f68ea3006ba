import type pg from 'pg';

type Db = Pick<pg.PoolClient, 'query'>;

/**
 * Housekeeping deletes of the `maintenance:prune` job (workers/jobs/maintenance-prune.job.ts): rows
 * nothing else removes. Each returns how many rows it deleted.
 */

/** Processed inbound events are kept this long: their (provider, event_key) row is what makes a platform's redelivery a no-op (Meta retries for up to 36 hours, X for about a day). */
export const INBOUND_EVENT_RETENTION_DAYS = 30;
/** Rows deleted per statement, so a backlog never holds a long lock on a busy table. */
const BATCH = 5000;

/** Expired sessions and spent rate-limit windows. */
export async function pruneSessionsAndLimits(db: Db): Promise<{ sessions: number; limits: number }> {
  const sessions = await db.query('delete from user_sessions where expire < now()');
  const limits = await db.query('delete from rate_limit_hits where reset_at < now()');
  // The public API's Idempotency-Key answers are replayed for a day (docs/api.md).
  await db.query("delete from api_idempotency_keys where created_at < now() - interval '1 day'");
  return { sessions: sessions.rowCount ?? 0, limits: limits.rowCount ?? 0 };
}

/** Demo workspaces older than the TTL; every tenant row cascades from the workspace. */
export async function pruneExpiredDemos(db: Db, ttlHours: number): Promise<number> {
  const { rowCount } = await db.query(
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
export async function pruneInboundEvents(db: Db, retentionDays = INBOUND_EVENT_RETENTION_DAYS): Promise<number> {
  let total = 0;
  for (;;) {
    const { rowCount } = await db.query(
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

/** Spent password-reset tokens (kept a day past their hour, for support questions) and development-outbox mails over 7 days old (it is for trying mail flows, not an archive). */
export async function pruneMail(db: Db): Promise<{ resets: number; mails: number }> {
  const resets = await db.query(`delete from password_reset_tokens where expires_at < now() - interval '1 day'`);
  const mails = await db.query(`delete from dev_outbox where created_at < now() - interval '7 days'`);
  return { resets: resets.rowCount ?? 0, mails: mails.rowCount ?? 0 };
}

/**
 * Stripe event ids older than STRIPE_EVENT_RETENTION_DAYS (ADR 0046): Stripe retries a delivery for
 * up to 3 days (docs/platform-apis.md §8.2), so an id this old can no longer come back.
 */
export const STRIPE_EVENT_RETENTION_DAYS = 30;
export async function pruneStripeEvents(db: Db, retentionDays = STRIPE_EVENT_RETENTION_DAYS): Promise<number> {
  const { rowCount } = await db.query('delete from stripe_events where received_at < now() - make_interval(days => $1)', [retentionDays]);
  return rowCount ?? 0;
}
