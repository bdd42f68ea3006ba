import { jobs, type TaskName } from '../../contracts/jobs';

/**
 * One `graphile_worker.job_spec` row for `add_jobs(array_agg(...))` in an operation's SQL, with
 * the name, attempts, priority and key prefix taken from the catalogue (contracts/jobs.ts) so no
 * SQL spells a task name. The arguments are SQL expressions of the caller's query (`id`, `$2`…);
 * `priority` overrides the catalogue's for jobs whose priority depends on the row (run.advance).
 * job_spec's fields, in order: identifier, payload, queue_name, run_at, max_attempts, job_key,
 * priority, flags.
 */
export function jobSpecRow(task: TaskName, sql: { payload: string; runAt?: string; keyOf?: string; queueOf?: string; priority?: string }): string {
  const job = jobs[task];
  if (!/^[a-z.:]+$/.test(task)) throw new Error(`unexpected task name ${task}`);
  const key = sql.keyOf === undefined ? 'null' : `'${job.keyPrefix ?? ''}' || ${sql.keyOf}`;
  if (sql.keyOf !== undefined && job.keyPrefix === null) throw new Error(`job ${task} has no key`);
  // A queue per id (`<prefix><id>`, like the key) runs that id's jobs one at a time across the fleet.
  const queue = sql.queueOf === undefined ? 'null' : `'${job.keyPrefix ?? ''}' || ${sql.queueOf}`;
  if (sql.queueOf !== undefined && job.keyPrefix === null) throw new Error(`job ${task} has no key`);
  return `row('${task}', ${sql.payload}, ${queue}, ${sql.runAt ?? 'null'}, ${job.maxAttempts}, ${key}, ${sql.priority ?? job.priority ?? 'null'}, null)::graphile_worker.job_spec`;
}

/**
 * Data-modifying CTEs that add jobs of a keyless, queueless task without Graphile's `add_jobs`, which
 * always sends a `jobs:insert` NOTIFY: a NOTIFY in a durable commit waits for every other NOTIFYing
 * commit's WAL flush (ADR 0029). Meant for jobs due later (a backstop, a paced send), which a NOTIFY
 * could not start anyway: workers find them by polling when they come due. A caller that adds a job
 * due now wakes a worker after its commit (`notifyAfterCommit`, channel JOBS_INSERT_CHANNEL).
 *
 * The same row `add_jobs` writes for such a spec: the task's id, payload, run_at, the catalogue's
 * attempts and priority. Writes Graphile's private job table, as dropBackstopJobs and dropLaneJob
 * delete from it. `quietJobTaskCte` ensures the task's row (as add_jobs does; workers register their
 * tasks at start) and names it; every `quietAddJobsCte` of that task in the statement uses it. The
 * jobs CTE returns id and run_at; `from` is the rows' source, one job per row.
 */
export function quietJobTaskCte(task: TaskName, name: string): string {
  if (!/^[a-z.:]+$/.test(task) || !/^[a-z_]+$/.test(name)) throw new Error(`unexpected task or CTE name ${task} ${name}`);
  if (jobs[task].keyPrefix !== null) throw new Error(`job ${task} is keyed: add it with add_jobs`);
  return `${name} as (
       insert into graphile_worker._private_tasks (identifier) values ('${task}') on conflict do nothing returning id
     )`;
}

export function quietAddJobsCte(task: TaskName, name: string, sql: { taskCte: string; from: string; payload: string; runAt: string }): string {
  const job = jobs[task];
  if (!/^[a-z.:]+$/.test(task) || !/^[a-z_]+$/.test(name) || !/^[a-z_]+$/.test(sql.taskCte)) throw new Error(`unexpected task or CTE name ${task} ${name}`);
  if (job.keyPrefix !== null) throw new Error(`job ${task} is keyed: add it with add_jobs`);
  return `${name} as (
       insert into graphile_worker._private_jobs (task_id, payload, run_at, max_attempts, priority)
       select coalesce((select id from ${sql.taskCte}), (select id from graphile_worker._private_tasks where identifier = '${task}')),
              ${sql.payload}, ${sql.runAt}, ${job.maxAttempts}, ${job.priority ?? 0}
       from ${sql.from}
       returning id, run_at
     )`;
}

/** Graphile Worker's channel for "jobs were added" (its payload's `count`: how many idle workers to wake). */
export const JOBS_INSERT_CHANNEL = 'jobs:insert';
