import type pg from 'pg';
import { dropJobsIfUnlocked, readLaneJobs } from '../jobs/graphile-internals';
import { aiQueueName, jobKey, jobs, webhookQueueName, WEBHOOK_FLAG, type TaskName } from '../../contracts/jobs';

type Db = Pick<pg.PoolClient, 'query'>;
type Run = { id: string; workspace_id: string };

/**
 * Queues the webhook call of step `seq` (workers/jobs/run-webhook.job.ts), in the caller's
 * transaction (the driver's turn, so the step and its job commit together). One pending job per
 * run (job key); the step is in the payload so a job left over from an earlier step recognises it
 * is stale, the workspace so the job can hand itself back to its queue (contracts/jobs.ts: queue,
 * priority and flag). The queue is the run's lane of its workspace's `lanes` (FLOW_WEBHOOK_LANES):
 * a lane runs one call at a time fleet-wide, so a workspace has at most `lanes` in flight.
 */
export async function enqueueWebhookCall(db: Db, run: Run, seq: number, lanes: number, delayMs = 0): Promise<void> {
  await enqueueExternalCall(db, 'run.webhook', webhookQueueName(run.workspace_id, run.id, lanes), run, seq, delayMs);
}

/** The same for an AI reply step's model call (workers/jobs/run-ai.job.ts, ADR 0012): its own lanes, the same flag. */
export async function enqueueAiCall(db: Db, run: Run, seq: number, lanes: number, delayMs = 0): Promise<void> {
  await enqueueExternalCall(db, 'run.ai', aiQueueName(run.workspace_id, run.id, lanes), run, seq, delayMs);
}

async function enqueueExternalCall(
  db: Db,
  task: Extract<TaskName, 'run.webhook' | 'run.ai'>,
  queue: string,
  run: Run,
  seq: number,
  delayMs: number,
): Promise<void> {
  const job = jobs[task];
  await db.query(
    `select graphile_worker.add_job($1, json_build_object('runId', $2::uuid, 'seq', $3::int, 'workspaceId', $9::uuid),
       queue_name => $4, run_at => now() + make_interval(secs => $5::float8 / 1000), max_attempts => $10,
       job_key => $6, priority => $7, flags => array[$8::text])`,
    [task, run.id, seq, queue, delayMs, jobKey(task, run.id), job.priority, WEBHOOK_FLAG, run.workspace_id, job.maxAttempts],
  );
}

/**
 * The next calls due in a lane (its queue), at most `limit`, for the `run.webhook` job that holds the
 * lane to make after its own (workers/flows/webhook-step.ts, drainLane): the lane's oldest available
 * jobs at the webhook priority, in the order Graphile would hand them out. While that job runs, the
 * lane's queue is locked, so no worker takes these meanwhile. Reads Graphile's job table, scanning
 * only jobs at that priority (its (priority, run_at) index), at most 500 of them: one scan serves a
 * whole drain instead of one per call (it was the dearest statement of a flow execution, 3.3 ms).
 */
export async function nextLaneCalls(db: Db, queue: string, limit: number): Promise<Array<{ jobId: string; runId: string; seq: number }>> {
  const job = jobs['run.webhook'];
  const rows = await readLaneJobs(db, { queue, task: 'run.webhook', priority: job.priority ?? 0, limit });
  const calls: Array<{ jobId: string; runId: string; seq: number }> = [];
  for (const row of rows) {
    const payload = job.payload.safeParse(row.payload);
    // A payload the job would refuse: the drain stops there and leaves it to its job.
    if (!payload.success) break;
    calls.push({ jobId: row.jobId, runId: payload.data.runId, seq: payload.data.seq });
  }
  return calls;
}

/**
 * Removes a lane's queued job whose call a running job made (drainLane), in the transaction that
 * records the call's outcome: while that commits the job is gone, and if it rolls back the job is
 * still queued and makes the call again (Idempotency-Key, ADR 0007). A job a worker has locked
 * meanwhile is left alone (it finds the step settled).
 */
export async function dropLaneJob(db: Db, jobId: string): Promise<void> {
  await dropJobsIfUnlocked(db, [jobId]);
}

/**
 * enqueueWebhookCall / enqueueAiCall for many runs in ONE statement (the inbound batch's new runs,
 * workers/flows/first-steps.ts): the same jobs — task, payload, lane, key, priority, flag, attempts.
 */
export async function enqueueExternalCalls(
  db: Db,
  calls: Array<{ task: Extract<TaskName, 'run.webhook' | 'run.ai'>; run: Run; seq: number }>,
  lanes: number,
): Promise<void> {
  if (calls.length === 0) return;
  const queueOf = (c: (typeof calls)[number]) =>
    c.task === 'run.webhook' ? webhookQueueName(c.run.workspace_id, c.run.id, lanes) : aiQueueName(c.run.workspace_id, c.run.id, lanes);
  await db.query(
    `select graphile_worker.add_jobs(array_agg(row(u.task, json_build_object('runId', u.run_id, 'seq', u.seq, 'workspaceId', u.workspace_id),
       u.queue, now(), u.attempts, u.key, u.priority, array[$8::text])::graphile_worker.job_spec order by u.n))
     from unnest($1::text[], $2::uuid[], $3::int[], $4::uuid[], $5::text[], $6::text[], $7::int[], $9::int[]) with ordinality
       as u(task, run_id, seq, workspace_id, queue, key, priority, attempts, n)`,
    [
      calls.map((c) => c.task),
      calls.map((c) => c.run.id),
      calls.map((c) => c.seq),
      calls.map((c) => c.run.workspace_id),
      calls.map(queueOf),
      calls.map((c) => jobKey(c.task, c.run.id)),
      calls.map((c) => jobs[c.task].priority),
      WEBHOOK_FLAG,
      calls.map((c) => jobs[c.task].maxAttempts),
    ],
  );
}
