import type pg from 'pg';
import { z } from 'zod';
import { callWebhook } from '../../activities/call-webhook.activity';
import { enqueueAdvance } from '../../db/flows/runs';
import { withTransaction } from '../../db/transaction';
import type { RunState } from '../../workflows/advance';
import type { PendingInput } from './run-driver';
import { resultInput, retryOrGiveUp, type RetryPolicy } from './settle-outcome';

export interface WebhookStepConfig extends RetryPolicy {
  webhook: { allowLoopback: boolean; timeoutMs: number };
}

const stepRun = z.object({
  id: z.string(),
  workspace_id: z.string(),
  flow_id: z.string(),
  status: z.string(),
  state: z.custom<RunState>(),
  pending_input: z.custom<PendingInput | null>(),
});
type StepRun = z.infer<typeof stepRun>;

export type WebhookStepResult = 'recorded' | 'stale' | 'interrupted';

/**
 * `run.webhook {runId, seq}`: the webhook call of a run's step, outside the run's driver job so a
 * slow endpoint holds no driver slot, run lock or database connection while it answers (ADR 0009).
 * The outcome is recorded in one transaction, guarded like every other input to the run: it
 * becomes the run's pending input and its `run.advance` job (or, retryable, a retry timer), only
 * while the run still waits on this very step. A crash before that commit makes the call again
 * with the same Idempotency-Key (ADR 0007). A worker shutdown abandons the call unrecorded
 * ('interrupted': the job hands itself back to its queue).
 */
export async function callWebhookStep(pool: pg.Pool, runId: string, seq: number, config: WebhookStepConfig, signal: AbortSignal): Promise<WebhookStepResult> {
  const run = await loadRun(pool, runId, false);
  const call = run && awaitedWebhook(run, seq);
  if (!run || !call) return 'stale';

  let outcome;
  try {
    outcome = await callWebhook({ ...call, idempotencyKey: `${runId}:${seq}` }, { ...config.webhook, signal });
  } catch (err) {
    if (signal.aborted) return 'interrupted';
    throw err;
  }

  return withTransaction(pool, async (client) => {
    const locked = await loadRun(client, runId, true);
    // Cancelled, or already settled by an earlier copy of this job: nothing to record.
    if (!locked || !awaitedWebhook(locked, seq)) return 'stale';
    const input = outcome.ok || !outcome.retryable ? resultInput(seq, outcome) : await retryOrGiveUp(client, locked, seq, outcome, config);
    if (input) {
      await client.query('update flow_runs set pending_input = $2, updated_at = now() where id = $1', [runId, JSON.stringify(input)]);
      await enqueueAdvance(client, [runId]);
    }
    return 'recorded';
  });
}

async function loadRun(db: Pick<pg.PoolClient, 'query'>, runId: string, lock: boolean): Promise<StepRun | null> {
  const { rows } = await db.query(
    `select id, workspace_id, flow_id, status, state, pending_input from flow_runs where id = $1${lock ? ' for update' : ''}`,
    [runId],
  );
  return rows[0] ? stepRun.parse(rows[0]) : null;
}

/** The call, while the run is still running and waiting on exactly this webhook step with no input yet. */
function awaitedWebhook(run: StepRun, seq: number) {
  const awaiting = run.state.awaiting;
  if (run.status !== 'running' || run.pending_input !== null || awaiting?.on !== 'activity' || awaiting.seq !== seq) return null;
  return awaiting.activity?.type === 'webhook' ? awaiting.activity : null;
}
