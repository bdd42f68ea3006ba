import type pg from 'pg';
import { tuning } from '../../config/tuning';
import { callWebhook } from '../../activities/call-webhook.activity';
import { dropLaneJob, nextLaneCalls } from '../../db/flows/enqueue-webhook-call';
import { lockRun, readRunForWebhook, type WebhookRun } from '../../db/flows/run-row';
import { withTransaction } from '../../db/transaction';
import { continueRun, type DriverConfig } from './run-driver';
import { resultInput, retryOrGiveUp, type RetryPolicy } from './settle-outcome';

export interface WebhookStepConfig extends RetryPolicy {
  webhook: { allowLoopback: boolean; timeoutMs: number };
  /** The run's next steps are taken in the transaction that records the outcome (run-driver.ts continueRun). */
  driver: DriverConfig;
}

type StepRun = Pick<WebhookRun, 'status' | 'state' | 'pending_input'>;

export type WebhookStepResult = 'recorded' | 'stale' | 'interrupted';

/**
 * `run.webhook {runId, seq}`: the webhook call of a run's step, outside the run's driver job so a
 * slow endpoint holds no driver slot, run lock or database connection while it answers (ADR 0009).
 * The outcome is recorded in one transaction, guarded like every other input to the run: only
 * while the run still waits on this very step, it is fed to the interpreter there and then and the
 * run goes on to its next steps in that transaction (continueRun: no `run.advance` job of its own;
 * a send is left to one), or, retryable, the run sleeps on a retry timer. A crash before that commit makes the call again
 * with the same Idempotency-Key (ADR 0007). A worker shutdown abandons the call unrecorded
 * ('interrupted': the job hands itself back to its queue).
 */
export async function callWebhookStep(
  pool: pg.Pool,
  runId: string,
  seq: number,
  config: WebhookStepConfig,
  signal: AbortSignal,
  laneJobId?: string,
): Promise<WebhookStepResult> {
  const run = await readRunForWebhook(pool, runId, false);
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
    const locked = await lockRun(client, runId);
    // Cancelled, or already settled by an earlier copy of this job: nothing to record.
    if (!locked || !awaitedWebhook(locked, seq)) return 'stale';
    // A call made for a queued job of the lane (drainLane): its job goes with the outcome.
    if (laneJobId) await dropLaneJob(client, laneJobId);
    const input = outcome.ok || !outcome.retryable ? resultInput(seq, outcome) : await retryOrGiveUp(client, locked, seq, outcome, config);
    if (input) await continueRun(client, locked, input, config.driver);
    return 'recorded';
  });
}

/** The call, while the run is still running and waiting on exactly this webhook step with no input yet. */
function awaitedWebhook(run: StepRun, seq: number) {
  const awaiting = run.state.awaiting;
  if (run.status !== 'running' || run.pending_input !== null || awaiting?.on !== 'activity' || awaiting.seq !== seq) return null;
  return awaiting.activity?.type === 'webhook' ? awaiting.activity : null;
}

/**
 * The lane's next due calls, made by the job that holds the lane (its Graphile queue, which runs one
 * job at a time fleet-wide) right after its own, instead of one job each (ADR 0009, amendment "a
 * job drains its lane"): no fetch and completion per call, and no idle gap between a completion and
 * the next worker's poll. Each call's outcome is recorded as a job's would be, with its queued job
 * removed in that transaction. The due calls are read together (nextLaneCalls), again when they are
 * made. Stops at `tuning.flows.laneDrainCalls`, at the first call that is not recorded (stale, interrupted: its
 * job stays queued for a worker), when the lane has nothing due and at shutdown. Returns the calls made.
 */
export async function drainLane(pool: pg.Pool, queue: string, config: WebhookStepConfig, signal: AbortSignal): Promise<number> {
  let made = 0;
  const most = tuning.flows.laneDrainCalls;
  while (made < most && !signal.aborted) {
    const due = await nextLaneCalls(pool, queue, most - made);
    if (due.length === 0) break;
    for (const next of due) {
      if (signal.aborted) return made;
      if ((await callWebhookStep(pool, next.runId, next.seq, config, signal, next.jobId)) !== 'recorded') return made;
      made++;
    }
  }
  return made;
}
