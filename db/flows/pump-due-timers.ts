import type pg from 'pg';
import { jobSpecRow } from '../jobs/job-spec';

/**
 * Moves due timers (delays, reply timeouts, retry backoffs, rate-limit slots) into `run.advance`
 * jobs, in batches, from every worker process at once (SKIP LOCKED). A timer becomes the run's
 * pending input only while the run still sleeps or waits and has no other input: a reply that
 * already resumed the run wins over its timeout. A sleeping run costs a row, never memory.
 */
export async function pumpDueTimers(pool: pg.Pool, batch = 5000, chunk = 250): Promise<number> {
  const { rows } = await pool.query<{ moved: number }>(
    `with due as (
       delete from run_timers where id in (
         select id from run_timers where due_at <= now() order by due_at limit $1 for update skip locked)
       returning run_id, seq, kind
     ), resumed as (
       update flow_runs r set
         pending_input = jsonb_build_object('type', case due.kind
           when 'delay' then 'timerFired' when 'reply_timeout' then 'replyTimeout' when 'send_slot' then 'sendSlot' else 'retryActivity' end, 'seq', due.seq),
         resume_at = null, updated_at = now()
       from due
       where r.id = due.run_id and r.status in ('sleeping', 'waiting') and r.pending_input is null
         and (r.state->'awaiting'->>'seq')::int = due.seq
       returning r.id
     ), chunks as (
       select array_agg(id) as ids from (select id, (row_number() over () - 1) / $2::int as chunk from resumed) x group by chunk
     ), jobs as (
       -- Resumed in bulk: one runs.resume job (one transaction) per chunk, not a job per run.
       select graphile_worker.add_jobs(array_agg(${jobSpecRow('runs.resume', { payload: `json_build_object('runIds', ids)` })}))
       from chunks having count(*) > 0
     )
     select (select count(*) from resumed)::int as moved from (select count(*) from jobs) j`,
    [batch, chunk],
  );
  return rows[0]?.moved ?? 0;
}
