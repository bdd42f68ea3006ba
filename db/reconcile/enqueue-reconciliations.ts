import type pg from 'pg';
import { jobSpecRow } from '../jobs/job-spec';

type Db = Pick<pg.PoolClient, 'query'>;

/** The one `account.reconcile` job: `add_jobs` of this spec replaces a waiting one (key) and runs after a running one (queue). */
const RECONCILE_JOB = (runAt: string) => jobSpecRow('account.reconcile', { payload: `'{}'::json`, runAt, keyOf: `'next'`, queueOf: `'all'` });

/**
 * Requests reconciliation (ADR 0014, 0027) of connected Meta accounts: the given ones (just connected
 * or reconnected), every one (the worker booted: the gap since the last stored event), or those not
 * reconciled in the last `dueAfterMinutes` (cron). A request is a mark on the account's
 * `account_reconciliations` row, kept if one is already pending; ONE `account.reconcile` job (key
 * `reconcile:next`, queue `reconcile:all`) works through the marks one account at a time, so its
 * paced reads hold at most one worker slot in the whole fleet, and however many accounts are due
 * the job table holds one job for them, not one each for every worker's fetch to scan past.
 * Answers how many accounts were requested (pending ones included).
 */
export async function enqueueReconciliations(db: Db, which: { accountIds: string[] } | { all: true } | { dueAfterMinutes: number }): Promise<number> {
  const ids = 'accountIds' in which ? which.accountIds : null;
  const due = 'dueAfterMinutes' in which ? which.dueAfterMinutes : null;
  const { rows } = await db.query<{ requested: number }>(
    `with due as (
       select a.id, a.workspace_id from social_accounts a
       left join account_reconciliations r on r.account_id = a.id
       where a.is_active and a.provider = 'meta' and a.platform in ('instagram', 'facebook') and a.status = 'active'
         and a.access_token_enc is not null
         and ($1::uuid[] is null or a.id = any($1::uuid[]))
         and ($2::int is null or r.last_started_at is null or r.last_started_at < now() - make_interval(mins => $2::int))
     ), requested as (
       insert into account_reconciliations as r (account_id, workspace_id, requested_at)
       select id, workspace_id, now() from due
       on conflict (account_id) do update set requested_at = coalesce(r.requested_at, excluded.requested_at),
         -- asked for again (reconnected): a pause waits no longer
         not_before = case when $1::uuid[] is null then r.not_before end
       returning account_id
     ), job as (
       select graphile_worker.add_jobs(array[${RECONCILE_JOB('null')}]) from (select 1 from requested limit 1) x
     )
     select (select count(*) from requested)::int as requested from (select count(*) from job) j`,
    [ids, due],
  );
  return rows[0]?.requested ?? 0;
}

/** The account whose request is oldest and not paused, or null when none is ready. */
export async function nextRequestedReconciliation(db: Db): Promise<{ accountId: string } | null> {
  const { rows } = await db.query<{ account_id: string }>(
    `select account_id from account_reconciliations
     where requested_at is not null and (not_before is null or not_before <= now())
     order by requested_at, account_id limit 1`,
  );
  return rows[0] ? { accountId: rows[0].account_id } : null;
}

/**
 * Settles the request of a run that ended: cleared, or for a paused run kept with `not_before` at its
 * retry time. A request made while the account's run was in progress is cleared with it: nothing is
 * lost, as the cursor moved only to where that run started reading, and the next run reads on from there.
 */
export async function settleReconciliationRequest(db: Db, accountId: string, pausedUntil: Date | null): Promise<void> {
  await db.query(
    `update account_reconciliations set requested_at = case when $2::timestamptz is null then null else requested_at end, not_before = $2
     where account_id = $1`,
    [accountId, pausedUntil],
  );
}

/**
 * After a job's turn: when requests remain, the one job again, at once if one is ready or at the
 * earliest pause's end. Answers whether it was added.
 */
export async function requeueReconciliations(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ added: boolean }>(
    `with next as (
       select greatest(now(), min(coalesce(not_before, now()))) as run_at from account_reconciliations where requested_at is not null
       having count(*) > 0
     ), added as (
       select graphile_worker.add_jobs(array[${RECONCILE_JOB('next.run_at')}]) from next
     )
     select count(*) > 0 as added from added`,
  );
  return rows[0]?.added ?? false;
}
