import type pg from 'pg';
import { z } from 'zod';
import type { ActivityOutcome } from '../../activities/activity-outcome';
import { deliverFlowSend, deliverSandboxFlowSend, prepareFlowSend } from '../../activities/flow-send.activity';
import type { Sender } from '../../activities/send-outbound.activity';
import type { ExecutionPlan } from '../../contracts/execution-plan';
import { enqueueAdvance, loadPlan, type RunTrigger } from '../../db/flows/runs';
import { notifyWorkspace } from '../../db/pipeline/notify';
import type { SendLimits } from '../../db/pipeline/send-limits';
import { advance, type AdvanceInput, type Awaiting, type Command, type RunState } from '../../workflows/advance';
import { loadContact, updateContact } from './run-contacts';
import { resultInput, retryOrGiveUp, type RetryPolicy } from './settle-outcome';
import { enqueueWebhookCall } from './webhook-queue';

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
  /** Delivers a step's send to Meta or X between transactions (createSender, passed in by workers/worker.ts). */
  sender: Sender;
}

const LOCK_NAMESPACE = 7_202_611;
/** Turns of the loop per job before yielding the worker slot to other runs. */
const MAX_TURNS = 50;

export const runRow = z.object({
  id: z.string(),
  workspace_id: z.string(),
  flow_id: z.string(),
  version_id: z.string(),
  account_id: z.string(),
  contact_id: z.string(),
  status: z.enum(['running', 'waiting', 'sleeping', 'completed', 'failed', 'cancelled']),
  state: z.custom<RunState>(),
  pending_input: z.custom<PendingInput | null>(),
  trigger: z.custom<RunTrigger>(),
  started_at: z.date(),
  platform: z.enum(['instagram', 'facebook', 'twitter']),
  provider: z.enum(['meta', 'x', 'sandbox']),
});
export type RunRow = z.infer<typeof runRow>;

/** Interpreter inputs, plus the driver's own: re-run the awaited activity (retry / rate-limit slot). */
export type PendingInput = AdvanceInput | { type: 'retryActivity'; seq: number } | { type: 'sendSlot'; seq: number };

/** An activity to carry out between transactions: a platform delivery. */
type Effect = { type: 'deliver'; run: RunRow; seq: number; ledgerId: string };

export async function driveRun(pool: pg.Pool, runId: string, config: DriverConfig): Promise<void> {
  const client = await pool.connect();
  let locked = false;
  try {
    const got = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [LOCK_NAMESPACE, runId]);
    locked = got.rows[0]!.ok;
    if (!locked) {
      // Another worker is driving this run right now; look again shortly (its input is on the row).
      await enqueueAdvance(pool, [runId], 250);
      return;
    }
    let input: PendingInput | null = null;
    for (let turn = 0; turn < MAX_TURNS; turn++) {
      const next = await turnOnce(client, runId, input, config);
      if (!next) return;
      if ('input' in next) {
        input = next.input;
        continue;
      }
      const outcome = await deliverFlowSend(pool, config.sender, next.effect.ledgerId);
      input = await settle(client, next.effect, outcome, config);
      if (!input) return;
    }
    // Long chain of steps: yield the worker to other runs, keep the input on the row.
    if (input) await storeInput(client, runId, input);
    await enqueueAdvance(client, [runId]);
  } finally {
    if (locked) await client.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_NAMESPACE, runId]).catch(() => {});
    client.release();
  }
}

async function storeInput(client: pg.PoolClient, runId: string, input: PendingInput) {
  await client.query('update flow_runs set pending_input = $2 where id = $1', [runId, JSON.stringify(input)]);
}

/** What a turn leaves to do: an activity to carry out, or an input to feed straight into the next turn. */
type Turn = { effect: Effect } | { input: PendingInput } | null;

/** One transaction: the next input → the interpreter → recorded steps and commands. */
async function turnOnce(client: pg.PoolClient, runId: string, direct: PendingInput | null, config: DriverConfig): Promise<Turn> {
  await client.query('begin');
  try {
    const found = await client.query(
      `select r.id, r.workspace_id, r.flow_id, r.version_id, r.account_id, r.contact_id, r.status, r.state, r.pending_input,
              r.trigger, r.started_at, a.platform, a.provider
       from flow_runs r join social_accounts a on a.id = r.account_id
       where r.id = $1 for update of r`,
      [runId],
    );
    if (!found.rows[0]) return await done(client, null);
    const run = runRow.parse(found.rows[0]);
    if (run.status === 'completed' || run.status === 'failed' || run.status === 'cancelled') return await done(client, null);

    const input = direct ?? run.pending_input;
    const awaiting = run.state.awaiting;
    if (!input) {
      // No new input. A run left "running" on an activity (a crash between the activity and its
      // result) carries it out again: the ledger makes a send happen at most once.
      if (run.status === 'running' && awaiting?.on === 'activity') return await done(client, await effectFor(client, run, awaiting, config));
      return await done(client, null);
    }
    if (input.type === 'retryActivity' || input.type === 'sendSlot') {
      await client.query(`update flow_runs set pending_input = null, status = 'running', resume_at = null, updated_at = now() where id = $1`, [run.id]);
      if (!awaiting || awaiting.seq !== input.seq || awaiting.on !== 'activity') return await done(client, null);
      // attempts counts calls made; waiting for a rate-limit slot is not an attempt.
      await client.query(`update run_steps set status = 'running', attempts = attempts + $3 where run_id = $1 and seq = $2`, [
        run.id,
        awaiting.seq,
        input.type === 'retryActivity' ? 1 : 0,
      ]);
      return await done(client, await effectFor(client, run, awaiting, config));
    }

    const plan = await loadPlan(client, run.version_id);
    let contact = await loadContact(client, run);
    let result = advance(plan, run.state, input, { contact, seed: run.id });
    if (result.ignored) {
      await client.query('update flow_runs set pending_input = null where id = $1', [run.id]);
      return await done(client, null);
    }
    let outcome = await apply(client, run, plan, result.commands, config);
    const allCommands = [...result.commands];
    // The sandbox platform is a table: deliver in this transaction and go on, so the send, its step
    // and what follows commit together (exactly once; one commit per run instead of three).
    for (let hop = 0; hop < 20 && run.provider === 'sandbox' && outcome.turn && 'effect' in outcome.turn; hop++) {
      const { effect } = outcome.turn;
      const delivered = await deliverSandboxFlowSend(client, effect.ledgerId);
      const next: AdvanceInput = delivered.ok
        ? { type: 'activityResult', seq: effect.seq, ok: true, output: delivered.output }
        : { type: 'activityResult', seq: effect.seq, ok: false, error: delivered.error };
      if (result.commands.some((c) => c.type === 'updateContact')) contact = await loadContact(client, run);
      result = advance(plan, result.state, next, { contact, seed: run.id });
      outcome = await apply(client, run, plan, result.commands, config);
      allCommands.push(...result.commands);
    }
    const next = result.state;
    const cmds = allCommands;
    const status = outcome.sleep
      ? { status: 'sleeping' as const, detail: outcome.sleep.detail, error: null, resumeAt: outcome.sleep.until }
      : statusAfter(cmds, next);
    await client.query(
      `update flow_runs set state = $2, pending_input = null, status = $3, step_count = $4, current_node_id = $5,
         status_detail = coalesce($6, status_detail), error = $7, updated_at = now(),
         finished_at = case when $3 in ('completed', 'failed') then now() end,
         resume_at = $8
       where id = $1`,
      [
        run.id,
        JSON.stringify(next),
        status.status,
        next.seq,
        next.awaiting?.nodeId ?? lastNode(cmds),
        status.detail,
        status.error,
        status.resumeAt,
      ],
    );
    await notifyWorkspace(client, run.workspace_id, { type: 'run.updated', runId: run.id, flowId: run.flow_id, status: status.status });
    await client.query('commit');
    return outcome.turn;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
}

async function done<T>(client: pg.PoolClient, value: T): Promise<T> {
  await client.query('commit');
  return value;
}

export function lastNode(cmds: Command[]): string | null {
  for (let i = cmds.length - 1; i >= 0; i--) {
    const c = cmds[i]!;
    if (c.type === 'recordStep') return c.step.nodeId;
    if (c.type === 'fail') return c.nodeId;
  }
  return null;
}

export function statusAfter(cmds: Command[], state: RunState): { status: RunRow['status']; detail: string | null; error: string | null; resumeAt: Date | null } {
  const fail = cmds.find((c) => c.type === 'fail');
  if (fail && fail.type === 'fail') return { status: 'failed', detail: 'Failed', error: fail.reason, resumeAt: null };
  if (cmds.some((c) => c.type === 'complete')) return { status: 'completed', detail: 'Completed', error: null, resumeAt: null };
  const timer = cmds.find((c) => c.type === 'startTimer');
  if (timer && timer.type === 'startTimer') {
    const at = new Date(Date.now() + timer.dueInMs);
    return { status: 'sleeping', detail: 'Waiting out a delay', error: null, resumeAt: at };
  }
  const wait = cmds.find((c) => c.type === 'waitForReply');
  if (wait && wait.type === 'waitForReply') {
    const at = new Date(Date.now() + wait.timeoutMs);
    return { status: 'waiting', detail: 'Waiting for a reply', error: null, resumeAt: at };
  }
  return { status: 'running', detail: state.awaiting ? 'Running step' : null, error: null, resumeAt: null };
}

interface Applied {
  turn: Turn;
  /** The send waits for its rate-limit slot. */
  sleep?: { until: Date; detail: string };
}

/** Carries out the interpreter's commands inside the transaction; returns what is left for after commit. */
async function apply(client: pg.PoolClient, run: RunRow, plan: ExecutionPlan, commands: Command[], config: DriverConfig): Promise<Applied> {
  let applied: Applied = { turn: null };
  for (const c of commands) {
    switch (c.type) {
      case 'recordStep':
        if (c.finishes) {
          await client.query(`update run_steps set status = 'completed', output = $3, error = null, finished_at = clock_timestamp() where run_id = $1 and seq = $2`, [
            run.id,
            c.step.seq,
            JSON.stringify(c.step.output ?? null),
          ]);
        } else {
          await client.query(
            `insert into run_steps (run_id, seq, node_id, kind, status, input, output, started_at, finished_at)
             values ($1, $2, $3, $4, 'completed', $5, $6, clock_timestamp(), clock_timestamp())`,
            [run.id, c.step.seq, c.step.nodeId, c.step.kind, JSON.stringify(c.step.input ?? null), JSON.stringify(c.step.output ?? null)],
          );
        }
        break;
      case 'updateContact':
        await updateContact(client, run.contact_id, c);
        break;
      case 'startTimer':
        await insertStep(client, run.id, c.seq, c.nodeId, plan, 'sleeping', { dueInMs: c.dueInMs });
        await client.query(`insert into run_timers (run_id, seq, kind, due_at) values ($1, $2, 'delay', now() + make_interval(secs => $3::float8 / 1000))`, [
          run.id,
          c.seq,
          c.dueInMs,
        ]);
        break;
      case 'waitForReply':
        await insertStep(client, run.id, c.seq, c.nodeId, plan, 'waiting', { timeoutMs: c.timeoutMs });
        await client.query(
          `insert into run_timers (run_id, seq, kind, due_at) values ($1, $2, 'reply_timeout', now() + make_interval(secs => $3::float8 / 1000))`,
          [run.id, c.seq, c.timeoutMs],
        );
        break;
      case 'callActivity': {
        await insertStep(client, run.id, c.seq, c.nodeId, plan, 'running', c.activity);
        applied = await beginActivity(client, run, c.seq, c.activity, config);
        break;
      }
      case 'fail':
        await client.query(
          `insert into run_steps (run_id, seq, node_id, kind, status, error, finished_at)
           values ($1, $2, $3, $4, 'failed', $5, clock_timestamp())
           on conflict (run_id, seq) do update set status = 'failed', error = excluded.error, finished_at = clock_timestamp()`,
          [run.id, c.seq, c.nodeId, plan.nodes[c.nodeId]?.kind ?? 'unknown', c.reason],
        );
        await client.query('delete from run_timers where run_id = $1', [run.id]);
        break;
      case 'complete':
        await client.query('delete from run_timers where run_id = $1', [run.id]);
        break;
    }
  }
  return applied;
}

async function insertStep(client: pg.PoolClient, runId: string, seq: number, nodeId: string, plan: ExecutionPlan, status: string, input: unknown) {
  await client.query(
    `insert into run_steps (run_id, seq, node_id, kind, status, input, started_at) values ($1, $2, $3, $4, $5, $6, clock_timestamp())
     on conflict (run_id, seq) do update set status = excluded.status, attempts = run_steps.attempts + 1, started_at = clock_timestamp(), error = null`,
    [runId, seq, nodeId, plan.nodes[nodeId]?.kind ?? 'unknown', status, JSON.stringify(input ?? null)],
  );
}

/**
 * Starts an activity inside the transaction. A send gets its ledger row now; delivery follows the
 * commit. A webhook call gets its job, which commits with the step; the driver is done until it answers.
 */
async function beginActivity(client: pg.PoolClient, run: RunRow, seq: number, activity: NonNullable<Awaiting['activity']>, config: DriverConfig): Promise<Applied> {
  if (activity.type === 'webhook') {
    await enqueueWebhookCall(client, run, seq);
    return { turn: null };
  }
  const prepared = await prepareFlowSend(
    client,
    {
      runId: run.id,
      seq,
      workspaceId: run.workspace_id,
      account: { id: run.account_id, platform: run.platform },
      contactId: run.contact_id,
      trigger: run.trigger,
      activity,
    },
    config.limits,
    new Date(),
  );
  if ('error' in prepared) {
    // Terminal before anything left: it is the activity's result, fed in on the next turn.
    return { turn: { input: { type: 'activityResult', seq, ok: false, error: prepared.error } } };
  }
  await client.query(`update run_steps set input = input || jsonb_build_object('ledgerId', $3::text) where run_id = $1 and seq = $2`, [run.id, seq, prepared.ledgerId]);
  const waitMs = prepared.scheduledFor.getTime() - Date.now();
  if (waitMs > 100) {
    // Over the account's send rate: sleep until the slot, with the ETA visible in the Runs view.
    await client.query(`insert into run_timers (run_id, seq, kind, due_at) values ($1, $2, 'send_slot', $3)`, [run.id, seq, prepared.scheduledFor]);
    await client.query(`update run_steps set status = 'sleeping' where run_id = $1 and seq = $2`, [run.id, seq]);
    return { turn: null, sleep: { until: prepared.scheduledFor, detail: 'Rate limit: waiting for a send slot' } };
  }
  return { turn: { effect: { type: 'deliver', run, seq, ledgerId: prepared.ledgerId } } };
}

/** The activity of a step already begun (crash recovery, a retry): its ledger row is in the step's input. */
async function effectFor(client: pg.PoolClient, run: RunRow, awaiting: Awaiting, config: DriverConfig): Promise<Turn> {
  const activity = awaiting.activity;
  if (!activity) return null;
  // A webhook step's job may still be queued or calling; queueing it again replaces a waiting one
  // (job_key) and a running one recognises the step as settled when it is its turn (same queue).
  if (activity.type === 'webhook') return (await beginActivity(client, run, awaiting.seq, activity, config)).turn;
  const { rows } = await client.query<{ ledger_id: string | null }>(`select input->>'ledgerId' as ledger_id from run_steps where run_id = $1 and seq = $2`, [
    run.id,
    awaiting.seq,
  ]);
  const ledgerId = rows[0]?.ledger_id;
  if (ledgerId) return { effect: { type: 'deliver', run, seq: awaiting.seq, ledgerId } };
  // Recorded without its ledger row yet (a batch resume defers it, or preparing failed): begin it now.
  const begun = await beginActivity(client, run, awaiting.seq, activity, config);
  if (begun.sleep) {
    await client.query(`update flow_runs set status = 'sleeping', status_detail = $2, resume_at = $3, updated_at = now() where id = $1`, [
      run.id,
      begun.sleep.detail,
      begun.sleep.until,
    ]);
  }
  return begun.turn;
}

/**
 * A delivery's outcome → the next input. Success and terminal failure go straight to the
 * interpreter; a retryable failure records the attempt and sleeps on a retry timer until the
 * attempts run out (settle-outcome.ts, shared with the webhook step).
 */
async function settle(client: pg.PoolClient, effect: Effect, outcome: ActivityOutcome, config: DriverConfig): Promise<PendingInput | null> {
  if (outcome.ok || !outcome.retryable) return resultInput(effect.seq, outcome);
  await client.query('begin');
  try {
    const input = await retryOrGiveUp(client, effect.run, effect.seq, outcome, config);
    await client.query('commit');
    return input;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
}
