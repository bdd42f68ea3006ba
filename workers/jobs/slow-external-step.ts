import type { JobHelpers, Task } from 'graphile-worker';
import { jobs } from '../../contracts/jobs';
import { linkedAbort } from '../../contracts/abort';
import type { WebhookBudget } from '../flows/webhook-budget';
import type { WebhookStepResult } from '../flows/webhook-step';

/** A job fetched past a full budget (several workers fetched at once) is back in its queue this much later. */
const OVER_BUDGET_DELAY_MS = 250;

type Run = { id: string; workspace_id: string };

/**
 * The job around one slow external step of a flow run (`run.webhook`, `run.ai`; ADR 0009, 0012),
 * in its run's lane (queue) of its workspace:
 * - at most `budget` slots of this worker, and all but one of them for one workspace: a job fetched
 *   past a full budget, or past its workspace's share, goes back to its queue;
 * - either the worker's `shutdown` or Graphile's own abort (graceful shutdown timeout) ends the step;
 * - a step interrupted that way is handed straight back to its queue (same key, no attempt counted),
 *   so a trickling endpoint can't hold a shutdown and the next worker calls again.
 */
export function slowExternalStepJob(opts: {
  job: 'run.webhook' | 'run.ai';
  /** How the log names the step ("webhook call", "AI answer"). */
  label: string;
  budget: WebhookBudget;
  shutdown: AbortSignal;
  enqueue: (run: Run, seq: number, delayMs?: number) => Promise<void>;
  step: (runId: string, seq: number, signal: AbortSignal, workspaceId: string) => Promise<WebhookStepResult>;
}): Task {
  return async (payload: unknown, helpers: JobHelpers) => {
    const { runId, seq, workspaceId } = jobs[opts.job].payload.parse(payload);
    const run = { id: runId, workspace_id: workspaceId };
    if (!opts.budget.tryAcquire(workspaceId)) {
      await opts.enqueue(run, seq, OVER_BUDGET_DELAY_MS);
      return;
    }
    const stop = linkedAbort([opts.shutdown, helpers.abortSignal]);
    try {
      const result = await opts.step(runId, seq, stop.signal, workspaceId);
      if (result === 'interrupted') {
        await opts.enqueue(run, seq);
        helpers.logger.info(`${opts.label} of run ${runId} step ${seq} interrupted by shutdown; queued again`);
      }
    } finally {
      stop.dispose();
      opts.budget.release(workspaceId);
    }
  };
}
