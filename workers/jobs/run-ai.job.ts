import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { jobs } from '../../contracts/jobs';
import { enqueueAiCall } from '../../db/flows/enqueue-webhook-call';
import type { AiRuntime } from '../../activities/ai-answer.activity';
import { answerAiStep } from '../flows/ai-step';
import type { WebhookBudget } from '../flows/webhook-budget';

/** A job fetched past a full budget (several workers fetched at once) is back in its queue this much later. */
const OVER_BUDGET_DELAY_MS = 250;

/**
 * `run.ai {runId, seq}`: one AI reply step's answer (workers/flows/ai-step.ts) in its workspace's
 * queue, sharing the webhook calls' slots (ADR 0012): both are slow external calls, and together
 * they never hold more than half of the worker. A shutdown hands the job back to its queue unanswered.
 */
export function runAiJob(pool: pg.Pool, ai: AiRuntime | null, budget: WebhookBudget, shutdown: AbortSignal): Task {
  return async (payload, helpers) => {
    const { runId, seq, workspaceId } = jobs['run.ai'].payload.parse(payload);
    const run = { id: runId, workspace_id: workspaceId };
    if (!budget.tryAcquire()) {
      await enqueueAiCall(pool, run, seq, OVER_BUDGET_DELAY_MS);
      return;
    }
    const stop = new AbortController();
    const onStop = () => stop.abort(shutdown.reason ?? helpers.abortSignal.reason);
    for (const s of [shutdown, helpers.abortSignal]) {
      if (s.aborted) onStop();
      else s.addEventListener('abort', onStop, { once: true });
    }
    try {
      const result = await answerAiStep(pool, ai, runId, seq, stop.signal);
      if (result === 'interrupted') {
        await enqueueAiCall(pool, run, seq);
        helpers.logger.info(`AI answer of run ${runId} step ${seq} interrupted by shutdown; queued again`);
      }
    } finally {
      for (const s of [shutdown, helpers.abortSignal]) s.removeEventListener('abort', onStop);
      budget.release();
    }
  };
}
