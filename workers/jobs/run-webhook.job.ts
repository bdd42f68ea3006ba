import type { Task } from 'graphile-worker';
import type pg from 'pg';
import type { WebhookBudget } from '../flows/webhook-budget';
import { enqueueWebhookCall } from '../../db/flows/enqueue-webhook-call';
import { webhookQueueName } from '../../contracts/jobs';
import { callWebhookStep, drainLane, type WebhookStepConfig } from '../flows/webhook-step';
import { slowExternalStepJob } from './slow-external-step';

/**
 * `run.webhook {runId, seq}`: one flow webhook call (workers/flows/webhook-step.ts) in its run's
 * lane of its workspace (`config.lanes` queues), on at most `budget` slots of this worker (ADR 0009),
 * then, while it holds the lane, the lane's next due calls (drainLane). `shutdown` aborts a call
 * in flight when the worker stops: the job is handed straight back to its queue (same key, no
 * attempt counted) so a trickling endpoint can't hold a shutdown, and the next worker calls again.
 */
export function runWebhookJob(pool: pg.Pool, config: WebhookStepConfig & { lanes: number }, budget: WebhookBudget, shutdown: AbortSignal): Task {
  return slowExternalStepJob({
    job: 'run.webhook',
    label: 'webhook call',
    budget,
    shutdown,
    enqueue: (run, seq, delayMs) => enqueueWebhookCall(pool, run, seq, config.lanes, delayMs),
    step: async (runId, seq, signal, workspaceId) => {
      const own = await callWebhookStep(pool, runId, seq, config, signal);
      // Still holding the lane: its next due calls go now, in this job (drainLane).
      if (own !== 'interrupted') await drainLane(pool, webhookQueueName(workspaceId, runId, config.lanes), config, signal);
      return own;
    },
  });
}
