import type pg from 'pg';
import { jobSpecRow } from '../jobs/job-spec';

/**
 * Queues `account.reconcile` jobs (workers/jobs/account-reconcile.job.ts, ADR 0014) for connected
 * Meta accounts: the given ones (just connected or reconnected), every one (the worker booted: the
 * gap since the last stored event), or those not reconciled in the last `dueAfterMinutes` (cron).
 * Key `reconcile:<id>`: a pending run is replaced, never doubled. One queue `reconcile:all` for every
 * account: runs wait out their read bucket's slots inside the job, so at most one worker slot in the
 * whole fleet is ever spent on reconciliation, and inbound events and sends always have the rest.
 */
export async function enqueueReconciliations(
  db: Pick<pg.PoolClient, 'query'>,
  which: { accountIds: string[] } | { all: true } | { dueAfterMinutes: number },
): Promise<number> {
  const ids = 'accountIds' in which ? which.accountIds : null;
  const due = 'dueAfterMinutes' in which ? which.dueAfterMinutes : null;
  const { rows } = await db.query<{ queued: number }>(
    `with due as (
       select a.id from social_accounts a
       left join account_reconciliations r on r.account_id = a.id
       where a.is_active and a.provider = 'meta' and a.platform in ('instagram', 'facebook') and a.status = 'active'
         and a.access_token_enc is not null
         and ($1::uuid[] is null or a.id = any($1::uuid[]))
         and ($2::int is null or r.last_started_at is null or r.last_started_at < now() - make_interval(mins => $2::int))
     ), jobs as (
       select graphile_worker.add_jobs(array_agg(${jobSpecRow('account.reconcile', { payload: `json_build_object('accountId', id)`, keyOf: 'id', queueOf: "'all'" })}))
       from due having count(*) > 0
     )
     select (select count(*) from due)::int as queued from (select count(*) from jobs) j`,
    [ids, due],
  );
  return rows[0]?.queued ?? 0;
}
