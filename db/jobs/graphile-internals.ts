import { createRequire } from 'node:module';
import type pg from 'pg';
import { jobs, type TaskName } from '../../contracts/jobs';

/**
 * Everything Replypilot knows about Graphile Worker's private tables and statements, in one place.
 *
 * Graphile's public surface is `add_job(s)`, `job_spec`, `force_unlock_workers`, the `jobs` view and
 * its JavaScript API (db/jobs/job-spec.ts uses only those). A few hot paths go further, each for a
 * measured reason, and each depends on the table layout of the exact version pinned in package.json
 * (GRAPHILE_WORKER_VERSION, checked at boot by assertGraphileWorkerVersion):
 *
 * | what                                   | private table / statement                          | why (ADR)                               |
 * | -------------------------------------- | -------------------------------------------------- | --------------------------------------- |
 * | quietJobTaskCte, quietAddJobsCte       | insert into `_private_tasks`, `_private_jobs`       | add jobs without add_jobs' NOTIFY (0029) |
 * | dropJobsIfUnlocked                     | delete from `_private_jobs`                         | drop a hand-off's backstop (0025), a drained lane's job (0009) |
 * | untriedJobWithKeySql                   | read `_private_jobs` (key, is_available, attempts)  | skip a shard wake its job will see (0022) |
 * | jobsWaitingSql                         | read `_private_jobs`, `_private_job_queues`         | nudge a worker for a job due with no NOTIFY (0022, 0031) |
 * | readLaneJobs                           | read `_private_jobs`, `_private_job_queues`, `_private_tasks` | a webhook job drains its lane (0009) |
 * | unlocksJobQueues                       | the text of Graphile's queue-unlocking statements   | nudge after a queue unlocks (0031)      |
 *
 * An upgrade of graphile-worker: read this file, run `db/jobs/graphile-internals.int.test.ts` (it
 * checks each of these against the real Graphile schema and statements), then change the pin.
 */

/** The graphile-worker release this module was written and tested against (package.json pins it exactly). */
export const GRAPHILE_WORKER_VERSION = '0.17.3';

/**
 * Refuses to start on another graphile-worker than GRAPHILE_WORKER_VERSION: the statements below
 * would write or read tables whose layout may have changed, and a mistake there loses or doubles jobs.
 */
export function assertGraphileWorkerVersion(installed: string = installedGraphileWorkerVersion()): void {
  if (installed !== GRAPHILE_WORKER_VERSION) {
    throw new Error(
      `graphile-worker ${installed} is installed, but Replypilot is built against ${GRAPHILE_WORKER_VERSION}: ` +
        `db/jobs/graphile-internals.ts uses its private tables. Run \`npm ci\` to install the pinned version, ` +
        `or upgrade on purpose: update GRAPHILE_WORKER_VERSION and package.json, and run db/jobs/graphile-internals.int.test.ts.`,
    );
  }
}

/** The version of graphile-worker node resolves from here. */
export function installedGraphileWorkerVersion(): string {
  return (createRequire(import.meta.url)('graphile-worker/package.json') as { version: string }).version;
}

/** Graphile Worker's channel for "jobs were added" (its payload's `count`: how many idle workers to wake). */
export const JOBS_INSERT_CHANNEL = 'jobs:insert';

const NAME = /^[a-z_]+$/;
const TASK = /^[a-z.:]+$/;

/**
 * A data-modifying CTE named `name` that ensures `task`'s row in Graphile's task table (as add_jobs
 * does; workers register their tasks at start) and returns its id; every quietAddJobsCte of that task
 * in the statement reads it.
 */
export function quietJobTaskCte(task: TaskName, name: string): string {
  if (!TASK.test(task) || !NAME.test(name)) throw new Error(`unexpected task or CTE name ${task} ${name}`);
  return `${name} as (
       insert into graphile_worker._private_tasks (identifier) values ('${task}') on conflict do nothing returning id
     )`;
}

/**
 * A data-modifying CTE that adds jobs without Graphile's `add_jobs`, which always sends a
 * `jobs:insert` NOTIFY: a NOTIFY in a durable commit waits for every other NOTIFYing commit's WAL
 * flush (ADR 0029). Meant for jobs due later (a backstop, a paced send), which a NOTIFY could not
 * start anyway: workers find them by polling when they come due. A caller that adds a job due now
 * wakes a worker after its commit (`notifyAfterCommit`, channel JOBS_INSERT_CHANNEL).
 *
 * The row `add_jobs` writes for a spec with no key and no queue: the task's id, payload, run_at, the
 * catalogue's attempts and priority (or `priority`). Jobs added here carry no key, so they cannot
 * replace or be replaced by a keyed job of the same task. `from` is the rows' source, one job per
 * row; the CTE returns id and run_at.
 */
export function quietAddJobsCte(
  task: TaskName,
  name: string,
  sql: { taskCte: string; from: string; payload: string; runAt: string; priority?: number },
): string {
  const job = jobs[task];
  if (!TASK.test(task) || !NAME.test(name) || !NAME.test(sql.taskCte)) throw new Error(`unexpected task or CTE name ${task} ${name}`);
  const priority = sql.priority ?? job.priority ?? 0;
  if (!Number.isInteger(priority)) throw new Error(`unexpected priority ${priority}`);
  return `${name} as (
       insert into graphile_worker._private_jobs (task_id, payload, run_at, max_attempts, priority)
       select coalesce((select id from ${sql.taskCte}), (select id from graphile_worker._private_tasks where identifier = '${task}')),
              ${sql.payload}, ${sql.runAt}, ${job.maxAttempts}, ${priority}
       from ${sql.from}
       returning id, run_at
     )`;
}

/**
 * Deletes jobs that no worker has locked (a locked one is left to run: it finds its work done).
 * `asyncCommit`: the statement's transaction commits without waiting for its WAL flush (a delete
 * lost in a crash only lets the job run and find nothing to do). Two uses:
 * - the backstop jobs of a hand-off that took every row (ADR 0025);
 * - a lane's queued job whose call a running job made (ADR 0009, drainLane), in the transaction that
 *   records the call: if it rolls back, the job is still queued and makes the call again.
 */
export async function dropJobsIfUnlocked(db: Pick<pg.PoolClient, 'query'>, jobIds: string[], opts: { asyncCommit?: boolean } = {}): Promise<void> {
  if (jobIds.length === 0) return;
  await db.query(
    opts.asyncCommit
      ? {
          name: 'drop-jobs-async',
          text: `with async as (select set_config('synchronous_commit', 'off', true))
     delete from graphile_worker._private_jobs where id = any($1::bigint[]) and locked_at is null and (select count(*) from async) = 1`,
          values: [jobIds],
        }
      : { name: 'drop-jobs', text: 'delete from graphile_worker._private_jobs where id = any($1::bigint[]) and locked_at is null', values: [jobIds] },
  );
}

/**
 * SQL true when a job with key `keySql` is waiting and has never been tried: a worker has not read
 * its work yet, so work committed now will be seen by it without adding anything (ADR 0022).
 */
export function untriedJobWithKeySql(keySql: string): string {
  return `exists (select 1 from graphile_worker._private_jobs j where j.key = ${keySql} and j.is_available and j.attempts = 0)`;
}

/**
 * SQL true when a job has been due for over `afterMs` with no worker on it and in no locked queue:
 * it became runnable with no NOTIFY (added for a later time, or while its queue was locked) and would
 * wait for Graphile's 2 s poll; the timer pump then nudges an idle worker (ADR 0022, 0031).
 */
export function jobsWaitingSql(afterMs: number): string {
  if (!Number.isInteger(afterMs) || afterMs < 0) throw new Error(`unexpected wait ${afterMs}`);
  return `exists (select 1 from graphile_worker._private_jobs gj
                     where gj.is_available and gj.run_at <= now() - make_interval(secs => ${afterMs} / 1000.0)
                       and (gj.job_queue_id is null
                            or exists (select 1 from graphile_worker._private_job_queues q where q.id = gj.job_queue_id and q.locked_at is null)))`;
}

/**
 * The oldest available jobs of `task` in named queue `queue` at `priority`, at most `limit`, in the
 * order Graphile would hand them out (run_at, id): what a running job of that queue may do itself
 * (ADR 0009, drainLane). While the running job holds the queue, no worker takes these. Scans only
 * jobs at that priority (Graphile's (priority, run_at) index), at most 500 of them: one scan serves
 * a whole drain instead of one per call.
 */
export async function readLaneJobs(
  db: Pick<pg.PoolClient, 'query'>,
  lane: { queue: string; task: TaskName; priority: number; limit: number },
): Promise<Array<{ jobId: string; payload: unknown }>> {
  const { rows } = await db.query<{ job_id: string; payload: unknown }>(
    `select j.id::text as job_id, j.payload
     from (select id, payload, job_queue_id, task_id, run_at from graphile_worker._private_jobs
           where is_available and priority = $3 and run_at <= now() order by run_at, id limit 500) j
     where j.job_queue_id = (select id from graphile_worker._private_job_queues where queue_name = $1)
       and j.task_id = (select id from graphile_worker._private_tasks where identifier = $2)
     order by j.run_at, j.id limit $4`,
    [lane.queue, lane.task, lane.priority, lane.limit],
  );
  return rows.map((r) => ({ jobId: r.job_id, payload: r.payload }));
}

/**
 * Whether a statement Graphile sends unlocks named job queues (`_private_job_queues ... locked_by =
 * null`): its completion and failure of jobs that had a queue, and the reset of stale locks. The
 * pool wrapper of workers/queue-nudge.ts nudges a worker after such a statement (ADR 0031).
 */
export function unlocksJobQueues(text: string): boolean {
  return UNLOCKS_QUEUES.test(text);
}

const UNLOCKS_QUEUES = /_private_job_queues[\s\S]*\blocked_by\s*=\s*null/;
