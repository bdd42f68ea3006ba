import type pg from 'pg';
import { jobSpecRow } from '../jobs/job-spec';

/**
 * Queues `account.health` jobs (workers/jobs/account-health.job.ts): for the given accounts (right
 * after they connect), or for every connected account not checked in the last `dueAfterMinutes`
 * (the worker's cron). One job per account (job key `account-health:<id>`), at a lower priority than
 * sends and flow steps, so a large fleet of checks never delays a DM.
 */
export async function enqueueHealthChecks(db: Pick<pg.PoolClient, 'query'>, which: { accountIds: string[] } | { dueAfterMinutes: number }): Promise<number> {
  const ids = 'accountIds' in which ? which.accountIds : null;
  const due = 'dueAfterMinutes' in which ? which.dueAfterMinutes : null;
  const { rows } = await db.query<{ queued: number }>(
    `with due as (
       select id from social_accounts
       where is_active and provider <> 'sandbox' and status = 'active' and access_token_enc is not null
         and ($1::uuid[] is null or id = any($1::uuid[]))
         and ($2::int is null or health_checked_at is null or health_checked_at < now() - make_interval(mins => $2::int))
     ), jobs as (
       select graphile_worker.add_jobs(array_agg(${jobSpecRow('account.health', { payload: `json_build_object('accountId', id)`, keyOf: 'id' })}))
       from due having count(*) > 0
     )
     select (select count(*) from due)::int as queued from (select count(*) from jobs) j`,
    [ids, due],
  );
  return rows[0]?.queued ?? 0;
}
