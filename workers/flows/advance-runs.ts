import type pg from 'pg';
import type { InboxEvent } from '../../contracts/inbox';
import { enqueueExternalCalls } from '../../db/flows/enqueue-webhook-call';
import type { RunRow } from '../../db/flows/run-row';
import { applyRunWrites, dropRunInputs, updateRuns, type RunUpdate, type RunWrites } from '../../db/flows/run-writes';
import { enqueueAdvance, loadPlan } from '../../db/flows/runs';
import { advance, type AdvanceInput, type Command, type RunContact } from '../../workflows/advance';
import { leadScore } from '../../workflows/lead-score';
import { mergeWrites, runUpdateFor, statusAfter, writesFor } from './run-writes';

/** One run to advance: its row (as locked or just inserted by the caller's transaction), its input, its contact. */
export interface AdvanceItem {
  run: RunRow;
  input: AdvanceInput;
  contact: RunContact;
}

/** How a caller's batch treats what a turn can't finish in its transaction. Chosen once per caller. */
export interface AdvancePolicy {
  /** Lanes per workspace for the webhook and AI calls a turn reaches (FLOW_WEBHOOK_LANES, ADR 0009): each call's job goes in the run's lane. */
  webhookLanes: number;
  /**
   * A turn that reaches a send (its ledger row and delivery are the driver's, ADR 0006):
   * 'untouched' leaves the whole turn to the run's `run.advance` job, which takes it as the driver
   * always did; 'record' writes the turn and leaves the send to that job, which begins it from the
   * recorded step.
   */
  sends: 'untouched' | 'record';
  /** A turn that captures a lead goes to its job untouched (the inbound batch writes its own lead scores after this). */
  leadsToJob?: boolean;
  /** A run whose input the interpreter ignores: its job reports it ('job'), or the input is dropped ('drop'). */
  ignored: 'job' | 'drop';
  /** Runs taken in this transaction at most, and per-run contact writes (tags, fields) at most; the rest go to their jobs untouched. */
  caps?: { runs: number; contactWrites: number };
  /** The browsers' `run.updated`: one per run, or one per flow (the last run's status: a thousand timers of one flow, one refetch). */
  notices: 'per-run' | 'per-flow';
  /** Runs the caller sends to their `run.advance` jobs as they are, in the same statement as the others. */
  alsoToJob?: string[];
}

/**
 * The one door for advancing runs inside a caller's transaction (ADR 0007): the first steps of the
 * runs an inbound batch started (first-steps.ts) and the runs whose timers fell due
 * (resume-batch.ts). The interpreter per run, then ONE statement each for their steps and timers,
 * their webhook / AI call jobs (`run.webhook`, `run.ai`, queued here: no `run.advance` job in
 * between) and their rows with the browsers' notices, and one for the runs left to their jobs.
 * Everything commits with the caller's transaction or not at all.
 */
export async function advanceRuns(client: pg.PoolClient, items: AdvanceItem[], policy: AdvancePolicy): Promise<void> {
  const toJob = new Set<string>(policy.alsoToJob);
  const ignored: string[] = [];
  const writes: RunWrites[] = [];
  const updates: RunUpdate[] = [];
  const notices = new Map<string, { workspaceId: string; event: InboxEvent }>();
  const calls: Parameters<typeof enqueueExternalCalls>[1] = [];
  const notify = (run: RunRow, status: string) =>
    notices.set(policy.notices === 'per-run' ? run.id : `${run.workspace_id}:${run.flow_id}`, {
      workspaceId: run.workspace_id,
      event: { type: 'run.updated', runId: run.id, flowId: run.flow_id, status },
    });
  const now = new Date();
  let contactWrites = 0;
  for (const { run, input, contact } of items) {
    if (policy.caps && updates.length >= policy.caps.runs) {
      toJob.add(run.id);
      continue;
    }
    const plan = await loadPlan(client, run.version_id, run.id);
    const result = advance(plan, run.state, input, { contact, seed: run.id });
    if (result.ignored) {
      if (policy.ignored === 'job') toJob.add(run.id);
      else ignored.push(run.id);
      continue;
    }
    const call = result.commands.find((c): c is Extract<Command, { type: 'callActivity' }> => c.type === 'callActivity');
    const external = call && (call.activity.type === 'webhook' || call.activity.type === 'aiAnswer');
    // A Sequence step's enrolment is one statement on the contact's behalf, like a tag change: within the same cap.
    const own = result.commands.filter((c) => c.type === 'updateContact' || c.type === 'enrollSequence').length;
    if (
      (call && !external && policy.sends === 'untouched') ||
      (policy.leadsToJob && result.commands.some((c) => c.type === 'captureLead')) ||
      (policy.caps && contactWrites + own > policy.caps.contactWrites)
    ) {
      toJob.add(run.id);
      continue;
    }
    contactWrites += own;
    writes.push(writesFor(run, plan, result.commands));
    const status = statusAfter(result.commands, result.state, now);
    updates.push(runUpdateFor(run.id, result.state, result.commands, status));
    notify(run, status.status);
    if (call && external) calls.push({ task: call.activity.type === 'webhook' ? 'run.webhook' : 'run.ai', run, seq: call.seq });
    // Recorded now; its run.advance job begins the send (ledger row, delivery) from this step.
    else if (call) toJob.add(run.id);
  }
  // A run left untouched to its job is announced as startRun announces it.
  const touched = new Set(updates.map((u) => u.id));
  for (const { run } of items) if (!touched.has(run.id) && toJob.has(run.id)) notify(run, 'running');
  if (updates.length > 0) {
    await applyRunWrites(client, mergeWrites(writes), { score: leadScore, now });
    await enqueueExternalCalls(client, calls, policy.webhookLanes);
  }
  await updateRuns(client, updates, [...notices.values()]);
  await dropRunInputs(client, ignored);
  await enqueueAdvance(client, [...toJob]);
}
