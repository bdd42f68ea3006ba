import type pg from 'pg';

type Db = Pick<pg.PoolClient, 'query'>;

/** The job that makes a flow's webhook call (workers/jobs/run-webhook.job.ts). */
export const WEBHOOK_TASK = 'run.webhook';

/** Graphile job flag of webhook calls: the worker stops fetching them while its webhook slots are full. */
export const WEBHOOK_FLAG = 'webhook';

/**
 * After inbound events, sends and run steps (0), before account checks (10): a backlog of one
 * tenant's calls sorts behind the core work, so fetching that work never scans past it.
 */
export const WEBHOOK_PRIORITY = 5;

/**
 * One Graphile queue per workspace: a queue runs one job at a time across the fleet, so however
 * slow its endpoints, a workspace has one webhook call in flight and its backlog waits in its own
 * queue while other workspaces' calls take the free webhook slots (ADR 0009).
 */
export const webhookQueueName = (workspaceId: string) => `webhook:${workspaceId}`;

/**
 * Queues the webhook call of step `seq`, in the caller's transaction (the driver's turn, so the
 * step and its job commit together). One pending job per run (job_key); the step is in the payload
 * so a job left over from an earlier step recognises it is stale, the workspace so the job can
 * hand itself back to its queue.
 */
export async function enqueueWebhookCall(db: Db, run: { id: string; workspace_id: string }, seq: number, delayMs = 0): Promise<void> {
  await db.query(
    `select graphile_worker.add_job($1, json_build_object('runId', $2::uuid, 'seq', $3::int, 'workspaceId', $9::uuid),
       queue_name => $4, run_at => now() + make_interval(secs => $5::float8 / 1000), max_attempts => 25,
       job_key => $6, priority => $7, flags => array[$8::text])`,
    [WEBHOOK_TASK, run.id, seq, webhookQueueName(run.workspace_id), delayMs, `webhook:${run.id}`, WEBHOOK_PRIORITY, WEBHOOK_FLAG, run.workspace_id],
  );
}
