import type pg from 'pg';
import type { ActivityOutcome } from '../../activities/activity-outcome';
import { notifyWorkspace } from '../../db/pipeline/notify';
import type { PendingInput } from './run-driver';

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
  const { rows } = await client.query<{ attempts: number }>(`update run_steps set error = $3 where run_id = $1 and seq = $2 returning attempts`, [run.id, seq, outcome.error]);
  const attempts = rows[0]?.attempts ?? 1;
  if (!outcome.rateLimited && attempts >= policy.maxAttempts) {
    return { type: 'activityResult', seq, ok: false, error: `${outcome.error} (gave up after ${attempts} attempts)` };
  }
  const backoff = Math.min(policy.retryBaseMs * 2 ** Math.max(0, attempts - 1), 15 * 60_000);
  const at = outcome.retryAt ?? new Date(Date.now() + backoff);
  // The time is in resume_at (the UI formats it); the text says why.
  const detail = outcome.rateLimited
    ? `Rate limited by the platform: ${outcome.error}`
    : `Retrying (attempt ${attempts + 1} of ${policy.maxAttempts}) after: ${outcome.error}`;
  await client.query(`insert into run_timers (run_id, seq, kind, due_at) values ($1, $2, $3, $4)`, [run.id, seq, outcome.rateLimited ? 'send_slot' : 'retry', at]);
  await client.query(`update run_steps set status = 'sleeping' where run_id = $1 and seq = $2`, [run.id, seq]);
  await client.query(`update flow_runs set status = 'sleeping', status_detail = $2, resume_at = $3, updated_at = now() where id = $1 and status = 'running'`, [
    run.id,
    detail,
    at,
  ]);
  await notifyWorkspace(client, run.workspace_id, { type: 'run.updated', runId: run.id, flowId: run.flow_id, status: 'sleeping' });
  return null;
}
