import type pg from 'pg';
import type { PendingInput } from '../../contracts/run-state';

type Db = Pick<pg.PoolClient, 'query'>;

/** Leaves the run's next input on its row, for whoever drives it next (a yielding driver, a webhook's outcome). */
export async function storeRunInput(db: Db, runId: string, input: PendingInput, touch = false): Promise<void> {
  await db.query(`update flow_runs set pending_input = $2${touch ? ', updated_at = now()' : ''} where id = $1`, [runId, JSON.stringify(input)]);
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
