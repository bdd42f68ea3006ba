import type pg from 'pg';
import { tuning } from '../../config/tuning';
import { jobSpecRow } from '../jobs/job-spec';
import { jobsWaitingSql } from '../jobs/graphile-internals';

/**
 * Consumes due timers (delays, reply timeouts, retry backoffs, rate-limit slots) and adds one
 * `runs.resume` job per `chunk` of their runs, each job carrying what each run's timer brings
 * (workers/jobs/runs-resume.job.ts: each job resumes its runs in one transaction), in batches of
 * `batch` timers, from every worker process at once (SKIP LOCKED). The timer's delete and its job
 * commit together, so nothing is lost; the run row is not written here (ADR 0055): the resume
 * locks the run and takes the input only while the run still sleeps or waits on that step with no
 * other input, so a reply that came first wins over its timeout. A sleeping run costs a row, never
 * memory.
 *
 * The same statement says whether a Graphile job has been due for a while with no worker on it.
 * Graphile wakes its workers on the NOTIFY of an insert, and otherwise polls every 2 s: a job added
 * for a later time (a paced send), or added while its queue was locked, or skipped by a get_job
 * while an ingest held its row (ADR 0022), becomes runnable with no NOTIFY and would wait for that
 * poll. The worker then nudges one idle worker of its own (workers/flows/timer-pump.ts), in the
 * round trip it makes every 250 ms anyway.
 */
export async function pumpDueTimers(
  pool: pg.Pool,
  batch: number = tuning.flows.timerBatch,
  chunk: number = tuning.flows.timerChunk,
): Promise<{ moved: number; jobsWaiting: boolean }> {
  const { rows } = await pool.query<{ moved: number; jobs_waiting: boolean }>(
    `with due as (
       delete from run_timers where id in (
         select id from run_timers where due_at <= now()
           -- A suspended workspace's runs sleep on (ADR 0042): their due timers stay until it is resumed.
           -- Evaluated once per statement (a hashed subplan); no suspended workspace, nothing to read.
           and run_id not in (select r.id from workspaces w join flow_runs r on r.workspace_id = w.id
                              where w.suspended_at is not null and r.status in ('sleeping', 'waiting'))
           order by due_at limit $1 for update skip locked)
       returning run_id, seq, kind
     ), chunks as (
       select array_agg(run_id order by n) as ids, array_agg(input order by n) as inputs
         from (select run_id, row_number() over () as n, (row_number() over () - 1) / $2::int as chunk,
                      jsonb_build_object('type', case kind when 'delay' then 'timerFired' when 'reply_timeout' then 'replyTimeout'
                        when 'send_slot' then 'sendSlot' else 'retryActivity' end, 'seq', seq) as input
                 from due) x
        group by chunk
     ), jobs as (
       -- Resumed in bulk: one runs.resume job (one transaction) per chunk, not a job per run.
       select graphile_worker.add_jobs(array_agg(${jobSpecRow('runs.resume', { payload: `json_build_object('runIds', ids, 'inputs', inputs)` })}))
       from chunks having count(*) > 0
     )
     select (select count(*) from due)::int as moved,
            -- A Graphile job due for a while that no worker holds, in no locked queue: see above.
            ${jobsWaitingSql(tuning.flows.jobsWaitingAfterMs)} as jobs_waiting
       from (select count(*) from jobs) j`,
    [batch, chunk],
  );
  return { moved: rows[0]?.moved ?? 0, jobsWaiting: rows[0]?.jobs_waiting ?? false };
}
