import type pg from 'pg';
import { jobKey, jobs, webhookQueueName, WEBHOOK_FLAG, type TaskName } from '../../contracts/jobs';

type Db = Pick<pg.PoolClient, 'query'>;

const task = 'run.webhook' satisfies TaskName;

/**
 * Queues the webhook call of step `seq` (workers/jobs/run-webhook.job.ts), in the caller's
 * transaction (the driver's turn, so the step and its job commit together). One pending job per
 * run (job key); the step is in the payload so a job left over from an earlier step recognises it
 * is stale, the workspace so the job can hand itself back to its queue (contracts/jobs.ts: queue,
 * priority and flag).
 */
export async function enqueueWebhookCall(db: Db, run: { id: string; workspace_id: string }, seq: number, delayMs = 0): Promise<void> {
  const job = jobs[task];
  await db.query(
    `select graphile_worker.add_job($1, json_build_object('runId', $2::uuid, 'seq', $3::int, 'workspaceId', $9::uuid),
       queue_name => $4, run_at => now() + make_interval(secs => $5::float8 / 1000), max_attempts => $10,
       job_key => $6, priority => $7, flags => array[$8::text])`,
    [task, run.id, seq, webhookQueueName(run.workspace_id), delayMs, jobKey(task, run.id), job.priority, WEBHOOK_FLAG, run.workspace_id, job.maxAttempts],
  );
}
