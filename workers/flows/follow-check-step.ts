import type pg from 'pg';
import type { PendingInput } from '../../contracts/run-state';
import { readSandboxFollow } from '../../db/sandbox/sandbox-follows';
import type { RunRow } from '../../db/flows/run-row';

/**
 * A Follow gate's check that needs no platform call, in the driver's transaction: a sandbox run asks
 * the sandbox's table (what the Simulator set, db/schema/sandbox.ts) and gets its answer as the
 * step's result at once; a run on any channel but Instagram fails the step (only Instagram's User
 * Profile API has the follow field, docs/platform-apis.md §2.13). Null: Instagram, checked after
 * the commit (activities/follow-check.activity.ts).
 */
export async function followCheckInTransaction(client: pg.PoolClient, run: RunRow, seq: number): Promise<PendingInput | null> {
  if (run.platform !== 'instagram') {
    return { type: 'activityResult', seq, ok: false, error: 'Follow gates work on Instagram only: this run is on another channel' };
  }
  if (run.provider !== 'sandbox') return null;
  const answer = await readSandboxFollow(client, run.account_id, run.contact_id);
  if (!answer) return { type: 'activityResult', seq, ok: false, error: 'The contact is gone' };
  return { type: 'activityResult', seq, ok: true, output: answer };
}
