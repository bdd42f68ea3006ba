import type pg from 'pg';
import { StoredRunError } from '../../contracts/run-state';
import { lockRunsForResume, parseRunRow, type RunRow } from '../../db/flows/run-row';
import { applyRunWrites, dropRunInputs, updateRuns, type RunUpdate, type RunWrites } from '../../db/flows/run-writes';
import { enqueueAdvance, loadPlan } from '../../db/flows/runs';
import { notifyWorkspace } from '../../db/pipeline/notify';
import { withTransaction } from '../../db/transaction';
import { advance } from '../../workflows/advance';
import { leadScore } from '../../workflows/lead-score';
import { loadContacts } from './run-contacts';
import { mergeWrites, runUpdateFor, statusAfter, writesFor } from './run-writes';

/**
 * `runs.resume {runIds}`: many timers fall due at once (a broadcast delay, a campaign's "tomorrow at
 * 9"). Resuming them one job and one commit per run would take minutes; this resumes up to a few
 * hundred runs in ONE transaction — the interpreter per run, the SQL in bulk (the same writes as
 * the driver's, run-writes.ts) — and leaves each run's next activity (a DM) to its own
 * `run.advance` job, which begins it from the recorded step.
 */
export async function resumeBatch(pool: pg.Pool, runIds: string[]): Promise<void> {
  await withTransaction(pool, async (client) => {
    const rows = await lockRunsForResume(client, runIds);
    const runs: RunRow[] = [];
    for (const row of rows) {
      try {
        runs.push(parseRunRow(row));
      } catch (err) {
        // An unreadable run goes to its own run.advance job, which reports it by id; the rest go on.
        if (!(err instanceof StoredRunError)) throw err;
      }
    }
    const handled = new Set(runs.map((r) => r.id));
    // Busy rows (another worker holds them), unreadable rows and driver-only inputs go to the per-run driver.
    const followUps = runIds.filter((id) => !handled.has(id));
    const contacts = await loadContacts(client, runs);

    const writes: RunWrites[] = [];
    const updates: RunUpdate[] = [];
    const ignored: string[] = [];
    const notices = new Map<string, { workspaceId: string; flowId: string; runId: string; status: string }>();
    const now = new Date();

    for (const run of runs) {
      const input = run.pending_input!;
      if (input.type === 'retryActivity' || input.type === 'sendSlot') {
        followUps.push(run.id);
        continue;
      }
      const plan = await loadPlan(client, run.version_id, run.id);
      const result = advance(plan, run.state, input, { contact: contacts.get(run.id)!, seed: run.id });
      if (result.ignored) {
        ignored.push(run.id);
        continue;
      }
      writes.push(writesFor(run, plan, result.commands));
      const status = statusAfter(result.commands, result.state, now);
      updates.push(runUpdateFor(run.id, result.state, result.commands, status));
      // Recorded now; its run.advance job begins the activity (ledger row, delivery) from this step.
      if (result.commands.some((c) => c.type === 'callActivity')) followUps.push(run.id);
      notices.set(`${run.workspace_id}:${run.flow_id}`, { workspaceId: run.workspace_id, flowId: run.flow_id, runId: run.id, status: status.status });
    }

    await applyRunWrites(client, mergeWrites(writes), { score: leadScore, now });
    await updateRuns(client, updates);
    await dropRunInputs(client, ignored);
    for (const n of notices.values()) await notifyWorkspace(client, n.workspaceId, { type: 'run.updated', runId: n.runId, flowId: n.flowId, status: n.status });
    await enqueueAdvance(client, followUps);
  });
}
