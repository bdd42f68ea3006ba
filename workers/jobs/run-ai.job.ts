import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { enqueueAiCall } from '../../db/flows/enqueue-webhook-call';
import type { AiRuntime } from '../../activities/ai-answer.activity';
import { answerAiStep } from '../flows/ai-step';
import type { WebhookBudget } from '../flows/webhook-budget';
import { slowExternalStepJob } from './slow-external-step';

/**
 * `run.ai {runId, seq}`: one AI reply step's answer (workers/flows/ai-step.ts) in its run's lane
 * of its workspace, sharing the webhook calls' slots (ADR 0012): both are slow external calls, and together
 * they never hold more than half of the worker. A shutdown hands the job back to its queue unanswered.
 */
export function runAiJob(pool: pg.Pool, ai: AiRuntime | null, lanes: number, budget: WebhookBudget, shutdown: AbortSignal): Task {
  return slowExternalStepJob({
    job: 'run.ai',
    label: 'AI answer',
    budget,
    shutdown,
    enqueue: (run, seq, delayMs) => enqueueAiCall(pool, run, seq, lanes, delayMs),
    step: (runId, seq, signal) => answerAiStep(pool, ai, runId, seq, signal),
  });
}
