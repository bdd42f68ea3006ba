import type pg from 'pg';
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
