import type pg from 'pg';
import { jobSpecRow } from '../jobs/job-spec';

/** A due delivery, claimed: what the worker needs to sign and post it. */
export interface ClaimedDelivery {
  id: string;
  workspace_id: string;
  subscription_id: string;
  event_id: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret_enc: string;
  previous_secret_enc: string | null;
}

/**
 * Up to `limit` due deliveries of enabled subscriptions, claimed in one statement (`for update skip
 * locked`, so concurrent workers take disjoint sets): the attempt is counted and `next_attempt_at`
 * moved one lease ahead before anything is sent. A worker killed mid-call leaves them pending, due
 * again when the lease runs out, with the same `webhook-id` (at-least-once; docs/api-webhooks.md).
 */
export async function claimDueDeliveries(pool: Pick<pg.Pool, 'query'>, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const { rows } = await pool.query<ClaimedDelivery>({
    name: 'claim-event-webhook-deliveries',
    text: `with due as (
       select d.id from event_webhook_deliveries d
       join event_webhook_subscriptions s on s.workspace_id = d.workspace_id and s.id = d.subscription_id and s.enabled
       where d.status = 'pending' and d.next_attempt_at <= now()
       order by d.next_attempt_at limit $1 for update of d skip locked)
     update event_webhook_deliveries d set attempts = d.attempts + 1, next_attempt_at = now() + $2 * interval '1 millisecond'
     from due, event_webhook_subscriptions s
     where d.id = due.id and s.workspace_id = d.workspace_id and s.id = d.subscription_id
     returning d.id, d.workspace_id, d.subscription_id, d.event_id, d.payload, d.attempts, s.url, s.secret_enc,
               case when s.previous_secret_until > now() then s.previous_secret_enc end as previous_secret_enc`,
    values: [limit, leaseMs],
  });
  return rows;
}

/** How one attempt ended. `retry: false`: failed for good now (the address guard refused it). */
export interface AttemptOutcome {
  id: string;
  ok: boolean;
  retry: boolean;
  statusCode: number | null;
  error: string | null;
  responseMs: number;
}

/** A subscription disabled by recordOutcomes (its owners and admins were told in the bell). */
export interface DisabledSubscription {
  id: string;
  workspace_id: string;
  url: string;
}

/**
 * A batch's outcomes in ONE statement: each delivery delivered, rescheduled by `retryDelaysSec`
 * (after attempt n it waits `retryDelaysSec[n-1]`), or failed once they are spent; each
 * subscription's run of failed attempts reset by a success or extended; a subscription with a
 * delivery failed for good after at least `disableAfterFailures` failed attempts in a row (nothing
 * delivered across the whole retry schedule) disabled, with a bell notice to its owners and admins.
 */
export async function recordOutcomes(
  pool: Pick<pg.Pool, 'query'>,
  outcomes: readonly AttemptOutcome[],
  policy: { retryDelaysSec: readonly number[]; disableAfterFailures: number },
): Promise<DisabledSubscription[]> {
  if (outcomes.length === 0) return [];
  const { rows } = await pool.query<DisabledSubscription>({
    name: 'record-event-webhook-outcomes',
    text: `with o as (select * from unnest($1::uuid[], $2::boolean[], $3::boolean[], $4::int[], $5::text[], $6::int[]) as o(id, ok, retry, code, error, ms)),
     upd as (
       update event_webhook_deliveries d set
         status = case when o.ok then 'delivered' when o.retry and d.attempts <= cardinality($7::int[]) then 'pending' else 'failed' end,
         delivered_at = case when o.ok then now() end,
         next_attempt_at = case when o.ok or not o.retry or d.attempts > cardinality($7::int[]) then null
                                else now() + ($7::int[])[d.attempts] * interval '1 second' end,
         last_status_code = o.code, last_error = o.error, last_response_ms = o.ms
       from o where d.id = o.id and d.status = 'pending'
       returning d.workspace_id, d.subscription_id, d.status),
     per_sub as (
       select workspace_id, subscription_id, count(*) filter (where status = 'delivered') as ok,
              count(*) filter (where status <> 'delivered') as bad, bool_or(status = 'failed') as gave_up
       from upd group by 1, 2),
     subs as (
       update event_webhook_subscriptions s set
         consecutive_failures = case when p.ok > 0 then 0 else s.consecutive_failures + p.bad end,
         enabled = s.enabled and not (p.ok = 0 and p.gave_up and s.consecutive_failures + p.bad >= $8),
         disabled_reason = case when s.enabled and p.ok = 0 and p.gave_up and s.consecutive_failures + p.bad >= $8
                                then 'Disabled after ' || (s.consecutive_failures + p.bad) || ' failed deliveries in a row' else s.disabled_reason end
       from per_sub p where s.workspace_id = p.workspace_id and s.id = p.subscription_id
       returning s.id, s.workspace_id, s.url, s.enabled),
     off as (select subs.* from subs join event_webhook_subscriptions was on was.id = subs.id where was.enabled and not subs.enabled),
     bell as (
       insert into notifications (workspace_id, user_id, kind, key, title, body, link)
       select off.workspace_id, m.user_id, 'event_webhook_disabled', 'event-webhook-disabled:' || off.id || ':' || extract(epoch from now())::bigint,
              'A webhook endpoint was disabled',
              'Deliveries to ' || off.url || ' kept failing, so it was turned off. Fix the endpoint, then re-enable it in Settings → Webhooks.',
              '/settings#webhooks'
       from off join workspace_members m on m.workspace_id = off.workspace_id and m.role in ('owner', 'admin')
       on conflict (user_id, key) do nothing)
     select id, workspace_id, url from off`,
    values: [
      outcomes.map((o) => o.id),
      outcomes.map((o) => o.ok),
      outcomes.map((o) => o.retry),
      outcomes.map((o) => o.statusCode),
      outcomes.map((o) => o.error),
      outcomes.map((o) => Math.round(o.responseMs)),
      policy.retryDelaysSec,
      policy.disableAfterFailures,
    ],
  });
  return rows;
}

/**
 * When the next delivery falls due (null: none pending), and the delivery job re-added for then
 * (its key: one pending job, moved to the new time).
 */
export async function scheduleNextDelivery(pool: Pick<pg.Pool, 'query'>): Promise<Date | null> {
  const { rows } = await pool.query<{ at: Date | null }>(
    `with next as (
       select min(d.next_attempt_at) as at from event_webhook_deliveries d
       join event_webhook_subscriptions s on s.workspace_id = d.workspace_id and s.id = d.subscription_id and s.enabled
       where d.status = 'pending')
     select next.at, (select count(*) from (select 1 where next.at is not null) due,
        lateral graphile_worker.add_jobs(array[${jobSpecRow('events.deliver', { payload: "'{}'::json", keyOf: "'deliver'", runAt: 'next.at' })}])) as woke
     from next`,
  );
  return rows[0]?.at ?? null;
}
