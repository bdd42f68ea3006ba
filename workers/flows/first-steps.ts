import type pg from 'pg';
import { tuning } from '../../config/tuning';
import { commitDurably } from '../../db/transaction';
import { DEFAULT_WEBHOOK_LANES } from '../../contracts/jobs';
import { initialRunState, type RunTrigger } from '../../contracts/run-state';
import { providerSchema } from '../../contracts/platforms';
import type { RunContactRow } from '../../db/flows/run-contacts';
import type { RunRow } from '../../db/flows/run-row';
import { advanceRuns } from './advance-runs';
import { runContact } from './run-contacts';

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

export const defaultFirstSteps: FirstStepsConfig = { webhookLanes: DEFAULT_WEBHOOK_LANES, inlinePerBatch: tuning.flows.inlineFirstStepsPerBatch };

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
 * The first turn of runs the caller's transaction started (the inbound batch, ADR 0024; ADR 0007
 * amendment "first steps in the inbound transaction"), through the one door for advancing runs in a
 * transaction (advanceRuns) — instead of one `run.advance` job per run (Graphile's insert, fetch and
 * completion, the advisory lock and a transaction of its own). Everything commits with the events
 * that started the runs or not at all; a batch redone event by event (ADR 0020) starts them again.
 *
 * Taken inline: a first turn that ends the run, parks it (delay, wait for reply) or reaches a
 * webhook or AI call (its job queued here). A first turn that reaches a send (a DM, a public reply:
 * its ledger row and the delivery are the driver's, ADR 0006) or captures a lead is left untouched,
 * as are runs past the batch's caps: they get their `run.advance` job in one statement, and the
 * driver takes the first turn exactly as before.
 */
export async function takeFirstSteps(client: pg.PoolClient, started: StartedRun[], config: FirstStepsConfig = defaultFirstSteps): Promise<void> {
  if (started.length === 0) return;
  // The inbound transaction commits without waiting for its WAL flush (ADR 0030), but not one that
  // started runs: a first step may queue a webhook or AI call, which a lane already draining
  // (webhook-step.ts, drainLane) reads and makes with no write of its own before the call.
  await commitDurably(client);
  await advanceRuns(
    client,
    started.map(({ run, contact }) => ({ run, input: { type: 'start' }, contact: runContact(run, contact) })),
    {
      webhookLanes: config.webhookLanes,
      sends: 'untouched',
      // A captured lead is rescored by the turn, and the inbound event's own lead score is written
      // after this, with the processed mark (db/inbound/event-tail.ts): it would overwrite the
      // turn's. The driver's turn, after the commit, keeps the order it always had.
      leadsToJob: true,
      ignored: 'job',
      caps: { runs: config.inlinePerBatch, contactWrites: tuning.flows.inlinePerRunWrites },
      notices: 'per-run',
    },
  );
}
