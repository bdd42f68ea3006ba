import type pg from 'pg';
import { commitDurably } from '../../db/transaction';
import { DEFAULT_WEBHOOK_LANES } from '../../contracts/jobs';
import { initialRunState, type RunTrigger } from '../../contracts/run-state';
import { providerSchema } from '../../contracts/platforms';
import type { RunContactRow } from '../../db/flows/run-contacts';
import type { RunRow } from '../../db/flows/run-row';
import { applyRunWrites, updateRuns, type RunUpdate, type RunWrites } from '../../db/flows/run-writes';
import { enqueueAdvance, loadPlan } from '../../db/flows/runs';
import { enqueueExternalCalls } from '../../db/flows/enqueue-webhook-call';
import type { InboxEvent } from '../../contracts/inbox';
import { advance, type Command } from '../../workflows/advance';
import { leadScore } from '../../workflows/lead-score';
import { runContact } from './run-contacts';
import { mergeWrites, runUpdateFor, statusAfter, writesFor } from './run-writes';

/** A run the inbound transaction inserted without its job (insertRun), with what its first turn needs. */
export interface StartedRun {
  run: RunRow;
  contact: RunContactRow;
}

export interface FirstStepsConfig {
  /** Lanes per workspace for webhook and AI calls (FLOW_WEBHOOK_LANES, ADR 0009): the run's call goes to its lane, as the driver's would. */
  webhookLanes: number;
  /**
   * New runs per inbound batch whose first steps are taken in the batch's transaction; the rest get
   * their `run.advance` job as before (ADR 0013: a burst of one workspace's runs adds a bounded
   * amount of work to the batch, which other workspaces' events of the shard share). 0: none.
   */
  inlinePerBatch: number;
}

/**
 * Runs per batch taken on inline by default. The bulk statements cost the same for 1 or 100 runs;
 * what grows per run is the interpreter and any per-run write (a tag, a field), so the cap
 * bounds those.
 */
export const INLINE_FIRST_STEPS_PER_BATCH = 100;
/** Per-run statements (contact updates: tags, fields) a batch's inline first steps may add before the rest go to jobs. */
const INLINE_PER_RUN_WRITES = 20;

export const defaultFirstSteps: FirstStepsConfig = { webhookLanes: DEFAULT_WEBHOOK_LANES, inlinePerBatch: INLINE_FIRST_STEPS_PER_BATCH };

/** The run as the driver would read it, from what insertRun wrote (no second read). */
export function startedRun(
  inserted: { id: string; startedAt: Date; contact: RunContactRow },
  run: { workspaceId: string; flowId: string; versionId: string; accountId: string; contactId: string; trigger: RunTrigger },
  account: { platform: RunRow['platform']; provider: string },
): StartedRun {
  return {
    run: {
      id: inserted.id,
      workspace_id: run.workspaceId,
      flow_id: run.flowId,
      version_id: run.versionId,
      account_id: run.accountId,
      contact_id: run.contactId,
      status: 'running',
      started_at: inserted.startedAt,
      platform: account.platform,
      provider: providerSchema.parse(account.provider),
      state: initialRunState(),
      pending_input: { type: 'start' },
      trigger: run.trigger,
    },
    contact: inserted.contact,
  };
}

/**
 * The first turn of runs the caller's transaction started (the inbound batch, ADR 0007 amendment
 * "first steps in the inbound transaction"), in bulk: the interpreter per run, then ONE statement
 * each for their steps and timers, their webhook / AI call jobs and their rows (with the browsers'
 * notices) — instead of one `run.advance` job per run (Graphile's insert, fetch and completion, the
 * advisory lock and a transaction of its own). Everything commits with the events that started the
 * runs or not at all; a batch redone event by event (ADR 0020) starts them again.
 *
 * Taken inline: a first turn that ends the run, parks it (delay, wait for reply) or reaches a
 * webhook or AI call. A first turn that reaches a send (a DM, a public reply: its ledger row and the
 * delivery are the driver's, ADR 0006) or captures a lead is left untouched, as are runs past the batch's caps: they
 * get their `run.advance` job in one statement, and the driver takes the first turn exactly as
 * before.
 */
export async function takeFirstSteps(client: pg.PoolClient, started: StartedRun[], config: FirstStepsConfig = defaultFirstSteps): Promise<void> {
  if (started.length === 0) return;
  // The inbound transaction commits without waiting for its WAL flush (ADR 0030), but not one that
  // started runs: a first step may queue a webhook or AI call, which a lane already draining
  // (webhook-step.ts, drainLane) reads and makes with no write of its own before the call.
  await commitDurably(client);
  const toJob: string[] = [];
  const writes: RunWrites[] = [];
  const updates: RunUpdate[] = [];
  const notices: { workspaceId: string; event: InboxEvent }[] = [];
  const calls: Parameters<typeof enqueueExternalCalls>[1] = [];
  const now = new Date();
  let perRunWrites = 0;
  for (const { run, contact } of started) {
    if (updates.length >= config.inlinePerBatch) {
      toJob.push(run.id);
      continue;
    }
    const plan = await loadPlan(client, run.version_id, run.id);
    const result = advance(plan, run.state, { type: 'start' }, { contact: runContact(run, contact), seed: run.id });
    const call = result.commands.find((c): c is Extract<Command, { type: 'callActivity' }> => c.type === 'callActivity');
    const external = call && (call.activity.type === 'webhook' || call.activity.type === 'aiAnswer');
    const own = result.commands.filter((c) => c.type === 'updateContact').length;
    // A captured lead is rescored by the turn, and the inbound event's own lead score is written
    // after this, with the processed mark (db/pipeline/event-tail.ts): it would overwrite the
    // turn's. The driver's turn, after the commit, keeps the order it always had.
    const capturesLead = result.commands.some((c) => c.type === 'captureLead');
    if (result.ignored || (call && !external) || capturesLead || perRunWrites + own > INLINE_PER_RUN_WRITES) {
      toJob.push(run.id);
      continue;
    }
    perRunWrites += own;
    writes.push(writesFor(run, plan, result.commands));
    const status = statusAfter(result.commands, result.state, now);
    updates.push(runUpdateFor(run.id, result.state, result.commands, status));
    notices.push({ workspaceId: run.workspace_id, event: { type: 'run.updated', runId: run.id, flowId: run.flow_id, status: status.status } });
    if (call) calls.push({ task: call.activity.type === 'webhook' ? 'run.webhook' : 'run.ai', run, seq: call.seq });
  }
  // A run left to its job is announced as startRun announces it.
  const byId = new Map(started.map((s) => [s.run.id, s.run]));
  for (const id of toJob) {
    const run = byId.get(id)!;
    notices.push({ workspaceId: run.workspace_id, event: { type: 'run.updated', runId: id, flowId: run.flow_id, status: 'running' } });
  }
  if (updates.length > 0) {
    await applyRunWrites(client, mergeWrites(writes), { score: leadScore, now });
    await enqueueExternalCalls(client, calls, config.webhookLanes);
  }
  await updateRuns(client, updates, notices);
  await enqueueAdvance(client, toJob);
}
