import type pg from 'pg';
import { StoredRunError } from '../../contracts/run-state';
import { lockRunsForResume, parseRunRow, type RunRow } from '../../db/flows/run-row';
import { withTransaction } from '../../db/transaction';
import { advanceRuns, type AdvanceItem } from './advance-runs';
import { loadContacts } from './run-contacts';

/**
 * `runs.resume {runIds}`: many timers fall due at once (a broadcast delay, a campaign's "tomorrow at
 * 9"). Resuming them one job and one commit per run would take minutes; this resumes up to a few
 * hundred runs in ONE transaction through the one door for advancing runs (advanceRuns): the
 * interpreter per run, the SQL in bulk. A webhook or AI call the resumed runs reach gets its job
 * here, as a new run's first step does (no `run.advance` job in between: one job fewer after a
 * delay); a send is recorded and left to the run's `run.advance` job, which begins it from the
 * recorded step. The runs' inputs the driver alone handles (a retry, a send slot), busy rows
 * (another worker holds them) and unreadable ones go to their `run.advance` job.
 */
export async function resumeBatch(pool: pg.Pool, runIds: string[], config: { webhookLanes: number }): Promise<void> {
  await withTransaction(pool, async (client) => {
    const runs: RunRow[] = [];
    for (const row of await lockRunsForResume(client, runIds)) {
      try {
        runs.push(parseRunRow(row));
      } catch (err) {
        // An unreadable run goes to its own run.advance job, which reports it by id; the rest go on.
        if (!(err instanceof StoredRunError)) throw err;
      }
    }
    const contacts = await loadContacts(client, runs);
    const items: AdvanceItem[] = [];
    for (const run of runs) {
      const input = run.pending_input!;
      if (input.type !== 'retryActivity' && input.type !== 'sendSlot') items.push({ run, input, contact: contacts.get(run.id)! });
    }
    const handled = new Set(items.map((i) => i.run.id));
    await advanceRuns(client, items, {
      webhookLanes: config.webhookLanes,
      sends: 'record',
      ignored: 'drop',
      notices: 'per-flow',
      alsoToJob: runIds.filter((id) => !handled.has(id)),
    });
  });
}
