import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { jobKey, jobs, type JobPayload } from '../../contracts/jobs';
import { dispatchBroadcast, type DispatchOptions } from '../../db/broadcasts/dispatch-broadcast';

/**
 * `broadcast.dispatch {broadcastId}`: queues the next slice of a broadcast's recipients
 * (db/broadcasts/dispatch-broadcast.ts) and adds itself again for the next one. A crash mid-way
 * redoes the job: every slice is one committed transaction, recipients are unique per contact and
 * ledger keys per recipient, so nothing is queued twice.
 */
export function broadcastDispatchJob(pool: pg.Pool, opts: DispatchOptions): Task {
  return async (payload, helpers) => {
    const { broadcastId } = jobs['broadcast.dispatch'].payload.parse(payload);
    const { again } = await dispatchBroadcast(pool, broadcastId, opts);
    if (!again) return;
    const next: JobPayload<'broadcast.dispatch'> = { broadcastId };
    await helpers.addJob('broadcast.dispatch', next, {
      runAt: again,
      jobKey: jobKey('broadcast.dispatch', broadcastId),
      maxAttempts: jobs['broadcast.dispatch'].maxAttempts,
      priority: jobs['broadcast.dispatch'].priority ?? 0,
    });
  };
}
