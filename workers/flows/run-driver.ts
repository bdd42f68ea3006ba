import type pg from 'pg';
import { tuning } from '../../config/tuning';
import { replyOptionsOrNull } from '../../contracts/reply-options';
import type { ActivityOutcome } from '../../activities/activity-outcome';
import { deliverFlowSend, deliverSandboxFlowSend, prepareFlowSend } from '../../activities/flow-send.activity';
import type { Sender } from '../../activities/send-outbound.activity';
import type { ExecutionPlan } from '../../contracts/execution-plan';
import { DEFAULT_WEBHOOK_LANES } from '../../contracts/jobs';
import type { PendingInput } from '../../contracts/run-state';
import { markRunSleeping, reopenRunForActivity, storeRunInput } from '../../db/flows/run-inputs';
import { tryLockRun, unlockRun } from '../../db/flows/run-lock';
import { lockRun, type RunRow } from '../../db/flows/run-row';
import { attachLedgerToStep, restartStep, sleepStepUntil, stepLedgerId } from '../../db/flows/run-steps';
import { applyRunWrites, dropRunInputs, updateRuns } from '../../db/flows/run-writes';
import { enqueueAdvance, loadPlan } from '../../db/flows/runs';
import type { SendLimits } from '../../db/sends/send-limits';
import { inTransaction } from '../../db/transaction';
import { advance, type AdvanceInput, type Awaiting, type Command } from '../../workflows/advance';
import { leadScore } from '../../workflows/lead-score';
import { loadContact, runContact } from './run-contacts';
import { runUpdateFor, statusAfter, writesFor } from './run-writes';
import { resultInput, retryOrGiveUp, type RetryPolicy } from './settle-outcome';
import { enqueueAiCall, enqueueWebhookCall } from '../../db/flows/enqueue-webhook-call';
import type { FollowCheck } from '../../activities/follow-check.activity';
import { followCheckInTransaction } from './follow-check-step';
import { runBookingActivity } from './booking-step';

/**
 * The flow runtime's driver (ARCHITECTURE.md#flow-runtime): `run.advance {runId}`. Each turn of its loop is ONE
 * transaction that locks the run row, feeds the interpreter the run's pending input, records the
 * steps and carries out the commands (timers, waits, tags, the send's ledger row). A platform
 * delivery runs between transactions, keyed `runId:seq`. A webhook call is not made here: the turn
 * queues a `run.webhook` job (webhook-step.ts, ADR 0009) and the driver lets go of the run until
 * that job records the outcome as the run's input.
 * A session advisory lock keeps one driver per run; it dies with a crashed worker's connection.
 */

export interface DriverConfig extends RetryPolicy {
  limits: SendLimits;
  /** Where tracked links point (PUBLIC_URL, or the web server's URL in development); null: links are left as written. */
  linkBaseUrl?: () => string | null;
  /** Delivers a step's send to Meta or X between transactions (createSender, passed in by workers/worker.ts). */
  sender: Sender;
  /** Queues (lanes) per workspace for webhook and AI calls (FLOW_WEBHOOK_LANES; default DEFAULT_WEBHOOK_LANES). */
  webhookLanes?: number;
  /** A Follow gate's check on Instagram (createFollowCheck, passed in by workers/worker.ts); absent: such a step fails with that reason. */
  followCheck?: FollowCheck;
}

function linkTracking(config: DriverConfig, flowId: string, nodeId: string, contactId: string) {
  const baseUrl = config.linkBaseUrl?.() ?? null;
  return baseUrl ? { baseUrl, flowId, nodeId, contactId } : null;
}

export type { RunRow } from '../../db/flows/run-row';
export type { PendingInput } from '../../contracts/run-state';

/** An activity to carry out between transactions: a platform delivery, or a Follow gate's profile read. */
type Effect = { type: 'deliver'; run: RunRow; seq: number; ledgerId: string } | { type: 'checkFollow'; run: RunRow; seq: number };

export async function driveRun(pool: pg.Pool, runId: string, config: DriverConfig): Promise<void> {
  const client = await pool.connect();
  let locked = false;
  try {
    locked = await tryLockRun(client, runId);
    if (!locked) {
      // Another worker is driving this run right now; look again shortly (its input is on the row).
      await enqueueAdvance(pool, [runId], 250);
      return;
    }
    let input: PendingInput | null = null;
    for (let turn = 0; turn < tuning.flows.maxTurnsPerJob; turn++) {
      const next = await inTransaction(client, (c) => turnOnce(c, runId, input, config));
      if (!next) return;
      if ('input' in next) {
        input = next.input;
        continue;
      }
      const effect = next.effect;
      const outcome =
        effect.type === 'deliver'
          ? await deliverFlowSend(pool, config.sender, effect.ledgerId)
          : config.followCheck
            ? await config.followCheck(effect.run.id)
            : { ok: false as const, retryable: false as const, error: 'Follow checks are not available in this process' };
      input = await settle(client, next.effect, outcome, config);
      if (!input) return;
    }
    // Long chain of steps: yield the worker to other runs, keep the input on the row.
    if (input) await storeRunInput(client, runId, input);
    await enqueueAdvance(client, [runId]);
  } finally {
    if (locked) await unlockRun(client, runId).catch(() => {});
    client.release();
  }
}

/** A run row as lockRun reads it: locked, with its contact. */
type LockedRun = NonNullable<Awaited<ReturnType<typeof lockRun>>>;

/** What a turn leaves to do: an activity to carry out, or an input to feed straight into the next turn. */
type Turn = { effect: Effect } | { input: PendingInput } | null;

/**
 * Feeds `input` to a run the caller has locked (`lockRun`) and checked, in the caller's transaction: the
 * outcome of a webhook step goes on to the run's next steps in the transaction that records it (ADR
 * 0007, amendment "fewer jobs and round trips per execution"), instead of a `run.advance` job of its own. What
 * can't be done in a transaction is left to the driver's job, as after a crash: a send to deliver
 * (its ledger row is written; the driver finds the begun step and delivers it) or an input to feed.
 */
export async function continueRun(client: pg.PoolClient, run: LockedRun, input: PendingInput, config: DriverConfig): Promise<void> {
  const next = await turnWith(client, run, input, config);
  if (!next) return;
  if ('input' in next) await storeRunInput(client, run.id, next.input);
  await enqueueAdvance(client, [run.id]);
}

/** One transaction: the next input → the interpreter → recorded steps and commands. */
async function turnOnce(client: pg.PoolClient, runId: string, direct: PendingInput | null, config: DriverConfig): Promise<Turn> {
  const run = await lockRun(client, runId);
  if (!run) return null;
  return turnWith(client, run, direct, config);
}

/** A turn on the run row locked by this transaction. */
async function turnWith(client: pg.PoolClient, run: LockedRun, direct: PendingInput | null, config: DriverConfig): Promise<Turn> {
  if (run.status === 'completed' || run.status === 'failed' || run.status === 'cancelled') return null;

  const input = direct ?? run.pending_input;
  const awaiting = run.state.awaiting;
  if (!input) {
    // No new input. A run left "running" on an activity (a crash between the activity and its
    // result) carries it out again: the ledger makes a send happen at most once.
    if (run.status === 'running' && awaiting?.on === 'activity') return await effectFor(client, run, awaiting, config);
    return null;
  }
  if (input.type === 'retryActivity' || input.type === 'sendSlot') {
    await reopenRunForActivity(client, run.id);
    if (!awaiting || awaiting.seq !== input.seq || awaiting.on !== 'activity') return null;
    // attempts counts calls made; waiting for a rate-limit slot is not an attempt.
    await restartStep(client, run.id, awaiting.seq, input.type === 'retryActivity');
    return await effectFor(client, run, awaiting, config);
  }

  const plan = await loadPlan(client, run.version_id, run.id);
  let contact = runContact(run, run.contact);
  let result = advance(plan, run.state, input, { contact, seed: run.id });
  if (result.ignored) {
    await dropRunInputs(client, [run.id]);
    return null;
  }
  let outcome = await apply(client, run, plan, result.commands, config);
  const allCommands = [...result.commands];
  // The sandbox platform is a table: deliver in this transaction and go on, so the send, its step
  // and what follows commit together (exactly once; one commit per run instead of three).
  for (let hop = 0; hop < 20 && run.provider === 'sandbox' && outcome.turn && 'effect' in outcome.turn && outcome.turn.effect.type === 'deliver'; hop++) {
    const { effect } = outcome.turn as { effect: Extract<Effect, { type: 'deliver' }> };
    const delivered = await deliverSandboxFlowSend(client, effect.ledgerId);
    const next: AdvanceInput = delivered.ok
      ? { type: 'activityResult', seq: effect.seq, ok: true, output: delivered.output }
      : { type: 'activityResult', seq: effect.seq, ok: false, error: delivered.error };
    if (result.commands.some((c) => c.type === 'updateContact')) contact = await loadContact(client, run);
    result = advance(plan, result.state, next, { contact, seed: run.id });
    outcome = await apply(client, run, plan, result.commands, config);
    allCommands.push(...result.commands);
  }
  const status = outcome.sleep
    ? { status: 'sleeping' as const, detail: outcome.sleep.detail, error: null, resumeAt: outcome.sleep.until }
    : statusAfter(allCommands, result.state, new Date());
  await updateRuns(
    client,
    [runUpdateFor(run.id, result.state, allCommands, status)],
    [{ workspaceId: run.workspace_id, event: { type: 'run.updated', runId: run.id, flowId: run.flow_id, status: status.status } }],
  );
  return outcome.turn;
}

interface Applied {
  turn: Turn;
  /** The send waits for its rate-limit slot. */
  sleep?: { until: Date; detail: string };
}

/**
 * Writes the commands' rows (run-writes.ts, the same translation as the batch resume), then begins
 * the activity the run now awaits, if any; returns what is left for after commit.
 */
async function apply(client: pg.PoolClient, run: RunRow, plan: ExecutionPlan, commands: Command[], config: DriverConfig): Promise<Applied> {
  await applyRunWrites(client, writesFor(run, plan, commands), { score: leadScore, now: new Date() });
  const call = commands.find((c) => c.type === 'callActivity');
  return call ? beginActivity(client, run, call.seq, call.nodeId, call.activity, config) : { turn: null };
}

/**
 * Starts an activity inside the transaction. A send gets its ledger row now; delivery follows the
 * commit. A webhook call gets its job, which commits with the step; the driver is done until it answers.
 */
async function beginActivity(
  client: pg.PoolClient,
  run: RunRow,
  seq: number,
  nodeId: string,
  activity: NonNullable<Awaiting['activity']>,
  config: DriverConfig,
): Promise<Applied> {
  if (activity.type === 'webhook') {
    await enqueueWebhookCall(client, run, seq, config.webhookLanes ?? DEFAULT_WEBHOOK_LANES);
    return { turn: null };
  }
  if (activity.type === 'aiAnswer') {
    await enqueueAiCall(client, run, seq, config.webhookLanes ?? DEFAULT_WEBHOOK_LANES);
    return { turn: null };
  }
  // A Follow gate's check: the sandbox answers in this transaction, Instagram after the commit (a read, so a repeat is harmless).
  if (activity.type === 'checkFollow') {
    const answered = await followCheckInTransaction(client, run, seq);
    return { turn: answered ? { input: answered } : { effect: { type: 'checkFollow', run, seq } } };
  }
  // A Follow gate's DM on an account that has no follow check: refused before anything leaves.
  if (run.platform !== 'instagram' && (await loadPlan(client, run.version_id, run.id)).nodes[nodeId]?.kind === 'followGate') {
    return { turn: { input: { type: 'activityResult', seq, ok: false, error: 'Follow gates work on Instagram only: this run is on another channel' } } };
  }
  if (activity.type === 'bookingSlots' || activity.type === 'bookSlot') {
    // Book a time's reads and writes stay in the database: done in this transaction, the result is the next turn's input.
    const done = await runBookingActivity(client, run, seq, activity, { now: new Date(), linkBaseUrl: config.linkBaseUrl?.() ?? null });
    return { turn: { input: { type: 'activityResult', seq, ok: true, output: done.output } } };
  }
  // An AI reply's answer goes out on the run's own account, as a DM node's text would.
  const send = activity.type === 'replyDm' ? { type: 'sendDm' as const, channel: run.platform, text: activity.text } : activity;
  // An Ask a question step's profile quick reply, a Follow gate's button: Instagram and Messenger only (X's DM API has none, docs/platform-apis.md §2.5).
  const contactQuickReplies = activity.type === 'replyDm' && run.platform !== 'twitter' ? (activity.contactQuickReplies ?? []) : [];
  // A Book a time step's slots, a Follow gate's "I'm following": quick replies on the same platforms (on X the text lists the slots).
  const quickReplies = activity.type === 'replyDm' && run.platform !== 'twitter' ? (activity.quickReplies ?? []) : [];
  const prepared = await prepareFlowSend(
    client,
    {
      runId: run.id,
      seq,
      workspaceId: run.workspace_id,
      account: { id: run.account_id, platform: run.platform },
      contactId: run.contact_id,
      trigger: run.trigger,
      activity: send,
      // A DM node with "Track links" on, when there is a URL to point links at (PUBLIC_URL).
      tracking: activity.type === 'sendDm' && activity.trackLinks ? linkTracking(config, run.flow_id, nodeId, run.contact_id) : null,
      replyOptions: activity.type === 'sendDm' ? replyOptionsOrNull(activity) : replyOptionsOrNull({ contactQuickReplies, quickReplies }),
    },
    config.limits,
    new Date(),
  );
  if ('error' in prepared) {
    // Terminal before anything left: it is the activity's result, fed in on the next turn.
    return { turn: { input: { type: 'activityResult', seq, ok: false, error: prepared.error } } };
  }
  await attachLedgerToStep(client, run.id, seq, prepared.ledgerId);
  const waitMs = prepared.scheduledFor.getTime() - Date.now();
  if (waitMs > 100) {
    // Over the account's send rate: sleep until the slot, with the ETA visible in the Runs view.
    await sleepStepUntil(client, run.id, seq, 'send_slot', prepared.scheduledFor);
    return { turn: null, sleep: { until: prepared.scheduledFor, detail: 'Rate limit: waiting for a send slot' } };
  }
  return { turn: { effect: { type: 'deliver', run, seq, ledgerId: prepared.ledgerId } } };
}

/** The activity of a step already begun (crash recovery, a retry): its ledger row is in the step's input. */
async function effectFor(client: pg.PoolClient, run: RunRow, awaiting: Awaiting, config: DriverConfig): Promise<Turn> {
  const activity = awaiting.activity;
  if (!activity) return null;
  // A webhook (or AI answer) step's job may still be queued or calling; queueing it again replaces a waiting one
  // (job_key) and a running one recognises the step as settled when it is its turn (same queue).
  if (activity.type === 'webhook' || activity.type === 'aiAnswer' || activity.type === 'checkFollow')
    return (await beginActivity(client, run, awaiting.seq, awaiting.nodeId, activity, config)).turn;
  const ledgerId = await stepLedgerId(client, run.id, awaiting.seq);
  if (ledgerId) return { effect: { type: 'deliver', run, seq: awaiting.seq, ledgerId } };
  // Recorded without its ledger row yet (a batch resume defers it, or preparing failed): begin it now.
  const begun = await beginActivity(client, run, awaiting.seq, awaiting.nodeId, activity, config);
  if (begun.sleep) await markRunSleeping(client, run.id, begun.sleep.detail, begun.sleep.until);
  return begun.turn;
}

/**
 * A delivery's outcome → the next input. Success and terminal failure go straight to the
 * interpreter; a retryable failure records the attempt and sleeps on a retry timer until the
 * attempts run out (settle-outcome.ts, shared with the webhook step).
 */
async function settle(client: pg.PoolClient, effect: Effect, outcome: ActivityOutcome, config: DriverConfig): Promise<PendingInput | null> {
  if (outcome.ok || !outcome.retryable) return resultInput(effect.seq, outcome);
  return inTransaction(client, (c) => retryOrGiveUp(c, effect.run, effect.seq, outcome, config));
}
