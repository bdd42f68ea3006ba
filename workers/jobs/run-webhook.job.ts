import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { jobs } from '../../contracts/jobs';
import type { WebhookBudget } from '../flows/webhook-budget';
import { enqueueWebhookCall } from '../../db/flows/enqueue-webhook-call';
import { callWebhookStep, type WebhookStepConfig } from '../flows/webhook-step';

/** A job fetched past a full budget (several workers fetched at once) is back in its queue this much later. */
const OVER_BUDGET_DELAY_MS = 250;

/**
 * `run.webhook {runId, seq}`: one flow webhook call (workers/flows/webhook-step.ts) in its
 * workspace's queue, on at most `budget` slots of this worker (ADR 0009). `shutdown` aborts a call
 * in flight when the worker stops: the job is handed straight back to its queue (same key, no
 * attempt counted) so a trickling endpoint can't hold a shutdown, and the next worker calls again.
 */
export function runWebhookJob(pool: pg.Pool, config: WebhookStepConfig, budget: WebhookBudget, shutdown: AbortSignal): Task {
  return async (payload, helpers) => {
    const { runId, seq, workspaceId } = jobs['run.webhook'].payload.parse(payload);
    const run = { id: runId, workspace_id: workspaceId };
    if (!budget.tryAcquire()) {
      await enqueueWebhookCall(pool, run, seq, OVER_BUDGET_DELAY_MS);
      return;
    }
    // Either the worker's shutdown or Graphile's own abort (graceful shutdown timeout) ends the call.
    const stop = new AbortController();
    const onStop = () => stop.abort(shutdown.reason ?? helpers.abortSignal.reason);
    for (const s of [shutdown, helpers.abortSignal]) {
      if (s.aborted) onStop();
      else s.addEventListener('abort', onStop, { once: true });
    }
    try {
      const result = await callWebhookStep(pool, runId, seq, config, stop.signal);
      if (result === 'interrupted') {
        await enqueueWebhookCall(pool, run, seq);
        helpers.logger.info(`webhook call of run ${runId} step ${seq} interrupted by shutdown; queued again`);
      }
    } finally {
      for (const s of [shutdown, helpers.abortSignal]) s.removeEventListener('abort', onStop);
      budget.release();
    }
  };
}
