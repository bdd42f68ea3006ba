import type pg from 'pg';

type Db = Pick<pg.Pool, 'query'>;

export interface JobCounts {
  task: string;
  /** Due and waiting for a worker (or behind another job of its queue). */
  queued: number;
  /** Waiting for their run_at (retries with back-off, scheduled work). */
  scheduled: number;
  /** Locked by a worker. */
  running: number;
  /** Out of attempts: kept by Graphile with their last error. */
  failed: number;
  /** Seconds since the oldest due job's run_at; 0 when none is due. */
  oldestDueSeconds: number;
}

/** Graphile Worker's jobs per task, from its public `graphile_worker.jobs` view (jobs are deleted when done). */
export async function readJobCounts(db: Db): Promise<JobCounts[]> {
  const { rows } = await db.query<JobCounts>(
    `select task_identifier as task,
            count(*) filter (where locked_at is null and attempts < max_attempts and run_at <= now())::int as queued,
            count(*) filter (where locked_at is null and attempts < max_attempts and run_at > now())::int as scheduled,
            count(*) filter (where locked_at is not null)::int as running,
            count(*) filter (where locked_at is null and attempts >= max_attempts)::int as failed,
            coalesce(extract(epoch from now() - min(run_at) filter (where locked_at is null and attempts < max_attempts and run_at <= now())), 0)::float8 as "oldestDueSeconds"
     from graphile_worker.jobs group by task_identifier`,
  );
  return rows;
}
