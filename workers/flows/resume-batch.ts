import type pg from 'pg';
import { StoredRunError, type TimerInput } from '../../contracts/run-state';
import { storeTimerInputs } from '../../db/flows/run-inputs';
import { lockRunsForResume, parseRunRow, type RunRow } from '../../db/flows/run-row';
import { withTransaction } from '../../db/transaction';
import { advanceRuns, type AdvanceItem } from './advance-runs';
import { loadContacts } from './run-contacts';

/** A `runs.resume` job's runs; `inputs[i]` is what `runIds[i]`'s timer brings (absent in jobs queued before ADR 0055: the inputs are on the rows). */
export interface ResumeBatch {
  runIds: string[];
  inputs?: TimerInput[] | undefined;
}

/**
 * `runs.resume {runIds, inputs}`: many timers fall due at once (a broadcast delay, a campaign's
 * "tomorrow at 9"). Resuming them one job and one commit per run would take minutes; this resumes
 * up to a few hundred runs in ONE transaction through the one door for advancing runs
 * (advanceRuns): the interpreter per run, the SQL in bulk. A timer's input is taken only while its
 * run still sleeps or waits on that step with no other input (a reply that came first wins over
 * its timeout; a stale timer is dropped), so the run row is written once, by its turn (ADR 0055).
 * A webhook or AI call the resumed runs reach gets its job here, as a new run's first step does;
 * a send is recorded and left to the run's `run.advance` job, which begins it from the recorded
 * step. The inputs the driver alone handles (a retry, a send slot), runs another worker holds and
 * unreadable ones get their input on the row (storeTimerInputs) and go to their `run.advance` job.
 */
export async function resumeBatch(pool: pg.Pool, batch: ResumeBatch, config: { webhookLanes: number }): Promise<void> {
  const carried = carriedInputs(batch);
  const runIds = [...new Set(batch.runIds)];
  await withTransaction(pool, async (client) => {
    const runs: { run: RunRow; input: AdvanceItem['input'] }[] = [];
    const toRow: { runId: string; input: TimerInput }[] = [];
    const toJob: string[] = [];
    const locked = new Set<string>();
    for (const row of await lockRunsForResume(client, runIds)) {
      const id = String(row.id);
      locked.add(id);
      let run: RunRow;
      try {
        run = parseRunRow(row);
      } catch (err) {
        // An unreadable run goes to its own run.advance job, which reports it by id; the rest go on.
        if (!(err instanceof StoredRunError)) throw err;
        if (carried) toRow.push(...(carried.get(id) ?? []).map((input) => ({ runId: id, input })));
        else toJob.push(id);
        continue;
      }
      const input = carried ? (run.pending_input === null ? carried.get(id)?.find((i) => i.seq === run.state.awaiting?.seq) : undefined) : run.pending_input;
      if (!input) continue;
      if (input.type === 'retryActivity' || input.type === 'sendSlot') {
        if (carried) toRow.push({ runId: id, input });
        else toJob.push(id);
      } else runs.push({ run, input });
    }
    // Held by another worker: their inputs wait on their rows (the update waits for the holder).
    const notLocked = runIds.filter((id) => !locked.has(id));
    if (carried) toRow.push(...notLocked.flatMap((id) => carried.get(id)!.map((input) => ({ runId: id, input }))));
    else toJob.push(...notLocked);
    toJob.push(...(await storeTimerInputs(client, toRow)));

    const contacts = await loadContacts(
      client,
      runs.map((r) => r.run),
    );
    const items: AdvanceItem[] = runs.map(({ run, input }) => ({ run, input, contact: contacts.get(run.id)! }));
    await advanceRuns(client, items, { webhookLanes: config.webhookLanes, sends: 'record', ignored: 'drop', notices: 'per-flow', alsoToJob: toJob });
  });
}

function carriedInputs(batch: ResumeBatch): Map<string, TimerInput[]> | null {
  if (!batch.inputs) return null;
  const byRun = new Map<string, TimerInput[]>();
  batch.inputs.forEach((input, i) => {
    const id = batch.runIds[i]!;
    byRun.set(id, [...(byRun.get(id) ?? []), input]);
  });
  return byRun;
}
