import type pg from 'pg';
import type { ActivityOutcome } from '../../activities/activity-outcome';
import type { PendingInput } from '../../contracts/run-state';
import { markRunSleeping } from '../../db/flows/run-inputs';
import { recordStepError, sleepStepUntil } from '../../db/flows/run-steps';
import { notifyWorkspace } from '../../db/notify';

export interface RetryPolicy {
  /** Backoff of retryable failures: base × 2^(attempt-1), capped at 15 minutes. */
  retryBaseMs: number;
  maxAttempts: number;
}

type Failure = Extract<ActivityOutcome, { retryable: true }>;

/**
 * An activity's outcome → the interpreter's next input: success and terminal failure at once; a
 * retryable failure goes through `retryOrGiveUp`, which needs a transaction.
 */
export function resultInput(seq: number, outcome: Exclude<ActivityOutcome, Failure>): PendingInput {
  return outcome.ok ? { type: 'activityResult', seq, ok: true, output: outcome.output } : { type: 'activityResult', seq, ok: false, error: outcome.error };
}

/**
 * A retryable failure, in the caller's transaction: records the error on the step; until the
 * attempts run out the run sleeps on a retry timer (backoff, or the platform's own time for a
 * rate limit) and this returns null; after that the failure is the interpreter's input.
 */
export async function retryOrGiveUp(
  client: pg.PoolClient,
  run: { id: string; workspace_id: string; flow_id: string },
  seq: number,
  outcome: Failure,
  policy: RetryPolicy,
): Promise<PendingInput | null> {
  const attempts = (await recordStepError(client, run.id, seq, outcome.error)) ?? 1;
  if (!outcome.rateLimited && attempts >= policy.maxAttempts) {
    return { type: 'activityResult', seq, ok: false, error: `${outcome.error} (gave up after ${attempts} attempts)` };
  }
  const backoff = Math.min(policy.retryBaseMs * 2 ** Math.max(0, attempts - 1), 15 * 60_000);
  const at = outcome.retryAt ?? new Date(Date.now() + backoff);
  // The time is in resume_at (the UI formats it); the text says why.
  const detail = outcome.rateLimited
    ? `Rate limited by the platform: ${outcome.error}`
    : `Retrying (attempt ${attempts + 1} of ${policy.maxAttempts}) after: ${outcome.error}`;
  await sleepStepUntil(client, run.id, seq, outcome.rateLimited ? 'send_slot' : 'retry', at);
  // A cancel that landed while the call was out stays cancelled.
  await markRunSleeping(client, run.id, detail, at, true);
  await notifyWorkspace(client, run.workspace_id, { type: 'run.updated', runId: run.id, flowId: run.flow_id, status: 'sleeping' });
  return null;
}
