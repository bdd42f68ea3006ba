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
