import type pg from 'pg';
import type { PendingInput, TimerInput } from '../../contracts/run-state';

type Db = Pick<pg.PoolClient, 'query'>;

/** Leaves the run's next input on its row, for whoever drives it next (a yielding driver, a webhook's outcome). */
export async function storeRunInput(db: Db, runId: string, input: PendingInput, touch = false): Promise<void> {
  await db.query(`update flow_runs set pending_input = $2${touch ? ', updated_at = now()' : ''} where id = $1`, [runId, JSON.stringify(input)]);
}

/**
 * Leaves due timers' inputs on their runs' rows for the runs' `run.advance` jobs, each only while
 * its run still sleeps or waits on that step with no other input (the timer pump's rule before ADR
 * 0055, now applied where the batch resume cannot take the input itself). Waits for a row another
 * transaction holds. Returns the runs that took their input. The awaited seq is compared as text:
 * an unreadable state takes no input here and is reported by its job.
 */
export async function storeTimerInputs(db: Db, inputs: { runId: string; input: TimerInput }[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    `update flow_runs r set pending_input = i.input, resume_at = null, updated_at = now()
       from unnest($1::uuid[], $2::jsonb[]) as i(id, input)
      where r.id = i.id and r.status in ('sleeping', 'waiting') and r.pending_input is null
        and r.state->'awaiting'->>'seq' = i.input->>'seq'
      returning r.id`,
    [inputs.map((i) => i.runId), inputs.map((i) => JSON.stringify(i.input))],
  );
  return rows.map((r) => r.id);
}

/** A retry timer or a send slot came: the run is running its awaited activity again. */
export async function reopenRunForActivity(db: Db, runId: string): Promise<void> {
  await db.query(`update flow_runs set pending_input = null, status = 'running', resume_at = null, updated_at = now() where id = $1`, [runId]);
}

/**
 * The run sleeps until `until` on its current step (a send slot, a retry). `onlyIfRunning` keeps a
 * cancel that landed meanwhile.
 */
export async function markRunSleeping(db: Db, runId: string, detail: string, until: Date, onlyIfRunning = false): Promise<void> {
  await db.query(
    `update flow_runs set status = 'sleeping', status_detail = $2, resume_at = $3, updated_at = now() where id = $1${onlyIfRunning ? ` and status = 'running'` : ''}`,
    [runId, detail, until],
  );
}
